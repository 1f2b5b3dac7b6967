import { copyFile, mkdtemp, rm, symlink } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { MAX_EVIDENCE_WORDS, MAX_WORD_LENGTH, type EvidenceWord } from '../../../shared/evidence/types'

/**
 * OCR of a page image (a scan or photo without a text layer) with tesseract.js, English and
 * Czech. The language data comes from the @tesseract.js-data packages in node_modules (LSTM
 * "best_int" models): tesseract reads both from one local folder (`langPath`), so a temporary
 * folder links to the two packages' files (removed on {@link Ocr.close}); nothing is fetched
 * and tesseract writes no cache. tesseract.js runs the recognition in its own worker thread; the app runs this module
 * in the evidence reader's OCR process (evidenceChild.ts, evidenceProcess.ts), never in its
 * main process. One recogniser is kept, so at most one OCR runs at a time (callers queue on
 * it: see {@link createOcr}).
 */

/** Images larger than this (bytes) are not recognised. */
export const MAX_OCR_IMAGE_BYTES = 20 * 1024 * 1024

/** Words and page size from an image, boxes in the image's pixels. */
export interface OcrResult {
  width: number
  height: number
  words: EvidenceWord[]
}

/** One OCR at a time over a lazily started tesseract worker; {@link close} stops it. */
export interface Ocr {
  /** The words of `image` (PNG or JPEG bytes) as page `page`. Rejects on a bad image or after `timeoutMs`. */
  recognize(image: Uint8Array, page: number, timeoutMs?: number): Promise<OcrResult>
  close(): Promise<void>
}

type TesseractWorker = import('tesseract.js').Worker

const LANGUAGES = ['eng', 'ces'] as const

/** A temporary folder holding (links to) the shipped `eng` and `ces` language data. */
async function languageFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'docket-ocr-'))
  for (const code of LANGUAGES) {
    const dir = dirname(createRequire(import.meta.url).resolve(`@tesseract.js-data/${code}/package.json`))
    const source = join(dir, '4.0.0_best_int', `${code}.traineddata.gz`)
    const target = join(folder, `${code}.traineddata.gz`)
    await symlink(source, target).catch(() => copyFile(source, target))
  }
  return folder
}

/**
 * A recogniser; the tesseract worker starts on the first page and stops after `idleMs`
 * (default 30 s) without pages, or on {@link Ocr.close}.
 */
export function createOcr(options: { idleMs?: number } = {}): Ocr {
  const idleMs = options.idleMs ?? 30_000
  let worker: Promise<TesseractWorker> | null = null
  let queue: Promise<unknown> = Promise.resolve()
  let folder: Promise<string> | null = null

  const start = async (): Promise<TesseractWorker> => {
    const tesseract = await import('tesseract.js')
    folder ??= languageFolder()
    // OEM 1: LSTM only (the best_int models have no legacy engine). cacheMethod none: never write a cache.
    return tesseract.createWorker([...LANGUAGES], 1, { langPath: await folder, cacheMethod: 'none', gzip: true })
  }

  const run = async (image: Uint8Array, page: number, timeoutMs: number): Promise<OcrResult> => {
    if (image.byteLength > MAX_OCR_IMAGE_BYTES) throw new Error('The image is too large to recognise.')
    worker ??= start()
    const recogniser = await worker
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`OCR took longer than ${timeoutMs} ms.`)), timeoutMs)
    })
    try {
      const result = await Promise.race([
        recogniser.recognize(Buffer.from(image), {}, { blocks: true, text: false }),
        timeout,
      ])
      return toResult(result.data, page)
    } catch (error) {
      // A stuck or failed recogniser is dropped; the next page starts a fresh one.
      worker = null
      await recogniser.terminate().catch(() => undefined)
      throw error
    } finally {
      clearTimeout(timer)
    }
  }

  // The recogniser holds about 300 MB (the models in WebAssembly memory): stopped when idle.
  let idle: NodeJS.Timeout | null = null
  const stopWhenIdle = () => {
    if (idle) clearTimeout(idle)
    idle = setTimeout(() => {
      const current = worker
      worker = null
      void current?.then((recogniser) => recogniser.terminate()).catch(() => undefined)
    }, idleMs)
    idle.unref()
  }

  return {
    recognize(image, page, timeoutMs = 20_000) {
      if (idle) clearTimeout(idle)
      const next = queue.then(() => run(image, page, timeoutMs))
      queue = next.catch(() => undefined)
      void queue.then(stopWhenIdle)
      return next
    },
    async close() {
      if (idle) clearTimeout(idle)
      const current = worker
      worker = null
      if (current) await (await current.catch(() => null))?.terminate().catch(() => undefined)
      const dir = await folder?.catch(() => null)
      folder = null
      if (dir) await rm(dir, { recursive: true, force: true }).catch(() => undefined)
    },
  }
}

interface Box {
  x0: number
  y0: number
  x1: number
  y1: number
}
interface OcrPage {
  blocks?:
    { paragraphs?: { lines?: { words?: { text: string; bbox: Box; confidence: number }[] }[] }[]; bbox: Box }[] | null
}

function toResult(data: OcrPage, page: number): OcrResult {
  const words: EvidenceWord[] = []
  let width = 1
  let height = 1
  for (const block of data.blocks ?? []) {
    width = Math.max(width, block.bbox.x1)
    height = Math.max(height, block.bbox.y1)
    for (const paragraph of block.paragraphs ?? []) {
      for (const line of paragraph.lines ?? []) {
        for (const word of line.words ?? []) {
          if (words.length >= MAX_EVIDENCE_WORDS || word.text.trim() === '' || word.confidence < 30) continue
          words.push({
            text: word.text.slice(0, MAX_WORD_LENGTH),
            page,
            x: word.bbox.x0,
            y: word.bbox.y0,
            width: Math.max(0, word.bbox.x1 - word.bbox.x0),
            height: Math.max(0, word.bbox.y1 - word.bbox.y0),
          })
        }
      }
    }
  }
  return { width, height, words }
}
