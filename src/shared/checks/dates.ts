import { isValid } from 'date-fns/isValid'
import { parseISO } from 'date-fns/parseISO'

/** A header date (YYYY-MM-DD, or a full ISO timestamp) as a Date, or null when absent or invalid. */
export function parseHeaderDate(value: string | null | undefined): Date | null {
  if (!value) return null
  const date = parseISO(value)
  return isValid(date) ? date : null
}
