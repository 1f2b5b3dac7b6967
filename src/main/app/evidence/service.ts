import {
  documentEvidenceSchema,
  type DocumentEvidence,
  type EvidencePage,
  type EvidenceProblem,
  type EvidenceStatus,
  type EvidenceWord,
  type PaymentCode,
} from '../../../shared/evidence/types'
import type { OfflineWorkspace } from '../../offline'
import { EvidenceReadError, type EvidenceReader } from './evidenceReader'
import type { Ocr } from './ocr'

/**
 * Evidence per document, in the background: reads a document's own file once (the original
 * PDF's text layer and embedded e-invoice; payment QR codes and, for pages without text, OCR
 * from the image) and keeps the result in the account's local store, so it is there offline
 * and never read twice (a document's original never changes: a new file is a new document).
 *
 * Reading happens in two steps. The first (a PDF's text layer and e-invoice, in the evidence
 * reader's PDF process) is what a born-digital invoice needs; the document's evidence is `ready` when it
 * ends. The second (QR codes, OCR when there is no text) follows and completes the stored
 * record (`complete`). Originals are fetched only for the document being opened
 * (`fetch: true`); for others only a cached original (offline copies fetch theirs) is read.
 */

/** The part of the offline workspace evidence uses. */
export type EvidenceWorkspace = Pick<
  OfflineWorkspace,
  'getDocument' | 'getOriginal' | 'getPreview' | 'cachedOriginal' | 'storedEvidence' | 'storeEvidence'
>

/** The evidence of a document as the channel answers it (see {@link EvidenceStatus}). */
export interface EvidenceState {
  status: EvidenceStatus
  evidence: DocumentEvidence | null
  /** False while QR codes and OCR are still being read. */
  complete: boolean
  problem?: { code: string; message: string }
}

export interface EvidenceServiceDeps {
  getWorkspace(): EvidenceWorkspace
  reader: EvidenceReader
  /** OCR of images; without it, pages without a text layer stay without words. */
  ocr?: Ocr | null
  log?: (line: string) => void
  /** Monotonic ms (performance.now), for `elapsedMs`. */
  clock?: () => number
  /** Called when a document's evidence was read (or completed): the app re-reads its checks. */
  onRead?: (documentId: number) => void
}

/** Most documents whose evidence is kept in memory (the rest are read from the store again). */
const MEMORY_DOCUMENTS = 20
/** Most words kept in memory over those documents (about 100 bytes each). */
const MEMORY_WORDS = 60_000
/** Most documents remembered as failed (until the app restarts). */
const MAX_FAILED = 500
/** The longest OCR of one image (ms). */
const OCR_TIMEOUT_MS = 20_000

const isPdf = (contentType: string, bytes: Uint8Array) =>
  contentType.includes('pdf') || (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46)
const isImage = (contentType: string) => /^image\/(png|jpeg)$/u.test(contentType)

export interface EvidenceService {
  /**
   * The evidence of a document. Starts reading it when there is none (fetching the original
   * when `fetch` and online) and waits up to `waitMs` for the first step; `pending` after
   * that. Never rejects for a bad file: that is `failed` with the problem.
   */
  evidenceOf(documentId: number, options?: { fetch?: boolean; waitMs?: number }): Promise<EvidenceState>
  /** Resolves when everything started so far has finished (tests, benchmarks). */
  settled(): Promise<void>
  /** What evidence holds in memory now: documents and words (bench B6). */
  memory(): { documents: number; words: number }
  close(): Promise<void>
}

export function createEvidenceService(deps: EvidenceServiceDeps): EvidenceService {
  const clock = deps.clock ?? (() => performance.now())
  /** Recently used evidence (insertion order = use order). */
  const memory = new Map<number, { evidence: DocumentEvidence; complete: boolean }>()
  const running = new Map<number, { first: Promise<void>; all: Promise<void> }>()
  const failed = new Map<number, { code: string; message: string }>()
  /** Documents found without any file to read (no original, no preview): not asked again this session. */
  const fileless = new Set<number>()
  let closed = false
  /** The workspace the memory belongs to: another account's workspace starts afresh. */
  let owner: EvidenceWorkspace | null = null

  const workspaceNow = (): EvidenceWorkspace => {
    const workspace = deps.getWorkspace()
    if (workspace !== owner) {
      owner = workspace
      memory.clear()
      failed.clear()
      fileless.clear()
    }
    return workspace
  }

  const remember = (id: number, evidence: DocumentEvidence, complete: boolean) => {
    memory.delete(id)
    memory.set(id, { evidence, complete })
    let words = 0
    for (const entry of memory.values()) words += entry.evidence.words.length
    for (const [key, entry] of memory) {
      if (memory.size <= MEMORY_DOCUMENTS && words <= MEMORY_WORDS) break
      if (key === id) continue
      words -= entry.evidence.words.length
      memory.delete(key)
    }
  }

  const fail = (id: number, problem: { code: string; message: string }) => {
    failed.set(id, problem)
    if (failed.size > MAX_FAILED) failed.delete(failed.keys().next().value!)
  }

  /** The stored record, when it is valid evidence. */
  async function stored(id: number): Promise<{ evidence: DocumentEvidence; complete: boolean } | null> {
    const value = (await deps
      .getWorkspace()
      .storedEvidence(id)
      .catch(() => undefined)) as { evidence?: unknown; complete?: unknown } | undefined
    if (!value || typeof value !== 'object') return null
    const parsed = documentEvidenceSchema.safeParse(value.evidence)
    return parsed.success ? { evidence: parsed.data, complete: value.complete === true } : null
  }

  async function keep(
    workspace: EvidenceWorkspace,
    id: number,
    evidence: DocumentEvidence,
    complete: boolean,
  ): Promise<void> {
    // Read for an account no longer open: its store is closed, and this memory is another's.
    if (workspace !== owner) return
    remember(id, evidence, complete)
    await workspace
      .storeEvidence(id, { evidence, complete })
      .catch((error: unknown) => deps.log?.(`evidence of ${id} not stored: ${String(error)}`))
    deps.onRead?.(id)
  }

  /** The file to read: the original (fetched only with `fetch`), else null. */
  async function originalOf(workspace: EvidenceWorkspace, id: number, fetch: boolean) {
    if (!fetch) return workspace.cachedOriginal(id)
    return workspace.getOriginal(id).catch(() => workspace.cachedOriginal(id))
  }

  /** Reads a document's file; resolves `first` after step one, `all` at the end. */
  function read(id: number, fetch: boolean): { first: Promise<void>; all: Promise<void> } {
    let firstDone: () => void = () => undefined
    const first = new Promise<void>((resolve) => (firstDone = resolve))
    const all = (async () => {
      const started = clock()
      const workspace = workspaceNow()
      const doc = await workspace.getDocument(id)
      if (!doc) return
      const original = await originalOf(workspace, id, fetch)
      const problems: EvidenceProblem[] = []
      let pages: EvidencePage[] = []
      let words: EvidenceWord[] = []
      let einvoice: DocumentEvidence['einvoice'] = null
      let source: DocumentEvidence['source'] = 'original'
      let image: Uint8Array | null = null
      let payments: PaymentCode[] = []
      if (original && isPdf(original.contentType, original.bytes)) {
        const reading = await deps.reader.readPdf(original.bytes)
        ;({ pages, words, einvoice } = reading)
        problems.push(...reading.problems)
      } else if (original && isImage(original.contentType)) {
        image = original.bytes
      }
      const base = (): DocumentEvidence => ({
        version: doc.last_modified_at,
        source,
        pages: pages.slice(0, 20),
        words,
        einvoice,
        payments,
        problems: problems.slice(0, 20),
        elapsedMs: Math.round(clock() - started),
      })
      const hasText = pages.some((page) => page.source === 'text')
      if (hasText || einvoice) {
        await keep(workspace, id, base(), false)
        firstDone()
      }
      // Step two: QR codes (and OCR without text) from an image of the invoice: the original
      // when it is one, else the preview (fetched only for the document being opened).
      if (!image && (fetch || !original)) {
        const preview = fetch ? await workspace.getPreview(id).catch(() => null) : null
        if (preview && isImage(preview.contentType)) {
          image = preview.bytes
          if (!original) source = 'preview'
        }
      }
      if (image) {
        const qr = await deps.reader.readQr(image, 1)
        // Boxes from a preview are in its pixels, not the PDF's points: kept only when the image is the page.
        payments = qr.payments.map((code) => (pages.length > 0 ? { ...code, box: null } : code))
        problems.push(...qr.problems)
        if (!hasText && deps.ocr) {
          try {
            const ocr = await deps.ocr.recognize(image, 1, OCR_TIMEOUT_MS)
            pages = [{ page: 1, width: ocr.width, height: ocr.height, source: 'ocr' }]
            words = ocr.words
            if (source === 'original' && original && isPdf(original.contentType, original.bytes)) source = 'preview'
          } catch (error) {
            problems.push({ part: 'ocr', code: 'ocr_failed', message: String((error as Error).message).slice(0, 300) })
          }
        }
      }
      if (!original && !image) {
        if (fetch) fileless.add(id)
        if (fileless.size > MAX_FAILED) fileless.delete(fileless.values().next().value!)
        return
      }
      await keep(workspace, id, base(), true)
    })()
      .catch((error: unknown) => {
        const code = error instanceof EvidenceReadError ? error.code : 'internal'
        deps.log?.(`evidence of ${id} failed: ${String(error)}`)
        fail(id, {
          code,
          message: error instanceof Error ? error.message.slice(0, 300) : 'The file could not be read.',
        })
      })
      .finally(() => {
        firstDone()
        running.delete(id)
      })
    return { first, all }
  }

  /** `ready`, or `failed` when the file yielded nothing but problems (the first one says why). */
  const stateOf = (entry: { evidence: DocumentEvidence; complete: boolean }): EvidenceState => {
    const { evidence } = entry
    const nothing = evidence.words.length === 0 && !evidence.einvoice && evidence.payments.length === 0
    const problem = evidence.problems[0]
    if (nothing && problem && entry.complete) {
      return { status: 'failed', ...entry, problem: { code: problem.code, message: problem.message } }
    }
    return { status: 'ready', ...entry }
  }

  async function current(id: number): Promise<EvidenceState | null> {
    workspaceNow()
    const inMemory = memory.get(id)
    if (inMemory) {
      remember(id, inMemory.evidence, inMemory.complete)
      return stateOf(inMemory)
    }
    const fromStore = await stored(id)
    if (fromStore) {
      remember(id, fromStore.evidence, fromStore.complete)
      return stateOf(fromStore)
    }
    return null
  }

  return {
    async evidenceOf(documentId, options = {}) {
      const known = await current(documentId)
      if (known && (known.complete || running.has(documentId))) return known
      const problem = failed.get(documentId)
      if (problem) return { status: 'failed', evidence: null, complete: true, problem }
      if (fileless.has(documentId)) return { status: 'none', evidence: null, complete: true }
      if (closed) return { status: 'none', evidence: null, complete: true }
      // A document without its evidence is open: its file is likely read soon (the pane asks
      // for it after a moment), so the reader gets ready now and that read does not wait for it.
      if (!known) deps.reader.warm?.()
      let job = running.get(documentId)
      if (!job) {
        // Read only what can be had: the opened document may fetch; others need a cached file.
        const workspace = workspaceNow()
        if (!options.fetch && !(await workspace.cachedOriginal(documentId))) {
          return known ?? { status: 'none', evidence: null, complete: true }
        }
        job = read(documentId, options.fetch === true)
        running.set(documentId, job)
      }
      const waitMs = options.waitMs ?? 1500
      // The checks of an opened document never wait (documents.get answers at once).
      if (waitMs > 0) {
        let timer: NodeJS.Timeout | undefined
        await Promise.race([job.first, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))])
        clearTimeout(timer)
      }
      const after = await current(documentId)
      if (after) return after
      const failure = failed.get(documentId)
      if (failure) return { status: 'failed', evidence: null, complete: true, problem: failure }
      if (running.has(documentId)) return { status: 'pending', evidence: null, complete: false }
      return { status: 'none', evidence: null, complete: true }
    },

    async settled() {
      while (running.size > 0) await Promise.all([...running.values()].map((job) => job.all))
    },

    memory() {
      let words = 0
      for (const entry of memory.values()) words += entry.evidence.words.length
      return { documents: memory.size, words }
    },

    async close() {
      closed = true
      await Promise.all([...running.values()].map((job) => job.all))
      memory.clear()
      await deps.reader.close()
      await deps.ocr?.close()
    },
  }
}

/**
 * Evidence switched off (the host's `evidence: false`; the benchmarks measure triage and memory
 * with and without it): no file is fetched or read, no process or recogniser starts, and every
 * document's evidence is `none` (the checks then see no evidence, as for a document without files).
 */
export function disabledEvidenceService(): EvidenceService {
  return {
    evidenceOf: async () => ({ status: 'none', evidence: null, complete: true }),
    settled: async () => undefined,
    memory: () => ({ documents: 0, words: 0 }),
    close: async () => undefined,
  }
}
