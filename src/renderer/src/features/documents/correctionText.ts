/**
 * The words of corrections: a field's name as the data pane labels it, a corrected value as
 * the user's locale writes it, and the description *Send to repair* starts with ("Total:
 * extracted 529.87, the invoice says 592.87", one line per correction). Pure: the language and
 * locale are parameters, so the texts can be checked in both languages.
 */
import type { Document } from '../../../../shared/api/document'
import { kindOf, parseFieldPath, type Correction } from '../../../../shared/corrections'
import { cs } from '../../locales/cs'
import { en } from '../../locales/en'
import type { Language, MessageKey } from '../../locales/messages'
import { formatDate, formatNumber } from '../../lib/format'
import { Catalog, type StringParams } from '../../lib/i18n/catalog'

const catalog = new Catalog({ en, cs })

/** The texts of one language and locale. */
export interface Words {
  language: Language
  /** BCP 47 locale for numbers and dates (`cs-CZ`, `en-GB`). */
  locale: string
}

const say = (words: Words, key: MessageKey, params?: StringParams) => catalog.text(words.language, key, params)

/** The data pane's label key of each field name (`documents.field.<name>`). */
const LABELS: Record<string, MessageKey> = {
  invoice_no: 'documents.field.invoiceNo',
  variable_symbol: 'documents.field.variableSymbol',
  specific_symbol: 'documents.field.specificSymbol',
  issue_date: 'documents.field.issueDate',
  tax_date: 'documents.field.taxDate',
  due_date: 'documents.field.dueDate',
  currency: 'documents.field.currency',
  currency_rate: 'documents.field.currencyRate',
  purchase_order_no: 'documents.field.orderNo',
  reference: 'documents.field.reference',
  id: 'documents.field.companyId',
  tax_id: 'documents.field.taxId',
  vat_id: 'documents.field.vatId',
  iban: 'documents.correct.field.iban',
  bic: 'documents.correct.field.bic',
  sub_total: 'documents.field.subTotal',
  vat_total: 'documents.field.vatTotal',
  shipping: 'documents.field.shipping',
  total_discount: 'documents.field.discount',
  rounding: 'documents.field.rounding',
  paid_deposits: 'documents.field.paidDeposits',
  total: 'documents.field.total',
  percent: 'documents.field.rate',
}

/**
 * A field's name for people: `Total`, `Supplier VAT ID`, `Tax line 21 %: VAT` (the rate as
 * `doc` has it). The path itself when it is not a correctable field.
 */
export function fieldLabel(path: string, doc: Pick<Document, 'tax_lines'> | null, words: Words): string {
  const ref = parseFieldPath(path)
  if (!ref) return path
  if (ref.section === 'supplier' || ref.section === 'customer') {
    const party = say(
      words,
      ref.section === 'supplier' ? 'documents.correct.field.supplierName' : 'documents.correct.field.customerName',
    )
    if (ref.name === 'name') return party
    return say(words, 'documents.correct.field.party', { party, field: say(words, LABELS[ref.name]!) })
  }
  if (ref.section === 'tax_lines') {
    const rate = doc?.tax_lines?.[ref.index]?.percent
    const field = say(
      words,
      ref.name === 'sub_total'
        ? 'documents.field.base'
        : ref.name === 'vat_total'
          ? 'documents.field.vat'
          : LABELS[ref.name]!,
    )
    return say(words, 'documents.correct.field.taxLine', {
      rate: typeof rate === 'number' ? plainNumber(rate, words.locale) : '?',
      field,
    })
  }
  return say(words, LABELS[ref.name]!)
}

/** A number that is not money (a rate): whole numbers without decimals (21), others as they are (24.35). */
function plainNumber(value: number, locale: string): string {
  return Number.isInteger(value) ? formatNumber(value, locale, 0) : formatNumber(value, locale, 6)
}

/** A field's value as the user's locale writes it: amounts and numbers with its decimal mark, dates as it writes days. */
export function valueText(path: string, value: string, words: Words): string {
  const ref = parseFieldPath(path)
  if (!ref) return value
  const kind = kindOf(ref)
  if (kind === 'amount') return formatNumber(Number(value), words.locale, 2)
  if (kind === 'number') return plainNumber(Number(value), words.locale)
  if (kind === 'date') return formatDate(value, words.locale)
  return value
}

/** One line of the repair description: `Total: extracted 529.87, the invoice says 592.87`. */
export function repairLine(correction: Correction, doc: Pick<Document, 'tax_lines'> | null, words: Words): string {
  const field = fieldLabel(correction.field, doc, words)
  const value = valueText(correction.field, correction.value, words)
  return correction.extracted === null
    ? say(words, 'documents.correct.repairLineNone', { field, value })
    : say(words, 'documents.correct.repairLine', {
        field,
        value,
        extracted: valueText(correction.field, correction.extracted, words),
      })
}

/** What *Send to repair* starts with for a corrected document: one line per correction ('' without any). */
export function repairDescription(
  corrections: readonly Correction[],
  doc: Pick<Document, 'tax_lines'> | null,
  words: Words,
): string {
  return corrections.map((correction) => repairLine(correction, doc, words)).join('\n')
}
