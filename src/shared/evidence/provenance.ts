import { isValidIBAN } from 'ibantools'
import { z } from 'zod'
import type { CheckedDocument } from '../checks/context'
import { sameMoney } from './notation'
import {
  amountsAfterLabel,
  buildTextIndex,
  datesBesideLabels,
  ibansIn,
  findAmount,
  findDate,
  findIdentifier,
  findPhrase,
  type TextIndex,
} from './textIndex'
import { evidenceBoxSchema, type DocumentEvidence, type EInvoiceFields, type EvidenceBox } from './types'

/**
 * Per-field provenance: for each header, party, summary and tax-line value of the extracted
 * data, where the invoice's own file backs it.
 *
 * - `matches_einvoice`: the embedded e-invoice (Factur-X/ZUGFeRD CII, ISDOC) holds the same value;
 * - `matches_qr`: the payment QR code holds the same value (IBAN, amount due, variable symbol, due date);
 * - `on_invoice`: printed on the invoice (text layer or OCR), at `boxes`;
 * - `differs`: the e-invoice or the QR code holds another value: `invoiceValue` (and where that
 *   is printed, when found);
 * - `not_found`: the invoice has text, but not this value in any notation;
 * - `unchecked`: there is nothing to compare with (no text layer, no OCR, no e-invoice).
 *
 * Precision comes first: a value differs only against machine-readable data (e-invoice, QR
 * code), never because of a guess about the printed layout; the printed text can only confirm
 * a value or not find it.
 */

/** The fields provenance is worked out for; tax-line fields are `tax_lines.<index>.<field>`. */
export const PROVENANCE_FIELDS = [
  'header.invoice_no',
  'header.variable_symbol',
  'header.issue_date',
  'header.tax_date',
  'header.due_date',
  'header.currency',
  'supplier.name',
  'supplier.vat_id',
  'supplier.id',
  'supplier.iban',
  'supplier.street',
  'supplier.city',
  'supplier.postal_code',
  'customer.name',
  'customer.vat_id',
  'customer.id',
  'customer.street',
  'customer.city',
  'customer.postal_code',
  'summary.sub_total',
  'summary.vat_total',
  'summary.total',
  'summary.payment_amount',
] as const
export type ProvenanceField = (typeof PROVENANCE_FIELDS)[number] | `tax_lines.${number}.${'sub_total' | 'vat_total'}`

export const provenanceStatusSchema = z.enum([
  'matches_einvoice',
  'matches_qr',
  'on_invoice',
  'differs',
  'not_found',
  'unchecked',
])
export type ProvenanceStatus = z.infer<typeof provenanceStatusSchema>

export const fieldProvenanceSchema = z.object({
  /** `header.invoice_no`, `summary.total`, `tax_lines.0.vat_total`, ... */
  field: z.string().max(60),
  /** The extracted value, as text (amounts with a dot and two decimals, dates YYYY-MM-DD). */
  value: z.string().max(500),
  status: provenanceStatusSchema,
  /** `differs`: what the invoice holds instead, and where it was read (`einvoice`, `qr`). */
  invoiceValue: z.string().max(500).optional(),
  source: z.enum(['einvoice', 'qr', 'page']).optional(),
  /** Where the value (or, for `differs`, the invoice's value) is printed: at most 5 places, the first the likeliest. */
  boxes: z.array(evidenceBoxSchema).max(5),
})
export type FieldProvenance = z.infer<typeof fieldProvenanceSchema>

type Kind = 'amount' | 'date' | 'id' | 'name' | 'currency' | 'percent'

const KIND: Record<(typeof PROVENANCE_FIELDS)[number], Kind> = {
  'header.invoice_no': 'id',
  'header.variable_symbol': 'id',
  'header.issue_date': 'date',
  'header.tax_date': 'date',
  'header.due_date': 'date',
  'header.currency': 'currency',
  'supplier.name': 'name',
  'supplier.vat_id': 'id',
  'supplier.id': 'id',
  'supplier.iban': 'id',
  'supplier.street': 'name',
  'supplier.city': 'name',
  'supplier.postal_code': 'id',
  'customer.name': 'name',
  'customer.vat_id': 'id',
  'customer.id': 'id',
  'customer.street': 'name',
  'customer.city': 'name',
  'customer.postal_code': 'id',
  'summary.sub_total': 'amount',
  'summary.vat_total': 'amount',
  'summary.total': 'amount',
  'summary.payment_amount': 'amount',
}

/** The e-invoice's value of a field, when it has one. */
const EINVOICE_OF: Partial<Record<(typeof PROVENANCE_FIELDS)[number], keyof EInvoiceFields>> = {
  'header.invoice_no': 'invoice_no',
  'header.variable_symbol': 'variable_symbol',
  'header.issue_date': 'issue_date',
  'header.tax_date': 'tax_date',
  'header.due_date': 'due_date',
  'header.currency': 'currency',
  'supplier.name': 'supplier_name',
  'supplier.vat_id': 'supplier_vat_id',
  'supplier.id': 'supplier_id',
  'supplier.iban': 'supplier_iban',
  'customer.name': 'customer_name',
  'customer.vat_id': 'customer_vat_id',
  'summary.sub_total': 'sub_total',
  'summary.vat_total': 'vat_total',
  'summary.total': 'total',
  'summary.payment_amount': 'payment_amount',
}

/**
 * Labels of the total on an invoice (folded: lower case, no accents), strongest first: the
 * amount to pay, then a plain total. Net totals ("Total HT", "Subtotal", "ohne USt.") are not.
 */
export const TOTAL_LABELS: readonly RegExp[][] = [
  [
    /\bgrand total\b/u,
    /\b(amount|balance|total) due\b/u,
    /\bk (uhrade|zaplaceni)\b/u,
    /\bcelkem k uhrade\b/u,
    /\bzu zahlen\b/u,
    /\bzahlbetrag\b/u,
    /\bte betalen\b/u,
    /\btotal ttc\b/u,
    /\bnet a payer\b/u,
    /\bmontant (ttc|du)\b/u,
  ],
  [
    /\btotal\b/u,
    /\btotaal\b/u,
    /\bcelkem\b/u,
    /\bspolu\b/u,
    /\b(gesamt|brutto|end|rechnungs)(betrag|summe)\b/u,
    /\bbruttosumme\b/u,
  ],
]

/** Lines that state a net amount, never the total. */
const NET_LABELS: readonly RegExp[] = [
  /\bsub ?total/u,
  /\bsubtotaal\b/u,
  /\btotal (ht|net|excl)/u,
  /\bexcl(usief|uding|\.)?\b/u,
  /\bohne (ust|mwst)/u,
  /\bnetto\b/u,
  /\bbez dph\b/u,
  /\bzaklad\b/u,
  /\bwithout (vat|tax)\b/u,
]

/** Labels of the issue date (folded). */
const ISSUE_DATE_LABELS: readonly RegExp[] = [
  /\b(invoice|issue|billing) date\b/u,
  /\bdate of (issue|invoice)\b/u,
  /\b(rechnungs|ausstellungs)datum\b/u,
  /\bdatum vystaveni\b/u,
  /\bvystaveno\b/u,
  /\bdatum vyhotovenia\b/u,
  /\bfactuurdatum\b/u,
  /\bdate de (la )?facture\b/u,
]

/** Labels of the due date (folded). */
const DUE_DATE_LABELS: readonly RegExp[] = [
  /\bdue( date)?\b/u,
  /\bfallig(keit|keitsdatum)?\b/u,
  /\bzahlbar bis\b/u,
  /\bdatum splatnosti\b/u,
  /\bsplatnost\b/u,
  /\bvervaldatum\b/u,
  /\becheance\b/u,
]

function textOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value.toFixed(2)
  if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 500)
  return null
}

function valueOf(doc: CheckedDocument, field: (typeof PROVENANCE_FIELDS)[number]): unknown {
  const [part, key] = field.split('.') as [string, string]
  if (part === 'header') return (doc.data?.header as Record<string, unknown> | null | undefined)?.[key]
  if (part === 'supplier') {
    const value = (doc.supplier as Record<string, unknown> | null | undefined)?.[key]
    if (key === 'iban' && (value === null || value === undefined || value === '')) return doc.bank_account?.iban
    return value
  }
  if (part === 'customer') return (doc.customer as Record<string, unknown> | null | undefined)?.[key]
  return (doc.summary as Record<string, unknown> | null | undefined)?.[key]
}

const compactId = (value: string) => value.replace(/[\s\-/.]+/gu, '').toUpperCase()

const nameWords = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)

/**
 * Whether the extracted value and the invoice's value are the same, in the field's kind:
 * amounts to the cent (sign aside: a credit note's total is printed either way), dates as
 * days, identifiers without spaces and case (a VAT ID with or without its country prefix),
 * names when most words of the shorter are in the longer (legal forms and trading names vary).
 */
export function sameValue(kind: Kind, extracted: string, invoice: string): boolean {
  switch (kind) {
    case 'amount':
    case 'percent':
      return sameMoney(Number(extracted), Number(invoice))
    case 'date':
      return extracted.slice(0, 10) === invoice.slice(0, 10)
    case 'currency':
      return extracted.toUpperCase() === invoice.toUpperCase()
    case 'id': {
      const a = compactId(extracted)
      const b = compactId(invoice)
      if (a === b) return true
      // DE123456789 and 123456789: the same VAT ID with and without its prefix.
      return (/^[A-Z]{2}/u.test(a) && a.slice(2) === b) || (/^[A-Z]{2}/u.test(b) && b.slice(2) === a)
    }
    case 'name': {
      const a = nameWords(extracted)
      const b = nameWords(invoice)
      const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a]
      if (shorter.length === 0) return longer.length === 0
      const shared = shorter.filter((word) => longer.includes(word)).length
      return shared * 2 >= shorter.length
    }
  }
}

function findOnPage(index: TextIndex, kind: Kind, value: string): EvidenceBox[] {
  switch (kind) {
    case 'amount':
      return findAmount(index, Number(value))
    case 'date':
      return findDate(index, value.slice(0, 10))
    case 'id':
      return findIdentifier(index, value)
    case 'name':
      return findPhrase(index, value)
    default:
      return []
  }
}

interface Compared {
  field: string
  kind: Kind
  value: string
  einvoice: string | null
  qr: string | null
}

function provenanceOf(item: Compared, index: TextIndex): FieldProvenance {
  const { field, kind, value } = item
  if (item.einvoice !== null && !sameValue(kind, value, item.einvoice)) {
    return {
      field,
      value,
      status: 'differs',
      source: 'einvoice',
      invoiceValue: item.einvoice,
      boxes: findOnPage(index, kind, item.einvoice),
    }
  }
  if (item.qr !== null && !sameValue(kind, value, item.qr)) {
    return {
      field,
      value,
      status: 'differs',
      source: 'qr',
      invoiceValue: item.qr,
      boxes: findOnPage(index, kind, item.qr),
    }
  }
  const boxes = index.hasText ? findOnPage(index, kind, value) : []
  if (item.einvoice !== null) return { field, value, status: 'matches_einvoice', source: 'einvoice', boxes }
  if (item.qr !== null) return { field, value, status: 'matches_qr', source: 'qr', boxes }
  if (boxes.length > 0) return { field, value, status: 'on_invoice', source: 'page', boxes }
  // An e-invoice without this field says nothing about it; only printed text can miss it. A
  // zero amount is often printed as a dash or not at all.
  if (!index.hasText || kind === 'currency' || kind === 'percent' || (kind === 'amount' && Number(value) === 0)) {
    return { field, value, status: 'unchecked', boxes }
  }
  // Not printed in any notation, while the invoice prints another value where this one belongs.
  const printed = printedValueOf(field, index)
  if (printed)
    return { field, value, status: 'differs', source: 'page', invoiceValue: printed.value, boxes: [printed.box] }
  return { field, value, status: 'not_found', boxes }
}

/**
 * What the invoice prints for a field, found by its label, for the fields where a label names
 * one value: the total ({@link printedTotal}), the issue and due dates (the first date beside
 * their labels) and the IBAN (the only valid IBAN printed). Null when it cannot be told.
 */
function printedValueOf(field: string, index: TextIndex): { value: string; box: EvidenceBox } | null {
  switch (field) {
    case 'summary.total': {
      const total = printedTotal(index)
      return total ? { value: total.value.toFixed(2), box: total.box } : null
    }
    case 'header.issue_date': {
      const date = datesBesideLabels(index, ISSUE_DATE_LABELS, DUE_DATE_LABELS)[0]
      return date ? { value: date.iso, box: date.box } : null
    }
    case 'header.due_date': {
      const date = datesBesideLabels(index, DUE_DATE_LABELS, ISSUE_DATE_LABELS)[0]
      return date ? { value: date.iso, box: date.box } : null
    }
    case 'supplier.iban': {
      const ibans = ibansIn(index, (iban) => isValidIBAN(iban))
      const distinct = new Set(ibans.map((found) => found.iban))
      return distinct.size === 1 ? { value: ibans[0]!.iban, box: ibans[0]!.box } : null
    }
    default:
      return null
  }
}

/**
 * The provenance of every extracted value of `doc` (fields without a value are left out), in
 * {@link PROVENANCE_FIELDS} order, then the tax lines (matched to the e-invoice's by rate).
 * `index` may be passed when already built from `evidence.words`.
 */
export function documentProvenance(
  doc: CheckedDocument,
  evidence: DocumentEvidence,
  index: TextIndex = buildTextIndex(evidence.words),
): FieldProvenance[] {
  const einvoice = evidence.einvoice
  const qr = evidence.payments.find((code) => code.iban !== null || code.amount !== null) ?? null
  const results: FieldProvenance[] = []
  for (const field of PROVENANCE_FIELDS) {
    const value = textOf(valueOf(doc, field))
    if (value === null) continue
    const kind = KIND[field]
    const key = EINVOICE_OF[field]
    const fromEInvoice = einvoice && key ? textOf(einvoice[key]) : null
    let fromQr: string | null = null
    if (qr && field === 'supplier.iban') fromQr = qr.iban
    if (qr && field === 'header.variable_symbol') fromQr = qr.variable_symbol
    if (qr && field === 'header.due_date') fromQr = qr.due_date ?? null
    // The QR code asks for the amount due: compared with the extracted amount due only.
    if (qr && field === 'summary.payment_amount' && qr.amount !== null) fromQr = qr.amount.toFixed(2)
    results.push(provenanceOf({ field, kind, value, einvoice: fromEInvoice, qr: fromQr }, index))
  }
  ;(doc.tax_lines ?? []).slice(0, 20).forEach((line, i) => {
    const stated = einvoice?.tax_lines.find(
      (tax) => typeof line.percent === 'number' && sameMoney(tax.percent, line.percent),
    )
    for (const key of ['sub_total', 'vat_total'] as const) {
      const value = textOf(line[key])
      if (value === null) continue
      const fromEInvoice = stated ? textOf(stated[key]) : null
      results.push(
        provenanceOf(
          { field: `tax_lines.${i}.${key}`, kind: 'amount', value, einvoice: fromEInvoice, qr: null },
          index,
        ),
      )
    }
  })
  return results
}

/**
 * The total the invoice prints after a total label ("Grand Total", "K úhradě", "Zahlbetrag",
 * then "Total", "Celkem", "Bruttosumme"): the largest amount after the strongest labels found,
 * or null when no label has an amount.
 */
export function printedTotal(index: TextIndex): { value: number; box: EvidenceBox } | null {
  for (const labels of TOTAL_LABELS) {
    let best: { value: number; box: EvidenceBox } | null = null
    for (const label of labels) {
      for (const candidate of amountsAfterLabel(index, label, NET_LABELS)) {
        if (!best || candidate.value > best.value) best = candidate
      }
    }
    if (best) return best
  }
  return null
}
