import { electronicFormatIBAN } from 'ibantools'
import type { CheckedDocument } from './context'
import { normalizeCompanyName } from './counterparty'
import type { CheckResult } from './result'
import { normalizeVatId } from './vatId'

/**
 * What the bank-account check remembers of a supplier's invoice: who issued it (VAT ID,
 * company ID, name), the account it asks to be paid to, its number and issue date.
 */
export interface SupplierAccountRecord {
  id: number
  supplierName?: string | null
  supplierVatId?: string | null
  supplierCompanyId?: string | null
  /** The account as compared: the IBAN in electronic format, else `bban/bank_code`. */
  account: string
  invoiceNo?: string | null
  /** YYYY-MM-DD */
  issueDate?: string | null
}

/** The account a document asks to be paid to (IBAN, else national number and bank code), or null. */
export function accountOf(doc: Pick<CheckedDocument, 'bank_account' | 'supplier'>): string | null {
  const iban = doc.bank_account?.iban || doc.supplier?.iban
  if (iban && iban.trim()) return electronicFormatIBAN(iban) ?? iban.replace(/\s+/g, '').toUpperCase()
  const bban = (doc.bank_account?.bban || doc.supplier?.bban || '').replace(/\s+/g, '')
  const bank = (doc.bank_account?.bank_code || doc.supplier?.bank_code || '').replace(/\s+/g, '')
  return bban ? (bank ? `${bban}/${bank}` : bban) : null
}

/** The record of a purchase invoice with an account, for the supplier's later invoices; null otherwise. */
export function supplierAccountRecordOf(doc: CheckedDocument): SupplierAccountRecord | null {
  if (doc.type === 'SalesInvoice') return null
  const account = accountOf(doc)
  if (!account) return null
  return {
    id: doc.id,
    supplierName: doc.supplier?.name ?? null,
    supplierVatId: doc.supplier?.vat_id ?? null,
    supplierCompanyId: doc.supplier?.id ?? null,
    account,
    invoiceNo: doc.data?.header?.invoice_no ?? null,
    issueDate: doc.data?.header?.issue_date?.slice(0, 10) ?? null,
  }
}

/**
 * True when two records are the same supplier: the same VAT ID when both have one, else the
 * same company ID when both have one, else the same normalised name.
 */
function sameSupplier(a: SupplierAccountRecord, b: SupplierAccountRecord): boolean {
  const vatA = normalizeVatId(a.supplierVatId)
  const vatB = normalizeVatId(b.supplierVatId)
  if (vatA && vatB) return vatA === vatB
  const idA = (a.supplierCompanyId ?? '').replace(/\D/g, '')
  const idB = (b.supplierCompanyId ?? '').replace(/\D/g, '')
  if (idA && idB) return idA === idB
  const nameA = normalizeCompanyName(a.supplierName)
  return nameA !== '' && nameA === normalizeCompanyName(b.supplierName)
}

/**
 * A supplier's bank account that differs from the one on its earlier invoices, the commonest
 * invoice-redirection fraud: among `history` (the supplier's invoices in any agenda of the
 * account, as cached), the invoices of the same supplier issued before this one (or on the
 * same day) that name an account; when this document's account is on none of them, a warning
 * names both accounts and the latest earlier invoice (`iban`, `params.earlier`, `invoiceNo`,
 * `date`, `documentId`). Skipped for a sales invoice, without an account, or without an earlier
 * invoice of the supplier that names one.
 */
export function checkBankAccountChange(doc: CheckedDocument, history: Iterable<SupplierAccountRecord>): CheckResult {
  const own = supplierAccountRecordOf(doc)
  if (!own) return { code: 'bank_account_change', status: 'skipped' }
  const earlier: SupplierAccountRecord[] = []
  for (const record of history) {
    if (record.id === doc.id || !sameSupplier(own, record)) continue
    if (own.issueDate && record.issueDate && record.issueDate > own.issueDate) continue
    earlier.push(record)
  }
  if (earlier.length === 0) return { code: 'bank_account_change', status: 'skipped' }
  if (earlier.some((record) => record.account === own.account)) {
    return { code: 'bank_account_change', status: 'ok', iban: own.account }
  }
  const latest = earlier.reduce((a, b) => ((b.issueDate ?? '') > (a.issueDate ?? '') ? b : a))
  return {
    code: 'bank_account_change',
    status: 'warning',
    iban: own.account,
    documentId: latest.id,
    params: { earlier: latest.account, invoiceNo: latest.invoiceNo ?? '', date: latest.issueDate ?? '' },
  }
}
