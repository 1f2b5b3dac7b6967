import { isDocketError } from '../../../shared/ipc'

/**
 * Field messages from a failed call, keyed by dotted field path (`email_alias`,
 * `address.country`, `auth_credentials.password`): the service's 422 errors
 * (`details.fields`, flattened in main) or the IPC input check (`details.issues`, whose
 * paths start with the input's wrapper key, e.g. `attributes.`, which is removed).
 * Empty when the error is not about fields.
 */
export function fieldErrorsOf(error: unknown, stripPrefix = 'attributes.'): Record<string, string[]> {
  if (!isDocketError(error) || error.code !== 'validation') return {}
  const details = error.details as { fields?: unknown; issues?: unknown } | undefined
  const out: Record<string, string[]> = {}
  if (details && typeof details.fields === 'object' && details.fields !== null) {
    for (const [field, messages] of Object.entries(details.fields as Record<string, unknown>)) {
      if (Array.isArray(messages)) out[field] = messages.map(String)
    }
  }
  if (details && Array.isArray(details.issues)) {
    for (const issue of details.issues as { path?: unknown; message?: unknown }[]) {
      if (typeof issue.path !== 'string' || typeof issue.message !== 'string') continue
      const field = issue.path.startsWith(stripPrefix) ? issue.path.slice(stripPrefix.length) : issue.path
      ;(out[field] ??= []).push(issue.message)
    }
  }
  return out
}
