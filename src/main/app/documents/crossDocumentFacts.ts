import { supplierAccountRecordOf } from '../../../shared/checks/bankAccount'
import type { CheckedDocument } from '../../../shared/checks/context'
import { duplicateCandidateOf } from '../../../shared/checks/duplicates'
import type { CachedDocument } from '../../offline'

/**
 * What the checks of other documents read of `doc`, as one string to compare: its duplicate
 * candidate (supplier, invoice number, total, issue date, file name and content hash), its
 * agenda, whether it is archived, and its supplier's bank account. Two documents' checks
 * depend on each other only through these (the duplicate and bank-account checks), so a change
 * that leaves them alone changes no other document's checks.
 */
export function crossDocumentFacts(doc: CachedDocument): string {
  const checked = doc as CheckedDocument
  return JSON.stringify([
    duplicateCandidateOf(checked),
    doc.agenda_id,
    doc.local?.archived ?? false,
    supplierAccountRecordOf(checked),
  ])
}
