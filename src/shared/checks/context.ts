import type { Document } from '../api/document'

/** The parts of a document the checks read (a `Document` or a cached one fits). */
export type CheckedDocument = Pick<
  Document,
  'id' | 'summary' | 'items' | 'tax_lines' | 'data' | 'bank_account' | 'supplier'
> &
  Partial<Pick<Document, 'type' | 'customer' | 'invoice_type' | 'user_file_name' | 'state'>> & {
    /** What Docket knows locally: the SHA-256 of the original's bytes, when it held them (a cached document). */
    local?: { contentSha256?: string }
  }

/**
 * The agenda's own company as the checks compare it: the customer of its purchase invoices
 * and the supplier of its sales invoices. `homeCurrency` (ISO 4217) tells which currencies
 * are foreign; the service's default is EUR.
 */
export interface AgendaProfile {
  name?: string | null
  companyId?: string | null
  vatId?: string | null
  taxId?: string | null
  /** ISO 3166-1 alpha-2. */
  country?: string | null
  homeCurrency?: string | null
}

/** An agenda record as the service sends it, reduced to the {@link AgendaProfile}. */
export function agendaProfileOf(agenda: {
  name?: string | null
  company_id?: string | null
  company_vat_id?: string | null
  company_tax_id?: string | null
  home_currency?: string | null
  address?: { country?: string | null } | null
}): AgendaProfile {
  return {
    name: agenda.name ?? null,
    companyId: agenda.company_id ?? null,
    vatId: agenda.company_vat_id ?? null,
    taxId: agenda.company_tax_id ?? null,
    country: agenda.address?.country ?? null,
    homeCurrency: agenda.home_currency || 'EUR',
  }
}

/** True for a credit note: `invoice_type` 1 (docs/service-interface.md, "Documents"). */
export function isCreditNote(doc: Pick<CheckedDocument, 'invoice_type'>): boolean {
  return doc.invoice_type === 1
}

/** The counterparty the agenda's company should be: the supplier of a sales invoice, else the customer. */
export function ownSideOf(doc: CheckedDocument): 'supplier' | 'customer' {
  return doc.type === 'SalesInvoice' ? 'supplier' : 'customer'
}
