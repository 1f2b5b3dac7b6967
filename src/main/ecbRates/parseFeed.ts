import { create } from 'xmlbuilder2'
import type { DocumentWithSettings, XMLBuilder } from 'xmlbuilder2/lib/interfaces'
import { z } from 'zod'
import { ReferenceRatesError } from './errors'

/**
 * Reads the ECB's euro foreign exchange reference rate files (`eurofxref-daily.xml`,
 * `eurofxref-hist-90d.xml`, `eurofxref-hist.xml`), whose format is:
 *
 * ```xml
 * <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01"
 *                  xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
 *   <gesmes:subject>Reference rates</gesmes:subject>
 *   <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
 *   <Cube>
 *     <Cube time="2024-06-28">
 *       <Cube currency="USD" rate="1.0705"/>   (units of the currency per 1 EUR)
 *       ...
 * ```
 *
 * with the days newest first (a file listing them otherwise is refused). The XML is parsed by xmlbuilder2, which expands no entity but
 * the five predefined ones and character references (a DOCTYPE's declarations are dropped
 * unread), so neither a billion-laughs document nor an external entity can do anything.
 * Whatever the parse yields is then checked with zod: nothing of a file is used unless all of
 * the days Docket reads from it are right.
 */

/** The namespace of the envelope (`gesmes:Envelope`). */
export const GESMES_NAMESPACE = 'http://www.gesmes.org/xml/2002-08-01'
/** The namespace of the `Cube` elements (the envelope's default namespace). */
export const EUROFXREF_NAMESPACE = 'http://www.ecb.int/vocabulary/2002-08-01/eurofxref'

/** One day of the file: units of each currency per 1 EUR. */
export interface FeedDay {
  /** YYYY-MM-DD. */
  day: string
  rates: Readonly<Record<string, number>>
}

export interface ParseFeedOptions {
  /** Only days after this one (YYYY-MM-DD) are read and returned; null: every day. */
  after: string | null
  /** The user's day (YYYY-MM-DD): a day after it cannot have been published yet. */
  today: string
}

type XmlElement = NonNullable<DocumentWithSettings['documentElement']>

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/** Thrown from inside the parse to end it: the rest of a newest-first file is older than `after`. */
const STOP_READING = Symbol('stop reading')

/**
 * The days of an ECB reference-rate file after `options.after`, oldest first. The file is read
 * only as far as needed: reading stops at the first day not after `after` (the days are newest
 * first), so updating from the whole history (6,900 days) parses only its new head.
 * Throws {@link ReferenceRatesError} `bad_format` when the text is not the ECB's format and
 * `invalid_rates` when a day or rate read cannot be right.
 */
export function parseEcbFeed(xml: string, options: ParseFeedOptions): FeedDay[] {
  const text = xml.replace(/^\uFEFF/, '')
  // xmlbuilder2 would read text not starting with `<` as JSON, YAML or an element name.
  if (!/^\s*</.test(text)) throw notTheFormat('it is not XML')
  const root = parseXml(text, options.after)
  const after = options.after
  const raw = readDays(root).filter((day) => after === null || day.day === null || day.day > after)
  return validate(raw, options.today)
}

function parseXml(text: string, after: string | null): XmlElement {
  let previousDay: string | null = null
  const builder = create({
    skipWhitespaceOnlyText: true,
    parser: {
      // Only elements and attributes matter; nothing else is kept.
      docType: () => undefined,
      comment: () => undefined,
      instruction: () => undefined,
      attribute: (parent, namespace, name, value) => {
        const element = namespace === undefined ? parent.att(name, value) : parent.att(namespace, name, value)
        // A malformed day is left for the validation to name; it does not stop the reading.
        if (name === 'time' && DAY_PATTERN.test(value) && isCube(parent)) {
          if (previousDay !== null && value >= previousDay)
            throw notTheFormat(`its days are not listed newest first (${value} after ${previousDay})`)
          if (after !== null && value <= after) throw STOP_READING
          previousDay = value
        }
        return element
      },
    },
  })
  try {
    builder.ele(text)
  } catch (error) {
    if (error instanceof ReferenceRatesError) throw error
    if (error !== STOP_READING)
      throw notTheFormat(`it is not well-formed XML (${error instanceof Error ? error.message : 'unreadable'})`, error)
  }
  const root = (builder.node as DocumentWithSettings).documentElement
  // xmlbuilder2 gives an element that declares a prefix and a default namespace (as the ECB's
  // root does) the default one, so the root is known by its name and its own declaration.
  const declared = root?.getAttribute(root.prefix ? `xmlns:${root.prefix}` : 'xmlns')
  if (!root || root.localName !== 'Envelope' || declared !== GESMES_NAMESPACE)
    throw notTheFormat('its root is not the gesmes:Envelope of the ECB')
  return root
}

function isCube(builder: XMLBuilder): boolean {
  const node = builder.node as unknown as XmlElement
  return node.localName === 'Cube' && node.namespaceURI === EUROFXREF_NAMESPACE
}

/** The element children of `element` that are eurofxref `Cube`s. */
function cubesIn(element: XmlElement): XmlElement[] {
  const cubes: XmlElement[] = []
  const children = element.childNodes
  for (let i = 0; i < children.length; i++) {
    const child = children.item(i)
    if (child?.nodeType !== 1) continue
    const candidate = child as unknown as XmlElement
    if (candidate.localName === 'Cube' && candidate.namespaceURI === EUROFXREF_NAMESPACE) cubes.push(candidate)
  }
  return cubes
}

interface RawDay {
  day: string | null
  rates: { currency: string | null; rate: string | null }[]
}

function readDays(root: XmlElement): RawDay[] {
  const outer = cubesIn(root)
  if (outer.length !== 1) throw notTheFormat('it has no single Cube of rates in the envelope')
  return cubesIn(outer[0]!).map((dayCube) => ({
    day: dayCube.getAttribute('time'),
    rates: cubesIn(dayCube).map((cube) => ({
      currency: cube.getAttribute('currency'),
      rate: cube.getAttribute('rate'),
    })),
  }))
}

const daySchema = z
  .string()
  .regex(DAY_PATTERN, 'is not a YYYY-MM-DD date')
  .refine(isCalendarDay, 'is not a day of the calendar')
const currencySchema = z.string().regex(/^[A-Z]{3}$/, 'is not a three-letter currency code')
/** A decimal number as the ECB writes them (`1.0705`, `17487.21`); no sign, exponent or comma. */
const rateSchema = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,12})?$/, 'is not a decimal number')
  .transform(Number)
  .pipe(z.number().positive('is not positive').finite())
const rawDaySchema = z.object({
  day: daySchema,
  rates: z.array(z.object({ currency: currencySchema, rate: rateSchema })).min(1, 'has no rates'),
})

function validate(raw: RawDay[], today: string): FeedDay[] {
  const days: FeedDay[] = []
  const seen = new Set<string>()
  for (const [index, candidate] of raw.entries()) {
    const parsed = rawDaySchema.safeParse(candidate)
    if (!parsed.success) throw invalid(describeIssue(candidate, index, parsed.error.issues[0]!))
    const { day, rates } = parsed.data
    if (day > today) throw invalid(`${day} lies after today (${today})`)
    if (seen.has(day)) throw invalid(`${day} appears twice`)
    seen.add(day)
    const byCurrency: Record<string, number> = {}
    for (const { currency, rate } of rates) {
      if (currency in byCurrency) throw invalid(`${day} lists ${currency} twice`)
      byCurrency[currency] = rate
    }
    days.push({ day, rates: byCurrency })
  }
  return days.sort((a, b) => (a.day < b.day ? -1 : 1))
}

/** `2025-05-12: the rate of USD "-1.2" is not a decimal number`, `day 3: the date null is not a YYYY-MM-DD date`. */
function describeIssue(candidate: RawDay, index: number, issue: z.core.$ZodIssue): string {
  const day = typeof candidate.day === 'string' ? candidate.day.slice(0, 40) : `day ${index + 1}`
  const [field, position, part] = issue.path
  if (field === 'day') return `${day}: the date ${shown(candidate.day)} ${issue.message}`
  if (field === 'rates' && typeof position === 'number') {
    const entry = candidate.rates[position]
    return part === 'rate'
      ? `${day}: the rate of ${shown(entry?.currency ?? '?')} ${shown(entry?.rate ?? null)} ${issue.message}`
      : `${day}: the currency ${shown(entry?.currency ?? null)} ${issue.message}`
  }
  return `${day}: ${issue.message}`
}

/** A value from the file as a message shows it: quoted, at most 40 characters (the file is untrusted). */
function shown(value: string | null): string {
  const text = JSON.stringify(value)
  return text.length <= 40 ? text : `${text.slice(0, 39)}…`
}

function isCalendarDay(day: string): boolean {
  const time = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)))
  return new Date(time).toISOString().slice(0, 10) === day
}

function notTheFormat(why: string, cause?: unknown): ReferenceRatesError {
  return new ReferenceRatesError(
    'bad_format',
    `The answer is not the ECB's reference-rate file: ${why}.`,
    undefined,
    cause === undefined ? undefined : { cause },
  )
}

function invalid(what: string): ReferenceRatesError {
  return new ReferenceRatesError('invalid_rates', `The reference-rate file has a day that cannot be right: ${what}.`)
}
