import type { Document } from '../../../shared/api'
import { amountOf, roundCents } from '../../../shared/checks/money'
import { isEuCountry, supplierCountryOf, vatRatesOn } from '../../../shared/checks/taxRate'

/**
 * The VAT facts an accounting export writes, read from the document without rewriting it:
 * the tax lines per rate (the extracted ones; built from the items only when none was
 * extracted, and then said so), each rate as the legal rate it stands for, and what a 0 %
 * line is (an intra-EU supply under reverse charge, a domestic reverse charge, or an exempt
 * supply). Pure.
 */

/** A stated rate within this many percentage points of a legal one is that rate (printed VAT is rounded). */
const RATE_TOLERANCE = 0.1

/** What a 0 % line is, for the accounting program. */
export type ZeroRateKind = 'intra_eu_reverse_charge' | 'local_reverse_charge' | 'exempt'

/** One VAT rate of the document: base and VAT in the invoice's currency. */
export interface TaxLineFact {
  percent: number
  net: number
  vat: number
}

export interface VatFacts {
  taxLines: TaxLineFact[]
  /** True when `taxLines` were built from the items because no tax line was extracted. */
  fromItems: boolean
  /** What the document's 0 % lines are (null when it has none). */
  zeroRate: ZeroRateKind | null
}

const day = (value: string | null | undefined): string | null => /^(\d{4}-\d{2}-\d{2})/.exec(value ?? '')?.[1] ?? null

/** The date the rates of `doc` are those of: the tax date, else the issue date. */
export function taxDateOf(doc: Document): string | null {
  return day(doc.data?.header?.tax_date) ?? day(doc.data?.header?.issue_date)
}

/**
 * A stated or computed rate as the rate it stands for: the legal rate of the supplier's
 * country on the tax date when it is within 0.1 point of one (20.01 -> 20); without a known
 * country, the nearest whole or half percent when that rate gives the stated VAT of `base`
 * to the cent (46.68 at 20.01 % -> 9.34, which 20 % gives too); otherwise the stated rate, to
 * two decimals (a rate the tax-rate check flags).
 */
export function exactRate(percent: number, doc: Document, base?: { net: number; vat: number }): number {
  const date = taxDateOf(doc)
  const country = supplierCountryOf(doc)
  const legal = date && country ? vatRatesOn(country, date) : null
  const match = legal?.find((rate) => Math.abs(rate - percent) <= RATE_TOLERANCE)
  if (match !== undefined) return match
  if (Math.abs(percent) <= RATE_TOLERANCE / 2) return 0
  const round = Math.round(percent * 2) / 2
  if (!legal && Math.abs(round - percent) <= RATE_TOLERANCE) {
    if (!base || Math.abs(roundCents((base.net * round) / 100) - base.vat) <= 0.01 + 1e-9) return round
  }
  return roundCents(percent)
}

const REVERSE_CHARGE_WORDS =
  /reverse[\s-]*charge|přenesen\S* daňov\S* povinnost|prenesen\S* daňov\S* povinnost|steuerschuldnerschaft|autoliquidation|§\s*92a/i

/** What a 0 % supply of `doc` is: intra-EU (different EU countries, both VAT IDs), a domestic reverse charge the invoice names, or exempt. */
export function zeroRateKindOf(doc: Document): ZeroRateKind {
  const supplier = supplierCountryOf(doc)
  const customerVat = (doc.customer?.vat_id ?? '').trim().toUpperCase()
  const customer = (doc.customer?.country ?? '').trim().toUpperCase() || customerVat.slice(0, 2)
  const bothIds = Boolean((doc.supplier?.vat_id ?? '').trim() && customerVat)
  if (supplier && customer && supplier !== customer && isEuCountry(supplier) && isEuCountry(customer) && bothIds)
    return 'intra_eu_reverse_charge'
  const header = doc.data?.header
  const words = [header?.invoice_text, header?.text].filter((t): t is string => typeof t === 'string').join(' ')
  return REVERSE_CHARGE_WORDS.test(words) ? 'local_reverse_charge' : 'exempt'
}

/** The VAT facts of `doc` (see the module comment). */
export function vatFactsOf(doc: Document): VatFacts {
  const extracted = (doc.tax_lines ?? []).filter((line) => amountOf(line.sub_total) !== null)
  let taxLines: TaxLineFact[]
  let fromItems = false
  if (extracted.length > 0) {
    taxLines = extracted.map((line) => {
      const net = amountOf(line.sub_total)!
      const vat = amountOf(line.vat_total) ?? 0
      const stated = amountOf(line.percent) ?? (net !== 0 ? (vat / net) * 100 : 0)
      return { percent: exactRate(stated, doc, { net, vat }), net, vat }
    })
  } else {
    const byRate = new Map<number, { net: number; vat: number }>()
    for (const item of doc.items ?? []) {
      const net = amountOf(item.subtotal)
      if (net === null) continue
      const percent = exactRate(amountOf(item.tax_rate) ?? 0, doc)
      const vat = amountOf(item.tax) ?? roundCents((net * percent) / 100)
      const sum = byRate.get(percent) ?? { net: 0, vat: 0 }
      byRate.set(percent, { net: roundCents(sum.net + net), vat: roundCents(sum.vat + vat) })
    }
    taxLines = [...byRate].map(([percent, sum]) => ({ percent, ...sum }))
    fromItems = taxLines.length > 0
    if (taxLines.length === 0) {
      const total = amountOf(doc.summary?.total)
      const net = amountOf(doc.summary?.sub_total) ?? total
      if (net !== null) {
        const vat = amountOf(doc.summary?.vat_total) ?? (total !== null ? roundCents(total - net) : 0)
        taxLines = [{ percent: exactRate(net !== 0 ? (vat / net) * 100 : 0, doc, { net, vat }), net, vat }]
      }
    }
  }
  return { taxLines, fromItems, zeroRate: taxLines.some((t) => t.percent === 0) ? zeroRateKindOf(doc) : null }
}
