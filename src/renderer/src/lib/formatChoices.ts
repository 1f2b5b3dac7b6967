/**
 * The person's date and number format choices, carried inside the locale tag that every
 * formatter already takes (lib/format.ts), as BCP 47 private-use subtags: `en-US-x-dmy-comma`
 * is en-US with dates as day.month.year and a decimal comma. Intl ignores the private-use
 * part, so the tag still works anywhere a locale does; a component's cached texts are keyed
 * by the tag, so they are formatted again when a choice changes.
 */

/** A fixed date layout: 2026-03-01, 01.03.2026 or 03/01/2026. */
export type DateOrder = 'iso' | 'dmy' | 'mdy'
/** A fixed decimal mark: 1 234,50 or 1,234.50. */
export type DecimalMark = 'comma' | 'point'

export interface FormatChoices {
  /** Absent: the locale's own medium date style. */
  dates?: DateOrder
  /** Absent: the locale's own marks. */
  decimals?: DecimalMark
}

const DATE_ORDERS: readonly string[] = ['iso', 'dmy', 'mdy']
const DECIMAL_MARKS: readonly string[] = ['comma', 'point']

/** `locale` (a BCP 47 tag without a private-use part) with `choices` appended. */
export function withFormatChoices(locale: string, choices: FormatChoices): string {
  const base = splitFormatChoices(locale).locale
  const subtags = [choices.dates, choices.decimals].filter((value) => value !== undefined)
  return subtags.length > 0 ? `${base}-x-${subtags.join('-')}` : base
}

/** The tag's locale for Intl and the choices its private-use part carries (unknown subtags ignored). */
export function splitFormatChoices(tag: string): { locale: string } & FormatChoices {
  const at = tag.toLowerCase().indexOf('-x-')
  if (at < 0) return { locale: tag }
  const result: { locale: string } & FormatChoices = { locale: tag.slice(0, at) || 'en' }
  for (const subtag of tag
    .slice(at + 3)
    .toLowerCase()
    .split('-')) {
    if (DATE_ORDERS.includes(subtag)) result.dates = subtag as DateOrder
    else if (DECIMAL_MARKS.includes(subtag)) result.decimals = subtag as DecimalMark
  }
  return result
}

/** A calendar date in a fixed layout, with two-digit day and month. */
export function formatDateOrder(date: Date, order: DateOrder): string {
  const year = String(date.getFullYear()).padStart(4, '0')
  const month = String(date.getMonth() + 1).padStart(2, '0')
  const day = String(date.getDate()).padStart(2, '0')
  if (order === 'iso') return `${year}-${month}-${day}`
  if (order === 'dmy') return `${day}.${month}.${year}`
  return `${month}/${day}/${year}`
}

/**
 * A number formatted by `format` with the decimal mark replaced: `comma` groups thousands
 * with a no-break space (1 234,50), `point` with a comma (1,234.50). Currency signs and
 * minus signs stay as the locale writes them.
 */
export function withDecimalMark(format: Intl.NumberFormat, value: number, mark: DecimalMark): string {
  const decimal = mark === 'comma' ? ',' : '.'
  const group = mark === 'comma' ? '\u00a0' : ','
  return format
    .formatToParts(value)
    .map((part) => (part.type === 'decimal' ? decimal : part.type === 'group' ? group : part.value))
    .join('')
}
