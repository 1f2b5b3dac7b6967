import { isCreditNote, ownSideOf, type AgendaProfile, type CheckedDocument } from './context'
import { checkItemsSum } from './documentChecks'
import { amountOf, roundCents, sameAmount, sumDefined, vatOf } from './money'
import type { CheckResult } from './result'
import { supplierCountryOf } from './taxRate'
import { isEuVatPrefix, normalizeVatId } from './vatId'

/**
 * The EN 16931 business rules about VAT and payment that the sums alone do not cover, as a
 * validator applies them to an e-invoice, here applied to the extracted data. Each result
 * names its rule (`rule`). Amounts are in the document's currency, rounded to cents half away
 * from zero ({@link vatOf}); a printed invoice that computes VAT per line may differ by a cent
 * per line, which is allowed.
 */

const skipped = (code: CheckResult['code'], variant?: string): CheckResult =>
  variant ? { code, status: 'skipped', variant } : { code, status: 'skipped' }

/** The rates of a document's items, with the net amounts at each rate (items with a rate only). */
function itemsByRate(doc: CheckedDocument): Map<number, { base: number; count: number }> | null {
  const items = doc.items ?? []
  if (items.length === 0) return null
  const byRate = new Map<number, { base: number; count: number }>()
  for (const item of items) {
    const rate = amountOf(item.tax_rate)
    const subtotal = amountOf(item.subtotal)
    if (subtotal === null) continue
    if (rate === null) return null
    const entry = byRate.get(rate) ?? { base: 0, count: 0 }
    byRate.set(rate, { base: roundCents(entry.base + subtotal), count: entry.count + 1 })
  }
  return byRate.size > 0 ? byRate : null
}

/**
 * VAT per rate (EN 16931 BR-CO-17, BR-S-08, BR-S-09): on every tax line, the VAT is the taxable
 * amount times the rate, rounded to two decimals (one cent allowed per item at that rate);
 * and where the items state their rates and no document-level allowance or charge has to be
 * shared between rates, each rate's taxable amount is the sum of its items' net amounts (with
 * the allowances and charges when there is a single rate). A 0 % line with VAT is flagged too.
 * The first mismatch is reported (`variant: vat` with the rate, base and both VAT amounts;
 * `variant: base` with the rate and both bases). Items whose prices include VAT (they add up
 * to the gross total) are not compared with the bases. Skipped without tax lines.
 */
export function checkVatPerRate(doc: CheckedDocument): CheckResult {
  const lines = (doc.tax_lines ?? []).filter((line) => amountOf(line.percent) !== null)
  if (lines.length === 0) return skipped('vat_per_rate')
  const byRate = itemsByRate(doc)
  for (const line of lines) {
    const percent = amountOf(line.percent)!
    const base = amountOf(line.sub_total)
    const vat = amountOf(line.vat_total)
    if (base === null || vat === null) continue
    const expected = vatOf(base, percent)
    const terms = Math.min(Math.max(byRate?.get(percent)?.count ?? 1, 1), 5)
    if (!sameAmount(vat, expected, terms)) {
      return {
        code: 'vat_per_rate',
        status: 'warning',
        variant: 'vat',
        rule: percent === 0 ? 'BR-E-09' : 'BR-CO-17',
        stated: vat,
        computed: expected,
        params: { percent, base },
      }
    }
  }
  const s = doc.summary ?? {}
  const charges = sumDefined([s.shipping, s.other_cost1, s.other_cost2, s.other_cost3].map(amountOf)) ?? 0
  const allowances = amountOf(s.total_discount) ?? 0
  const shared = charges !== 0 || allowances !== 0
  // Items priced with VAT (they add up to the gross total) are no bases to compare.
  const gross = byRate !== null && checkItemsSum(doc).variant === 'gross'
  if (byRate && !gross && (!shared || (byRate.size === 1 && lines.length === 1))) {
    for (const line of lines) {
      const percent = amountOf(line.percent)!
      const base = amountOf(line.sub_total)
      const items = byRate.get(percent)
      if (base === null) continue
      const net = items?.base ?? 0
      const computed = roundCents(net + (byRate.size === 1 ? charges - allowances : 0))
      const terms = Math.min(Math.max(items?.count ?? 1, 1), 5)
      // As for the line sum: an allowance may already have been taken off the items.
      if (!sameAmount(base, computed, terms) && !sameAmount(base, net, terms)) {
        return {
          code: 'vat_per_rate',
          status: 'warning',
          variant: 'base',
          rule: 'BR-S-08',
          stated: base,
          computed,
          params: { percent },
        }
      }
    }
  }
  return { code: 'vat_per_rate', status: 'ok', rule: 'BR-CO-17' }
}

/**
 * Amount due for payment (EN 16931 BR-CO-16): `payment_amount` = `total` − `paid_deposits`
 * (+ `rounding`, where the total was printed without it). An amount due of 0 on an invoice
 * marked paid passes (`variant: paid`). Skipped when the amount due or the total was not
 * extracted.
 */
export function checkAmountDue(doc: CheckedDocument): CheckResult {
  const s = doc.summary
  const due = amountOf(s?.payment_amount)
  const total = amountOf(s?.total)
  if (due === null || total === null) return skipped('amount_due')
  const paid = amountOf(s?.paid_deposits) ?? 0
  const rounding = amountOf(s?.rounding) ?? 0
  const computed = roundCents(total - paid)
  if (sameAmount(due, computed, 1) || sameAmount(due, roundCents(computed + rounding), 1)) {
    return { code: 'amount_due', status: 'ok', rule: 'BR-CO-16', stated: due, computed }
  }
  if (due === 0 && paid === 0) return { code: 'amount_due', status: 'ok', variant: 'paid', rule: 'BR-CO-16' }
  return { code: 'amount_due', status: 'warning', rule: 'BR-CO-16', stated: due, computed, params: { paid } }
}

/** Notes that say how a 0 % is justified: reverse charge, intra-EU supply, an exemption clause. */
const REVERSE_CHARGE_NOTE =
  /reverse[\s-]?charge|autoliquidation|steuerschuldnerschaft|p[řr]enesen[aáií]\s+da[ňn]ov|inversione contabile|inversi[oó]n del sujeto|omv[äa]nd skattskyldighet|btw verlegd|verlegd|odwrotne obci[ąa][żz]enie|intra[\s-]?(community|eu)|innergemeinschaftlich|livraison intracommunautaire|dod[aá]n[ií] zbo[žz][ií] do jin[eé]ho [čc]lensk[eé]ho st[aá]tu|art(icle|\.|ikel)?\s*(44|138|196)\b|§\s*13b|§\s*92a/i
const EXEMPTION_NOTE =
  /exempt|befreit|steuerfrei|nicht steuerbar|kleinunternehmer|osvobozen|mimo p[řr]edm[eě]t|exon[ée]r|vrijgesteld|esente|exento|zwolnion|not subject to vat|§\s*\d+|art(icle|\.|ikel)?\s*\d+/i

/** The document's free texts a note on VAT would be in. */
function notesOf(doc: CheckedDocument): string {
  const header = doc.data?.header
  return [header?.text, header?.invoice_text].filter((text) => typeof text === 'string').join('\n')
}

/** True when some supply of the document is at 0 % (tax lines, items, or a net total with VAT 0). */
function hasZeroRatedSupply(doc: CheckedDocument): boolean {
  const lines = doc.tax_lines ?? []
  if (lines.some((line) => amountOf(line.percent) === 0 && (amountOf(line.sub_total) ?? 0) !== 0)) return true
  if (lines.length > 0) return false
  const items = doc.items ?? []
  if (items.some((item) => amountOf(item.tax_rate) === 0 && (amountOf(item.subtotal) ?? 0) !== 0)) {
    // Items extracted without a rate read as 0 %: only a document whose VAT is 0 as well counts.
    return amountOf(doc.summary?.vat_total) === 0
  }
  const s = doc.summary
  return amountOf(s?.vat_total) === 0 && (amountOf(s?.sub_total) ?? 0) !== 0
}

interface Side {
  vatId: string
  /** ISO 3166 code, Greece as EL (the VAT prefix), or '' when unknown. */
  country: string
}

function sideOf(party: { vat_id?: string | null; country?: string | null } | null | undefined): Side {
  const vatId = normalizeVatId(party?.vat_id)
  const stated = (party?.country ?? '').trim().toUpperCase()
  const country = /^[A-Z]{2}$/.test(stated) ? stated : /^[A-Z]{2}/.test(vatId) ? vatId.slice(0, 2) : ''
  return { vatId, country: country === 'GR' ? 'EL' : country }
}

/**
 * The supplier and the customer of a document as the VAT rules see them: VAT ID and country.
 * The agenda's company stands in for its own side (the customer of a purchase invoice) where
 * the invoice did not give that side's VAT ID or country.
 */
function partiesOf(doc: CheckedDocument, agenda: AgendaProfile | null | undefined): { supplier: Side; customer: Side } {
  const supplier = sideOf(doc.supplier)
  const customer = sideOf(doc.customer)
  const own = ownSideOf(doc) === 'customer' ? customer : supplier
  if (agenda) {
    if (!own.vatId) own.vatId = normalizeVatId(agenda.vatId)
    if (!own.country) {
      const country = (agenda.country ?? '').toUpperCase()
      own.country = country === 'GR' ? 'EL' : country
    }
  }
  if (!supplier.country) supplier.country = supplierCountryOf(doc) ?? ''
  return { supplier, customer }
}

/**
 * Intra-EU supply and reverse charge (EN 16931 BR-AE and BR-IC rules): a 0 % supply between
 * a supplier and a customer in two different EU member states (on the issue date) is asked
 * about, as it needs both VAT IDs (BR-AE-02, BR-IC-02), a note saying why no VAT is charged
 * (an exemption reason, BR-AE-10, BR-IC-10), and the customer accounts for the VAT. Variants:
 * `supplier_vat_id_missing` or `customer_vat_id_missing` (not on the invoice), `no_note` (no reverse-charge or intra-EU
 * note found), `noted` (all there: the question is only whether the VAT was accounted for).
 * Skipped when no supply is at 0 %, or the two are not in two member states.
 */
export function checkReverseCharge(doc: CheckedDocument, agenda: AgendaProfile | null | undefined): CheckResult {
  if (!hasZeroRatedSupply(doc)) return skipped('reverse_charge')
  const date = doc.data?.header?.issue_date?.slice(0, 10) ?? null
  const { supplier, customer } = partiesOf(doc, agenda)
  if (!supplier.country || !customer.country || supplier.country === customer.country) return skipped('reverse_charge')
  if (!isEuVatPrefix(supplier.country, date) || !isEuVatPrefix(customer.country, date)) {
    return skipped('reverse_charge')
  }
  const params = {
    supplierCountry: supplier.country,
    customerCountry: customer.country,
    supplierVatId: supplier.vatId,
    customerVatId: customer.vatId,
  }
  if (!supplier.vatId || !customer.vatId) {
    const variant = !supplier.vatId ? 'supplier_vat_id_missing' : 'customer_vat_id_missing'
    return { code: 'reverse_charge', status: 'warning', variant, rule: 'BR-AE-02', params }
  }
  const noted = REVERSE_CHARGE_NOTE.test(notesOf(doc))
  return {
    code: 'reverse_charge',
    status: 'warning',
    variant: noted ? 'noted' : 'no_note',
    rule: noted ? 'BR-AE-02' : 'BR-AE-10',
    params,
  }
}

/**
 * Exempt supplies need a reason (EN 16931 BR-E-10): a 0 % supply within one member state
 * (supplier and customer in the same country, the customer's country taken from the agenda
 * for a purchase invoice that does not print it) must say why it is exempt; no note that reads
 * as an exemption or a domestic reverse charge is flagged. Skipped when no supply is at 0 %,
 * for a supplier outside the EU, a customer abroad (the reverse-charge check's or an export),
 * or a credit note.
 */
export function checkExemptReason(doc: CheckedDocument, agenda: AgendaProfile | null | undefined): CheckResult {
  if (isCreditNote(doc) || !hasZeroRatedSupply(doc)) return skipped('exempt_reason')
  const date = doc.data?.header?.issue_date?.slice(0, 10) ?? null
  const { supplier, customer } = partiesOf(doc, agenda)
  if (!supplier.country || !isEuVatPrefix(supplier.country, date)) return skipped('exempt_reason')
  if (customer.country !== supplier.country) return skipped('exempt_reason')
  const notes = notesOf(doc)
  const noted = EXEMPTION_NOTE.test(notes) || REVERSE_CHARGE_NOTE.test(notes)
  return noted
    ? { code: 'exempt_reason', status: 'ok', rule: 'BR-E-10' }
    : { code: 'exempt_reason', status: 'warning', rule: 'BR-E-10', params: { country: supplier.country } }
}

/** Words that say how and when to pay, when the invoice gives terms instead of a due date. */
const PAYMENT_TERMS =
  /zahlbar|payable|payment terms|payment\s*:|\bpaid\b|betaald|bezahlt|zaplaceno|uhrazeno|splatn|betaalbaar|betalen binnen|[àa] r[ée]ception|net\s*\d+|\d+\s*(days|tage[n]?|dn[ií]|dn[ůu]|jours|dagen)/i

/**
 * Due date or payment terms (EN 16931 BR-CO-25): an invoice with an amount due (the
 * `payment_amount`, else the total) above 0 states a due date or payment terms. Terms are
 * found in the header's texts ("Zahlbar innerhalb 30 Tagen", "splatné do 14 dnů", or how it
 * was paid: "Payment: iDEAL"): then
 * `ok` with `variant: terms`. Nothing due (paid, a credit note) passes. Skipped for receipts
 * (`invoice_type` 3) and when no amount was extracted.
 */
export function checkPaymentTerms(doc: CheckedDocument): CheckResult {
  if (doc.invoice_type === 3) return skipped('payment_terms')
  const due = amountOf(doc.summary?.payment_amount) ?? amountOf(doc.summary?.total)
  if (due === null) return skipped('payment_terms')
  if (due <= 0 || isCreditNote(doc))
    return { code: 'payment_terms', status: 'ok', variant: 'nothing_due', rule: 'BR-CO-25' }
  const dueDate = doc.data?.header?.due_date
  if (dueDate && dueDate.trim())
    return { code: 'payment_terms', status: 'ok', rule: 'BR-CO-25', params: { date: dueDate.slice(0, 10) } }
  if (PAYMENT_TERMS.test(notesOf(doc)))
    return { code: 'payment_terms', status: 'ok', variant: 'terms', rule: 'BR-CO-25' }
  return { code: 'payment_terms', status: 'warning', rule: 'BR-CO-25', stated: due }
}
