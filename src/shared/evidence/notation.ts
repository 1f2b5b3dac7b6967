/**
 * Amounts and dates as invoices print them, found in a line of text. Every notation an
 * invoice may use is read: `1 234,56`, `1.234,56`, `1,234.56`, `1'234.56`, `1234,-`;
 * `05.03.2018`, `5. 3. 2018`, `2018-03-05`, `05/03/2018` (day first or month first),
 * `5 March 2018`, `March 5, 2018`, `5. března 2018`, `5. März 2018`. A token that can be read
 * more than one way yields every reading: a value is "on the invoice" when any reading of a
 * token equals it, so an odd notation never makes a correct value look missing.
 */

/** A number found in a text, with where it is (`start` inclusive, `end` exclusive). */
export interface FoundAmount {
  /** Absolute value in units (the sign and currency are not read). */
  value: number
  start: number
  end: number
}

/** A date found in a text, as YYYY-MM-DD. */
export interface FoundDate {
  iso: string
  start: number
  end: number
}

const SPACES = ' \u00a0\u202f\u2009'

/** Grouped numbers: 1 234,56 / 1.234,56 / 1,234.56 / 1'234.56 (group separator consistent). */
const GROUPED = new RegExp(
  `(?<![\\d.,])(\\d{1,3})((?:[${SPACES}.,'’]\\d{3})+)(?:([.,])(\\d{1,2}|-{1,2}))?(?![\\d])`,
  'gu',
)
/** Plain numbers: 1234,56 / 1234.56 / 1234 / 1234,- */
const PLAIN = /(?<![\d])(\d+)(?:([.,])(\d{1,2}|-{1,2}))?(?![\d])/gu

function decimalPart(digits: string | undefined): number {
  if (!digits || digits.startsWith('-')) return 0
  return Number(digits.padEnd(2, '0')) / 100
}

/** Every amount in `text` (see the module comment), at most 200. */
export function amountsIn(text: string): FoundAmount[] {
  const found: FoundAmount[] = []
  for (const match of text.matchAll(GROUPED)) {
    const groups = match[2]!
    const separator = groups[0]!
    // The same separator between every group, and a decimal separator that is not it.
    if (groups.split(/\d{3}/u).some((part) => part !== '' && part !== separator)) continue
    if (match[3] && match[3] === separator) continue
    const whole = Number(match[1]! + groups.replace(/\D/gu, ''))
    found.push({ value: round(whole + decimalPart(match[4])), start: match.index, end: match.index + match[0].length })
    if (found.length >= 200) return found
  }
  for (const match of text.matchAll(PLAIN)) {
    if (match[1]!.length > 12) continue
    const whole = Number(match[1]!)
    found.push({ value: round(whole + decimalPart(match[3])), start: match.index, end: match.index + match[0].length })
    if (found.length >= 200) break
  }
  return found
}

function round(value: number): number {
  return Math.round(value * 100) / 100
}

/** True when two amounts are the same to the cent, whatever their signs. */
export function sameMoney(a: number, b: number): boolean {
  return Math.abs(Math.abs(a) - Math.abs(b)) < 0.005
}

/** Month names (lower case) by month number: English, Czech (both cases), Slovak, German, Dutch, French. */
const MONTH_NAMES: Record<string, number> = {}
const MONTHS: string[][] = [
  ['january', 'jan', 'leden', 'ledna', 'január', 'januára', 'januar', 'jänner', 'januari', 'janvier', 'janv'],
  ['february', 'feb', 'únor', 'února', 'február', 'februára', 'februar', 'februari', 'février', 'févr', 'fevrier'],
  ['march', 'mar', 'březen', 'března', 'marec', 'marca', 'märz', 'maerz', 'maart', 'mars', 'mrt'],
  ['april', 'apr', 'duben', 'dubna', 'apríl', 'apríla', 'avril', 'avr'],
  ['may', 'květen', 'května', 'máj', 'mája', 'mai', 'mei'],
  ['june', 'jun', 'červen', 'června', 'jún', 'júna', 'juni', 'juin'],
  ['july', 'jul', 'červenec', 'července', 'júl', 'júla', 'juli', 'juillet', 'juil'],
  ['august', 'aug', 'srpen', 'srpna', 'augusta', 'augustus', 'août', 'aout'],
  ['september', 'sep', 'sept', 'září', 'septembra', 'septembre'],
  ['october', 'oct', 'říjen', 'října', 'október', 'októbra', 'oktober', 'okt', 'octobre'],
  ['november', 'nov', 'listopad', 'listopadu', 'novembra', 'novembre'],
  ['december', 'dec', 'prosinec', 'prosince', 'decembra', 'dezember', 'dez', 'décembre', 'decembre'],
]
MONTHS.forEach((names, index) => names.forEach((name) => (MONTH_NAMES[name] = index + 1)))
const MONTH_PATTERN = Object.keys(MONTH_NAMES)
  .sort((a, b) => b.length - a.length)
  .join('|')

const S = `[${SPACES}]?`
/** 05.03.2018, 5. 3. 2018, 05-03-2018, 05/03/2018, 05.03.18 */
const DAY_FIRST = new RegExp(`(?<!\\d)(\\d{1,2})\\.?${S}([./-])${S}(\\d{1,2})${S}\\2${S}(\\d{4}|\\d{2})(?!\\d)`, 'gu')
/** 5. 3. 2018 (dots with spaces, the Czech way) */
const DOTTED = new RegExp(`(?<!\\d)(\\d{1,2})\\.[${SPACES}]+(\\d{1,2})\\.[${SPACES}]*(\\d{4})(?!\\d)`, 'gu')
/** 2018-03-05, 2018/03/05, 2018.03.05 */
const YEAR_FIRST = /(?<!\d)(\d{4})([-./])(\d{1,2})\2(\d{1,2})(?!\d)/gu
/** 5 March 2018, 5. března 2018, 05-Mar-2018 */
const DAY_MONTH_NAME = new RegExp(
  `(?<!\\d)(\\d{1,2})\\.?[${SPACES}-]*(${MONTH_PATTERN})\\.?[${SPACES},-]*(\\d{4})(?!\\d)`,
  'giu',
)
/** March 5, 2018 / Mar 5th 2018 */
const MONTH_NAME_DAY = new RegExp(
  `(?<![\\p{L}])(${MONTH_PATTERN})\\.?[${SPACES}]+(\\d{1,2})(?:st|nd|rd|th)?,?[${SPACES}]+(\\d{4})(?!\\d)`,
  'giu',
)

function isoOf(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1) return null
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

function fullYear(text: string): number {
  const year = Number(text)
  return text.length === 2 ? 2000 + year : year
}

/** Every date in `text` (see the module comment), each reading of an ambiguous one, at most 100. */
export function datesIn(text: string): FoundDate[] {
  const found: FoundDate[] = []
  const add = (iso: string | null, match: RegExpMatchArray) => {
    if (iso && found.length < 100) found.push({ iso, start: match.index!, end: match.index! + match[0].length })
  }
  for (const m of text.matchAll(DAY_FIRST)) {
    const a = Number(m[1])
    const b = Number(m[3])
    const year = fullYear(m[4]!)
    add(isoOf(year, b, a), m)
    // 03/05/2018 may be month first (US); a dot is always day first.
    if (m[2] === '/') add(isoOf(year, a, b), m)
  }
  for (const m of text.matchAll(DOTTED)) add(isoOf(Number(m[3]), Number(m[2]), Number(m[1])), m)
  for (const m of text.matchAll(YEAR_FIRST)) add(isoOf(Number(m[1]), Number(m[3]), Number(m[4])), m)
  for (const m of text.matchAll(DAY_MONTH_NAME)) {
    add(isoOf(Number(m[3]), MONTH_NAMES[m[2]!.toLowerCase()] ?? 0, Number(m[1])), m)
  }
  for (const m of text.matchAll(MONTH_NAME_DAY)) {
    add(isoOf(Number(m[3]), MONTH_NAMES[m[1]!.toLowerCase()] ?? 0, Number(m[2])), m)
  }
  return found
}
