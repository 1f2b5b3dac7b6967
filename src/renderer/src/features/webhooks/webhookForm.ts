import { webhookUrlProblem, type WebhookUrlProblem } from '../../../../shared/api/webhookUrl'

/**
 * The webhook form's rules, checked as the user types (main and the service check them again):
 * the URL follows the webhook address rule (https, no credentials in it, a public host in any
 * notation: src/shared/api/webhookUrl.ts, the same function main's handler calls), the password
 * has at least one digit (the service refuses one without, docs/service-interface.md
 * "Webhooks"), the webhook id is a whole number.
 */

/** Why the URL is refused (see webhookUrl.ts), or null. */
export function urlProblem(text: string): WebhookUrlProblem | null {
  return webhookUrlProblem(text)
}

/** The catalog key of the message for each URL problem, in the person's language. */
export const URL_PROBLEM_KEYS = {
  missing: 'webhooks.invalidUrl',
  invalid: 'webhooks.invalidUrl',
  not_https: 'webhooks.insecureUrl',
  credentials: 'webhooks.urlCredentials',
  local_address: 'webhooks.localUrl',
} as const satisfies Record<WebhookUrlProblem, string>

/** The URL problem main's `validation` error names in `details.problem`, if any. */
export function urlProblemOf(error: unknown): WebhookUrlProblem | null {
  const problem = (error as { details?: { problem?: unknown } } | null)?.details?.problem
  return typeof problem === 'string' && problem in URL_PROBLEM_KEYS ? (problem as WebhookUrlProblem) : null
}

/** True when a password meets the service's rule: at least one digit. */
export function passwordHasDigit(password: string): boolean {
  return /\d/.test(password)
}

/** A webhook id as typed: a whole number of at least 1, or null. */
export function webhookIdOf(text: string): number | null {
  const trimmed = text.trim()
  return /^\d{1,15}$/.test(trimmed) && Number(trimmed) >= 1 ? Number(trimmed) : null
}

/** One named setting of the webhook (the service keeps `settings` as a record of them). */
export interface SettingRow {
  name: string
  value: string
}

/**
 * The settings record sent to the service from the named rows: blank rows are left out;
 * `true`/`false` become booleans, whole numbers numbers, and a comma-separated value a
 * list (e.g. `events: document.updated, document.exported`); anything else stays text.
 */
export function settingsOf(rows: readonly SettingRow[]): Record<string, unknown> {
  const settings: Record<string, unknown> = {}
  for (const { name, value } of rows) {
    const key = name.trim()
    if (key === '') continue
    const text = value.trim()
    if (text === 'true' || text === 'false') settings[key] = text === 'true'
    else if (/^-?\d{1,15}$/.test(text)) settings[key] = Number(text)
    else if (text.includes(','))
      settings[key] = text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
    else settings[key] = text
  }
  return settings
}

/** The localStorage key of the webhook id remembered for an account. */
export const webhookIdKey = (accountId: string): string => `docket.webhooks.id.${accountId}`
