/** Redaction of tokens and secrets; see src/shared/api/redact.ts. */
export { redact, redactHref } from '../../shared/api/redact'
