import type { Document } from '../../../shared/api'
import { referenceRate } from '../../../shared/checks/exchangeRate'
import { roundCents } from '../../../shared/checks/money'

/**
 * The two currencies of an exported document: the agenda's home currency, in which the books
 * are kept, and the invoice's own currency. When they differ, the document's stated exchange
 * rate turns invoice amounts into home-currency amounts (`amount × rate / per`, rounded to the
 * cent). A rate may be quoted per 1 or per 100 units (as Czech banks quote HUF or JPY): `per`
 * is 100 when the ECB reference rate of the issue date says so. Pure.
 */
export interface DocumentCurrencies {
  /** The agenda's home currency (ISO 4217); the invoice's currency when the agenda names none. */
  home: string
  /** The invoice's currency (ISO 4217); the home currency when none was extracted. */
  currency: string
  /** True when the invoice is in another currency than the home currency. */
  foreign: boolean
  /** Home-currency units per `per` invoice units; 1 in the home currency; null when a foreign invoice states no usable rate. */
  rate: number | null
  /** How many invoice units `rate` is quoted for: 1 or 100. */
  per: 1 | 100
}

/** The stated rate as a positive number, or null (missing, text, zero or negative). */
export function statedRate(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null
  const rate = typeof value === 'number' ? value : Number(String(value).trim().replace(',', '.'))
  return Number.isFinite(rate) && rate > 0 ? rate : null
}

/** The currencies of `doc` in an agenda keeping its books in `homeCurrency`. */
export function documentCurrencies(doc: Document, homeCurrency: string | null | undefined): DocumentCurrencies {
  const own = (doc.data?.header?.currency ?? '').trim().toUpperCase()
  const home = (homeCurrency ?? '').trim().toUpperCase() || own || 'CZK'
  const currency = /^[A-Z]{3}$/.test(own) ? own : home
  if (currency === home) return { home, currency, foreign: false, rate: 1, per: 1 }
  const rate = statedRate(doc.data?.header?.currency_rate)
  if (rate === null) return { home, currency, foreign: true, rate: null, per: 1 }
  const day = doc.data?.header?.issue_date?.slice(0, 10)
  const reference = day ? referenceRate(currency, home, day) : null
  const per = reference !== null && Math.abs(rate / (reference * 100) - 1) < Math.abs(rate / reference - 1) ? 100 : 1
  return { home, currency, foreign: true, rate, per }
}

/**
 * An invoice-currency amount in the home currency, rounded to the cent half away from zero
 * (a credit note's -12 981.815 is -12 981.82, as its invoice's 12 981.815 is 12 981.82);
 * null without a rate.
 */
export function toHome(amount: number, currencies: DocumentCurrencies): number | null {
  if (currencies.rate === null) return null
  if (!currencies.foreign) return amount
  const exact = (amount * currencies.rate) / currencies.per
  return Math.sign(exact) * roundCents(Math.abs(exact))
}
