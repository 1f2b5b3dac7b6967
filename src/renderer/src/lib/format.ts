/**
 * Money and date formatting in the user's locale. Formatters are cached:
 * the inbox formats thousands of rows. A locale tag may carry the person's date and number
 * format choices (`en-US-x-iso-comma`, lib/formatChoices.ts); they win over the locale's own.
 */
import { formatDateOrder, splitFormatChoices, withDecimalMark } from './formatChoices'

const moneyFormats = new Map<string, Intl.NumberFormat>()
const numberFormats = new Map<string, Intl.NumberFormat>()
const dateFormats = new Map<string, Intl.DateTimeFormat>()

function moneyFormat(locale: string, currency: string): Intl.NumberFormat | null {
  const key = `${locale}|${currency}`
  let format = moneyFormats.get(key)
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency })
    } catch {
      return null
    }
    moneyFormats.set(key, format)
  }
  return format
}

/** A plain decimal with 2 to 4 fraction digits in `locale`. */
export function formatNumber(value: number, locale: string, maxFraction = 2): string {
  const key = `${locale}|${maxFraction}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: Math.min(2, maxFraction),
      maximumFractionDigits: maxFraction,
    })
    numberFormats.set(key, format)
  }
  const { decimals } = splitFormatChoices(locale)
  return decimals ? withDecimalMark(format, value, decimals) : format.format(value)
}

/**
 * An amount in the document's currency (ISO 4217) in the user's locale, e.g. `€1,234.50`
 * in en-US for EUR. An unknown or missing currency shows the number with the code beside it;
 * a missing amount shows an empty string.
 */
export function formatMoney(
  amount: number | null | undefined,
  currency: string | null | undefined,
  locale: string,
): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return ''
  const code = currency?.trim().toUpperCase()
  if (code && /^[A-Z]{3}$/.test(code)) {
    const format = moneyFormat(locale, code)
    const { decimals } = splitFormatChoices(locale)
    if (format) return decimals ? withDecimalMark(format, amount, decimals) : format.format(amount)
  }
  return code ? `${formatNumber(amount, locale)} ${code}` : formatNumber(amount, locale)
}

/** Parses YYYY-MM-DD (or an ISO timestamp's date part) as a local calendar date; null when invalid. */
export function parseDateOnly(value: string | null | undefined): Date | null {
  if (!value) return null
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)
  if (!m) return null
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  return Number.isNaN(date.getTime()) ? null : date
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions, key: string): Intl.DateTimeFormat {
  const cacheKey = `${locale}|${key}`
  let format = dateFormats.get(cacheKey)
  if (!format) dateFormats.set(cacheKey, (format = new Intl.DateTimeFormat(locale, options)))
  return format
}

/** A header date (YYYY-MM-DD) in the user's locale; the raw text when it is not a date; '' when absent. */
export function formatDate(value: string | null | undefined, locale: string): string {
  if (!value) return ''
  const date = parseDateOnly(value)
  if (!date) return value
  const { dates } = splitFormatChoices(locale)
  return dates ? formatDateOrder(date, dates) : dateFormat(locale, { dateStyle: 'medium' }, 'date').format(date)
}

/** A timestamp (ISO 8601 UTC) as local date and time; the raw text when unparseable. */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return ''
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  const { dates } = splitFormatChoices(locale)
  return dates
    ? `${formatDateOrder(date, dates)} ${dateFormat(locale, { timeStyle: 'short' }, 'time').format(date)}`
    : dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }, 'datetime').format(date)
}

/** Today's date as YYYY-MM-DD in local time. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}
