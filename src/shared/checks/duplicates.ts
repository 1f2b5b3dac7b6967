import { amountOf } from './money'
import { isCreditNote, type CheckedDocument } from './context'
import { normalizeCompanyName } from './counterparty'
import type { CheckResult } from './result'
import { normalizeVatId } from './vatId'

/**
 * What the duplicate check compares of each document of an account. The service sends no hash
 * or size of a document's file, only the name it was uploaded under; Docket hashes the bytes of
 * the originals it holds (viewed, copied offline or uploaded) and the document carries that
 * hash (`contentSha256`) when known. Two documents with the same hash are the same file, in
 * any agenda; without hashes, the same file name is a weaker hint within one agenda (the
 * service itself marks byte-identical uploads to one agenda with the state `file_duplicate`).
 */
export interface DuplicateCandidate {
  id: number
  supplierName: string | null | undefined
  /** The supplier's VAT ID: the supplier's identity before its name. */
  supplierVatId?: string | null
  /** The supplier's company ID (IČO, Handelsregister, KvK...): its identity after the VAT ID. */
  supplierCompanyId?: string | null
  /** A credit note is matched with credit notes only: it is not a duplicate of the invoice it corrects. */
  creditNote?: boolean
  invoiceNo: string | null | undefined
  total?: number | null
  issueDate?: string | null
  fileName?: string | null
  /** SHA-256 (hex) of the original's bytes, when Docket held them. */
  contentSha256?: string | null
  /** The agenda the document is in (named in the check's words for a byte-identical file). */
  agendaName?: string | null
}

/**
 * How two documents look alike: byte-identical files (`content`), same supplier + invoice no.,
 * same supplier + total + issue date, same file name (`file`).
 */
export type DuplicateMatch = 'content' | 'invoice_no' | 'total_date' | 'file'

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
 * Who issued a document, each way it can be told, strongest first: the VAT ID, the company ID
 * (digits only), the name after {@link normalizeCompanyName} ("Coolblue B.V." is "coolblue").
 * A document is indexed under each, so one extracted with a VAT ID and one without still meet.
 */
function supplierIdentities(candidate: DuplicateCandidate): string[] {
  const identities: string[] = []
  const vatId = normalizeVatId(candidate.supplierVatId)
  if (vatId.length >= 4) identities.push(`vat:${vatId}`)
  const companyId = (candidate.supplierCompanyId ?? '').replace(/\D/g, '')
  if (companyId.length >= 4) identities.push(`id:${companyId}`)
  const name = normalizeCompanyName(candidate.supplierName) || norm(candidate.supplierName)
  if (name) identities.push(`name:${name}`)
  return identities
}

/** An invoice number as compared: without case, spaces, a leading "#" or "No." */
function invoiceNumber(value: string | null | undefined): string {
  return norm(value)
    .replace(/^(#|no\.?|nr\.?|č\.?)\s*/i, '')
    .replace(/\s+/g, '')
}

/** The content key of a SHA-256 (hex, any case); `null` for none or anything that is not one. */
function contentKey(sha256: string | null | undefined): string | null {
  const hex = (sha256 ?? '').toLowerCase()
  return /^[0-9a-f]{64}$/.test(hex) ? `sha256\u0000${hex}` : null
}

/**
 * Every key under which `candidate` is indexed, with the kind of match each stands for: the
 * hash of its file's bytes, the supplier (each of its identities) + invoice number, the
 * supplier + total + issue date, and the file name it was uploaded under. Credit notes have
 * supplier keys of their own (the same bytes are the same file whatever was extracted).
 */
export function duplicateKeysOf(candidate: DuplicateCandidate): { key: string; match: DuplicateMatch }[] {
  const keys: { key: string; match: DuplicateMatch }[] = []
  const content = contentKey(candidate.contentSha256)
  if (content) keys.push({ key: content, match: 'content' })
  const kind = candidate.creditNote ? 'credit' : 'invoice'
  const invoice = invoiceNumber(candidate.invoiceNo)
  const total = amountOf(candidate.total)
  const date = candidate.issueDate?.slice(0, 10)
  for (const supplier of supplierIdentities(candidate)) {
    if (invoice) keys.push({ key: `${kind}\u0000${supplier}\u0000${invoice}`, match: 'invoice_no' })
    if (total !== null && total !== 0 && date) {
      keys.push({
        key: `amount\u0000${kind}\u0000${supplier}\u0000${total.toFixed(2)}\u0000${date}`,
        match: 'total_date',
      })
    }
  }
  const file = fileKey(candidate.fileName)
  if (file) keys.push({ key: file, match: 'file' })
  return keys
}

/** True when both name a VAT ID (or both a company ID) and they differ: two suppliers of one name. */
function differentSuppliers(a: DuplicateCandidate, b: DuplicateCandidate): boolean {
  const vatA = normalizeVatId(a.supplierVatId)
  const vatB = normalizeVatId(b.supplierVatId)
  if (vatA && vatB) return vatA !== vatB
  const idA = (a.supplierCompanyId ?? '').replace(/\D/g, '')
  const idB = (b.supplierCompanyId ?? '').replace(/\D/g, '')
  return !!idA && !!idB && idA !== idB
}

/** The duplicate-check view of a document. */
export function duplicateCandidateOf(doc: CheckedDocument): DuplicateCandidate {
  return {
    id: doc.id,
    supplierName: doc.supplier?.name,
    supplierVatId: doc.supplier?.vat_id ?? null,
    supplierCompanyId: doc.supplier?.id ?? null,
    creditNote: isCreditNote(doc),
    invoiceNo: doc.data?.header?.invoice_no,
    total: amountOf(doc.summary?.total),
    issueDate: doc.data?.header?.issue_date ?? null,
    fileName: doc.user_file_name ?? null,
    contentSha256: doc.local?.contentSha256 ?? null,
  }
}

/** Strongest first: the variant a warning takes when documents match in several ways. */
const MATCH_ORDER: readonly DuplicateMatch[] = ['content', 'invoice_no', 'total_date', 'file']

/**
 * Possible duplicate: another document whose file has the same bytes (its content hash, in any
 * agenda, whatever was extracted), or with the same supplier (VAT ID, company ID or normalised
 * name; two different VAT IDs are two suppliers) + invoice number, or the same supplier +
 * total + issue date, or uploaded under the same file name; a credit note only with another
 * credit note (unless the bytes are the same).
 * `agenda` may include the document itself (ignored by id). `variant` names the strongest
 * match (`content`, then invoice no., then total and date, then file name); `documentIds` the
 * other documents. For `content`, `params` name the first byte-identical one as a person finds
 * it: `otherSupplier`, `otherInvoiceNo`, `otherAgenda` ("–" for what is unknown); the variant is
 * `content_unnamed` when that document has neither supplier nor invoice number (not extracted).
 * `sameFileOnly` compares the file's bytes alone (a document not extracted yet: its data are
 * placeholders, its file is not). Skipped when the document has nothing to compare.
 */
export function checkDuplicate(
  doc: CheckedDocument,
  agenda: Iterable<DuplicateCandidate>,
  options: { sameFileOnly?: boolean } = {},
): CheckResult {
  const candidate = duplicateCandidateOf(doc)
  const own = duplicateKeysOf(candidate).filter(({ match }) => !options.sameFileOnly || match === 'content')
  if (own.length === 0) return { code: 'duplicate', status: 'skipped' }
  const matchOf = new Map(own.map(({ key, match }) => [key, match]))
  const found = new Map<number, DuplicateMatch>()
  let sameBytes: DuplicateCandidate | null = null
  for (const other of agenda) {
    if (other.id === doc.id || found.has(other.id)) continue
    const matches = duplicateKeysOf(other)
      .map(({ key }) => matchOf.get(key))
      .filter((match): match is DuplicateMatch => match !== undefined)
    // The same bytes are the same file, whatever was extracted from it.
    if (matches.includes('content')) {
      found.set(other.id, 'content')
      if (!sameBytes || other.id < sameBytes.id) sameBytes = other
      continue
    }
    if (matches.length === 0 || differentSuppliers(candidate, other)) continue
    found.set(
      other.id,
      MATCH_ORDER.find((match) => matches.includes(match))!,
    )
  }
  if (found.size === 0) return { code: 'duplicate', status: 'ok' }
  const variant = MATCH_ORDER.find((match) => [...found.values()].includes(match))!
  const documentIds = [...found.keys()].sort((a, b) => a - b)
  if (!sameBytes) return { code: 'duplicate', status: 'warning', variant, documentIds }
  const known = (value: string | null | undefined) => (value?.trim() ? value.trim() : '–')
  const unnamed = known(sameBytes.supplierName) === '–' && known(sameBytes.invoiceNo) === '–'
  return {
    code: 'duplicate',
    status: 'warning',
    variant: unnamed ? 'content_unnamed' : variant,
    documentIds,
    params: {
      otherSupplier: known(sameBytes.supplierName),
      otherInvoiceNo: known(sameBytes.invoiceNo),
      otherAgenda: known(sameBytes.agendaName),
    },
  }
}
