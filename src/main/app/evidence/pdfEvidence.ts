import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { MAX_EVIDENCE_PAGES, MAX_EVIDENCE_WORDS, MAX_WORD_LENGTH } from '../../../shared/evidence/types'
import type { EvidencePage, EvidenceWord } from '../../../shared/evidence/types'

/**
 * Reads a PDF's text layer and attached files with pdfjs-dist's legacy (Node) build: every run
 * of text with its box (PDF points, origin top-left) and the files embedded in the PDF (a
 * Factur-X invoice's XML). Runs in the evidence child process (evidenceChild.ts); the PDF is
 * untrusted, so pages, words and attachments are capped and scripting is off.
 */

/** An embedded file small enough to be an e-invoice. */
export interface PdfAttachment {
  name: string
  bytes: Uint8Array
}

/** What a PDF yields. `pages[i].source` is `text` when the page has words, else `none` (OCR may fill it). */
export interface PdfEvidence {
  pages: EvidencePage[]
  words: EvidenceWord[]
  attachments: PdfAttachment[]
}

/** Attachments larger than this (bytes) are not read: an e-invoice XML is a few hundred kB at most. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024
/** Most attachments read. */
const MAX_ATTACHMENTS = 10

type PdfjsModule = typeof import('pdfjs-dist/legacy/build/pdf.mjs')
let pdfjsModule: Promise<PdfjsModule> | null = null

function loadPdfjs(): Promise<PdfjsModule> {
  pdfjsModule ??= import('pdfjs-dist/legacy/build/pdf.mjs').catch((error: unknown) => {
    pdfjsModule = null
    throw error
  })
  return pdfjsModule
}

function pdfjsDistDir(): string {
  return dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))
}

interface TextRun {
  str: string
  transform: number[]
  width: number
  height: number
}

const isTextRun = (item: unknown): item is TextRun =>
  typeof item === 'object' && item !== null && 'str' in item && 'transform' in item

/**
 * The text layer and attachments of `pdf`. Throws (the worker turns it into a typed problem)
 * when pdfjs cannot open the file.
 */
export async function readPdfEvidence(pdf: Uint8Array): Promise<PdfEvidence> {
  const pdfjs = await loadPdfjs()
  const dist = pdfjsDistDir()
  const task = pdfjs.getDocument({
    data: new Uint8Array(pdf),
    cMapUrl: join(dist, 'cmaps') + '/',
    cMapPacked: true,
    standardFontDataUrl: join(dist, 'standard_fonts') + '/',
    enableXfa: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  })
  try {
    const doc = await task.promise
    const pages: EvidencePage[] = []
    const words: EvidenceWord[] = []
    for (let number = 1; number <= Math.min(doc.numPages, MAX_EVIDENCE_PAGES); number++) {
      const page = await doc.getPage(number)
      try {
        const viewport = page.getViewport({ scale: 1 })
        const content = await page.getTextContent()
        let count = 0
        for (const item of content.items) {
          if (!isTextRun(item) || item.str.trim() === '' || words.length >= MAX_EVIDENCE_WORDS) continue
          // The run's baseline in page space, turned into a top-left box in viewport space.
          const [x, y] = viewport.convertToViewportPoint(item.transform[4]!, item.transform[5]!) as [number, number]
          const height = item.height > 0 ? item.height : Math.hypot(item.transform[2]!, item.transform[3]!)
          words.push({
            text: item.str.slice(0, MAX_WORD_LENGTH),
            page: number,
            x: round(x),
            y: round(y - height),
            width: round(Math.max(0, item.width)),
            height: round(Math.max(0, height)),
          })
          count++
        }
        pages.push({
          page: number,
          width: round(viewport.width),
          height: round(viewport.height),
          source: count > 0 ? 'text' : 'none',
        })
      } finally {
        page.cleanup()
      }
    }
    return { pages, words, attachments: await attachmentsOf(doc) }
  } finally {
    await task.destroy()
  }
}

async function attachmentsOf(
  doc: import('pdfjs-dist/legacy/build/pdf.mjs').PDFDocumentProxy,
): Promise<PdfAttachment[]> {
  const found: PdfAttachment[] = []
  const all = await doc.getAttachments()
  if (!all) return found
  const entries: [string, { filename?: string; content?: Uint8Array | null }][] =
    all instanceof Map ? [...all.entries()] : Object.entries(all as Record<string, { filename?: string }>)
  for (const [id, attachment] of entries.slice(0, MAX_ATTACHMENTS)) {
    let content = attachment.content ?? null
    if (!content && 'getAttachmentContent' in doc) {
      content = await (doc as unknown as { getAttachmentContent(id: string): Promise<Uint8Array | null> })
        .getAttachmentContent(id)
        .catch(() => null)
    }
    if (!content || content.byteLength > MAX_ATTACHMENT_BYTES) continue
    found.push({ name: String(attachment.filename ?? id).slice(0, 200), bytes: content })
  }
  return found
}

function round(value: number): number {
  return Math.round(value * 100) / 100
}
