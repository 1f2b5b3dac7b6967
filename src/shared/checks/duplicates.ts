import { amountOf } from './money'
import type { CheckedDocument } from './context'
import type { CheckResult } from './result'

/**
 * What the duplicate check compares of each document of an agenda. The document carries no
 * hash or size of its file, only the name it was uploaded under, so "the same file uploaded
 * twice" is the same file name (the service itself marks byte-identical uploads with the
 * state `file_duplicate`).
 */
export interface DuplicateCandidate {
  id: number
  supplierName: string | null | undefined
  invoiceNo: string | null | undefined
  total?: number | null
  issueDate?: string | null
  fileName?: string | null
}

/** How two documents look alike: same supplier + invoice no., same supplier + total + issue date, same file. */
export type DuplicateMatch = 'invoice_no' | 'total_date' | 'file'

const norm = (s: string | null | undefined): string =>
  (s ?? '').normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase()

/**
 * The key two documents share when they are possible duplicates: the supplier name and the
 * invoice number, case-insensitive, with spaces collapsed. `null` when either is empty.
 */
export function duplicateKey(
  supplierName: string | null | undefined,
  invoiceNo: string | null | undefined,
): string | null {
  const supplier = norm(supplierName)
  const invoice = norm(invoiceNo)
  if (!supplier || !invoice) return null
  return `${supplier}\u0000${invoice}`
}

/** The base name of an uploaded file, compared without case; `null` for none. */
function fileKey(fileName: string | null | undefined): string | null {
  const base = norm(fileName).split(/[\\/]/).pop() ?? ''
  return base ? `file\u0000${base}` : null
}

/**
 * Every key under which `candidate` is indexed, with the kind of match each stands for:
 * supplier + invoice number ({@link duplicateKey}), supplier + total + issue date, file name.
 */
export function duplicateKeysOf(candidate: DuplicateCandidate): { key: string; match: DuplicateMatch }[] {
  const keys: { key: string; match: DuplicateMatch }[] = []
  const invoice = duplicateKey(candidate.supplierName, candidate.invoiceNo)
  if (invoice) keys.push({ key: invoice, match: 'invoice_no' })
  const supplier = norm(candidate.supplierName)
  const total = amountOf(candidate.total)
  const date = candidate.issueDate?.slice(0, 10)
  if (supplier && total !== null && total !== 0 && date) {
    keys.push({ key: `amount\u0000${supplier}\u0000${total.toFixed(2)}\u0000${date}`, match: 'total_date' })
  }
  const file = fileKey(candidate.fileName)
  if (file) keys.push({ key: file, match: 'file' })
  return keys
}

/** The duplicate-check view of a document. */
export function duplicateCandidateOf(doc: CheckedDocument): DuplicateCandidate {
  return {
    id: doc.id,
    supplierName: doc.supplier?.name,
    invoiceNo: doc.data?.header?.invoice_no,
    total: amountOf(doc.summary?.total),
    issueDate: doc.data?.header?.issue_date ?? null,
    fileName: doc.user_file_name ?? null,
  }
}

/**
 * Possible duplicate: another document of the same agenda with the same supplier + invoice
 * number, or the same supplier + total + issue date, or uploaded under the same file name.
 * `agenda` may include the document itself (ignored by id). `variant` names the strongest
 * match (invoice no., then total and date, then file); `documentIds` the other documents.
 * Skipped when the document has nothing to compare.
 */
export function checkDuplicate(doc: CheckedDocument, agenda: Iterable<DuplicateCandidate>): CheckResult {
  const own = duplicateKeysOf(duplicateCandidateOf(doc))
  if (own.length === 0) return { code: 'duplicate', status: 'skipped' }
  const matchOf = new Map(own.map(({ key, match }) => [key, match]))
  const found = new Map<number, DuplicateMatch>()
  for (const other of agenda) {
    if (other.id === doc.id || found.has(other.id)) continue
    for (const { key } of duplicateKeysOf(other)) {
      const match = matchOf.get(key)
      if (match) {
        found.set(other.id, match)
        break
      }
    }
  }
  if (found.size === 0) return { code: 'duplicate', status: 'ok' }
  const order: DuplicateMatch[] = ['invoice_no', 'total_date', 'file']
  const variant = order.find((match) => [...found.values()].includes(match))!
  return { code: 'duplicate', status: 'warning', variant, documentIds: [...found.keys()].sort((a, b) => a - b) }
}
