import { isAllowedServiceUrl } from '../../../../shared/api/serviceUrl'

/**
 * The webhook form's rules, checked as the user types (the service checks them again):
 * the URL follows Docket's one address rule (https, or http only on this computer:
 * src/shared/api/serviceUrl.ts), the password has at least one digit (the service refuses
 * one without, docs/service-interface.md "Webhooks"), the webhook id is a whole number.
 */

/** Problems of the URL: `missing`, `invalid` (not an absolute http(s) address) or `insecure` (http to another host). */
export function urlProblem(text: string): 'missing' | 'invalid' | 'insecure' | null {
  const trimmed = text.trim()
  if (trimmed === '') return 'missing'
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return 'invalid'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'invalid'
  if (url.hostname === '') return 'invalid'
  return isAllowedServiceUrl(url) ? null : 'insecure'
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
