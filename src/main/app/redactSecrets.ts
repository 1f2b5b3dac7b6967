/**
 * Removes secrets from a text before it is logged or sent to the renderer: `access_token`,
 * `refresh_token`, `client_secret`, `code` and `code_verifier` query or form parameters,
 * JSON fields of those names, and `Bearer <token>` values. The service client has its own,
 * richer redaction (known token values); this one is the last line of defence.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(/\b(access_token|refresh_token|client_secret|code_verifier|password)=([^&\s"'#]+)/gi, '$1=[redacted]')
    .replace(
      /("(?:access_token|refresh_token|client_secret|code_verifier|password)"\s*:\s*)"[^"]*"/gi,
      '$1"[redacted]"',
    )
    .replace(/\bBearer\s+[A-Za-z0-9\-._~+/]+=*/g, 'Bearer [redacted]')
}
