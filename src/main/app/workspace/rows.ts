import { amountOf } from '../../../shared/checks/money'
import type { DocumentRow } from '../../../shared/ipc/channels/workspace'
import type { CachedDocument } from './port'

const str = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value === '' ? null : value

/**
 * Projects a cached document onto the compact inbox row (`documents.list`): only what the
 * list shows, searches and sorts by. Missing extracted data becomes null; never throws.
 */
export function toDocumentRow(doc: CachedDocument): DocumentRow {
  const header = doc.data?.header
  const currency = str(header?.currency)
  return {
    id: doc.id,
    type: doc.type,
    state: doc.state,
    supplierName: str(doc.supplier?.name),
    invoiceNo: str(header?.invoice_no),
    variableSymbol: str(header?.variable_symbol),
    issueDate: str(header?.issue_date),
    dueDate: str(header?.due_date),
    total: amountOf(doc.summary?.total),
    currency: currency ? currency.toUpperCase() : null,
    commentsCount: typeof doc.comments_count === 'number' && doc.comments_count >= 0 ? doc.comments_count : 0,
    pending: Math.max(0, doc.local?.pendingActions ?? 0),
    failed: doc.local?.failed ?? null,
  }
}
