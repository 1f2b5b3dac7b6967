import type { CheckedDocument } from '../checks/context'
import type { CheckResult } from '../checks/result'
import { documentProvenance, printedTotal, sameValue, type FieldProvenance } from './provenance'
import { buildTextIndex } from './textIndex'
import type { DocumentEvidence } from './types'

/**
 * The checks that compare the extracted data with the invoice's own file (evidence):
 *
 * - `einvoice`: the embedded e-invoice (Factur-X/ZUGFeRD, ISDOC) holds other figures than
 *   the extraction ("Embedded e-invoice says 592.87, extracted 529.87"); `variant` names the
 *   first field that differs, `params.differing` how many do;
 * - `total_on_invoice`: the extracted total is printed nowhere on the invoice, in any
 *   notation; `computed` is the total the invoice prints beside a total label, when found;
 * - `qr_iban`: the payment QR code pays another IBAN than the extracted one.
 *
 * Each is `skipped` without the evidence it needs. Only what the file states is compared:
 * a value is never called wrong from a guess about the printed layout, so a correct value is
 * never flagged (the total check asks only that the value be printed somewhere).
 */

/** The fields the e-invoice check names, in the order it reports them (most money first). */
const EINVOICE_FIELDS: { field: string; variant: string; money: boolean }[] = [
  { field: 'summary.total', variant: 'total', money: true },
  { field: 'summary.sub_total', variant: 'sub_total', money: true },
  { field: 'summary.vat_total', variant: 'vat_total', money: true },
  { field: 'summary.payment_amount', variant: 'payment_amount', money: true },
  { field: 'tax_lines.', variant: 'tax_line', money: true },
  { field: 'header.issue_date', variant: 'issue_date', money: false },
  { field: 'header.due_date', variant: 'due_date', money: false },
  { field: 'header.invoice_no', variant: 'invoice_no', money: false },
  { field: 'header.currency', variant: 'currency', money: false },
  { field: 'supplier.vat_id', variant: 'supplier_vat_id', money: false },
  { field: 'supplier.iban', variant: 'iban', money: false },
  { field: 'customer.vat_id', variant: 'customer_vat_id', money: false },
]

/** The three evidence checks, from the provenance of the document's fields. */
export function evidenceChecks(doc: CheckedDocument, evidence: DocumentEvidence | null): CheckResult[] {
  if (!evidence) {
    return [
      { code: 'einvoice', status: 'skipped' },
      { code: 'total_on_invoice', status: 'skipped' },
      { code: 'qr_iban', status: 'skipped' },
    ]
  }
  const index = buildTextIndex(evidence.words)
  const provenance = documentProvenance(doc, evidence, index)
  return [
    checkEInvoice(evidence, provenance),
    checkTotalOnInvoice(evidence, provenance, index),
    checkQrIban(evidence, provenance),
  ]
}

/** The e-invoice format by the name people know it by. */
const formatName = (format: 'cii' | 'isdoc') => (format === 'cii' ? 'Factur-X/ZUGFeRD' : 'ISDOC')

function checkEInvoice(evidence: DocumentEvidence, provenance: FieldProvenance[]): CheckResult {
  if (!evidence.einvoice) return { code: 'einvoice', status: 'skipped' }
  const differing = provenance.filter((item) => item.status === 'differs' && item.source === 'einvoice')
  for (const { field, variant, money } of EINVOICE_FIELDS) {
    const first = differing.find((item) => (field.endsWith('.') ? item.field.startsWith(field) : item.field === field))
    if (!first) continue
    const differingCount = differing.length
    const format = formatName(evidence.einvoice.format)
    if (money) {
      return {
        code: 'einvoice',
        status: 'warning',
        variant,
        stated: Number(first.value),
        computed: Number(first.invoiceValue),
        params: { differing: differingCount, format, field: first.field },
      }
    }
    return {
      code: 'einvoice',
      status: 'warning',
      variant,
      params: {
        differing: differingCount,
        format,
        field: first.field,
        value: first.value,
        invoiceValue: first.invoiceValue ?? '',
      },
    }
  }
  const matched = provenance.filter((item) => item.status === 'matches_einvoice').length
  return { code: 'einvoice', status: 'ok', params: { matched, format: formatName(evidence.einvoice.format) } }
}

function checkTotalOnInvoice(
  evidence: DocumentEvidence,
  provenance: FieldProvenance[],
  index: ReturnType<typeof buildTextIndex>,
): CheckResult {
  const total = provenance.find((item) => item.field === 'summary.total')
  if (!total || !index.hasText) return { code: 'total_on_invoice', status: 'skipped' }
  // The e-invoice check speaks for a total the e-invoice holds.
  if (total.source === 'einvoice') return { code: 'total_on_invoice', status: 'skipped', variant: 'einvoice' }
  if (total.status === 'on_invoice' || total.status === 'matches_qr') {
    return { code: 'total_on_invoice', status: 'ok', stated: Number(total.value) }
  }
  const printed = printedTotal(index)
  const ocr = evidence.pages.every((page) => page.source !== 'text')
  // OCR misreads digits: without a printed total to show instead, a scan's total is not called missing.
  if (ocr && !printed) return { code: 'total_on_invoice', status: 'skipped', variant: 'ocr' }
  return printed
    ? {
        code: 'total_on_invoice',
        status: 'warning',
        variant: 'printed',
        stated: Number(total.value),
        computed: printed.value,
      }
    : { code: 'total_on_invoice', status: 'warning', stated: Number(total.value) }
}

function checkQrIban(evidence: DocumentEvidence, provenance: FieldProvenance[]): CheckResult {
  const qr = evidence.payments.find((code) => code.iban !== null)
  if (!qr) return { code: 'qr_iban', status: 'skipped' }
  const iban = provenance.find((item) => item.field === 'supplier.iban')
  if (!iban) return { code: 'qr_iban', status: 'skipped', variant: 'no_iban', iban: qr.iban! }
  if (!sameValue('id', iban.value, qr.iban!)) {
    return { code: 'qr_iban', status: 'warning', iban: iban.value.replace(/\s+/gu, ''), params: { qrIban: qr.iban! } }
  }
  return { code: 'qr_iban', status: 'ok', iban: qr.iban! }
}
