import { createHash } from 'node:crypto'
import type { DocumentRecord } from '../store'
import { originalOf, renderInvoiceSvg } from './drawnInvoice'
import { PageCache, type RenderedPages } from './pageCache'
import { createPdfjsRasterizer, pdfjsAvailable } from './pdfjs'
import { createPdftoppmRasterizer, findPdftoppm } from './pdftoppm'
import {
  imageTypeOf,
  looksLikePdf,
  MAX_PREVIEW_PAGES,
  PREVIEW_DPI,
  type PdfRasterizer,
  type RasterizerName,
} from './rasterizer'
import { stackPages } from './sheet'

/**
 * The preview images of documents, as the service makes them: a picture of the document's own
 * file. A PDF is rasterised at {@link PREVIEW_DPI} (every page, at most
 * {@link MAX_PREVIEW_PAGES}); an image file (PNG, JPEG) and a PNG shipped with a demo invoice
 * are shown as they are. Only a file that cannot be rasterised (another format, a broken PDF, no
 * renderer on this machine) gets a page drawn from the extracted data, so the picture a
 * reviewer checks the data against is never made from that data when a real file exists.
 *
 * The demo invoices' renderings are cached on disk by content hash ({@link PageCache}) and
 * prepared in the background after start ({@link DocumentPreviews.prerender}); other files'
 * (uploads, generated documents) are kept in memory only, the most recent
 * {@link MEMORY_ENTRIES}.
 */

/** One preview image. */
export interface PreviewImage {
  contentType: string
  bytes: Buffer
  /** pages the document's preview has (1 for an image or a drawn page) */
  pages: number
}

export interface DocumentPreviewsOptions {
  /** the rasterizer to use; default pdfjs (pdftoppm is used instead when pdfjs-dist cannot load) */
  rasterizer?: RasterizerName
  /** folder of the disk cache; see defaultPreviewCacheDir() */
  cacheDir: string
  /** PDFs whose renderings may be kept on disk: the demo invoices shipped with the app */
  shipped: Buffer[]
  log: (line: string) => void
}

/** Renderings of files that are not shipped PDFs kept in memory (uploads, generated documents). */
export const MEMORY_ENTRIES = 32

export class DocumentPreviews {
  private readonly cache: PageCache
  private readonly shipped: Set<string>
  private readonly hashes = new WeakMap<Buffer, string>()
  /** renderings by content hash, settled or in flight; shipped ones stay, others are evicted oldest first */
  private readonly rendered = new Map<string, Promise<RenderedPages>>()
  private rasterizer: Promise<PdfRasterizer | null> | null = null
  private warming: Promise<void> = Promise.resolve()
  private closed = false
  /** PDFs rasterised by this sandbox and PDFs taken from the disk cache, for the start-up log line and tests */
  readonly counts = { rendered: 0, fromDiskCache: 0 }

  constructor(private readonly options: DocumentPreviewsOptions) {
    this.cache = new PageCache(options.cacheDir)
    this.shipped = new Set(options.shipped.map((pdf) => this.hashOf(pdf)))
  }

  /**
   * The preview of `doc`: `page` null for the whole document (the pages stacked, see
   * stackPages), or a page number from 1. Resolves null when the page does not exist.
   * Never rejects for a bad file: it falls back to the drawn page.
   */
  async preview(doc: DocumentRecord, page: number | null): Promise<PreviewImage | null> {
    if (doc.files.png) return page === null || page === 1 ? png(doc.files.png, 1) : null
    const file = await originalOf(doc)
    const imageType = imageTypeOf(file)
    if (imageType) return page === null || page === 1 ? { contentType: imageType, bytes: file, pages: 1 } : null
    if (looksLikePdf(file)) {
      try {
        const rendered = await this.render(file)
        if (page === null) return png(rendered.sheet, rendered.pages.length)
        const bytes = rendered.pages[page - 1]
        return bytes ? png(bytes, rendered.pages.length) : null
      } catch (error) {
        this.options.log(`previews: document ${doc.id} drawn from its data: ${(error as Error).message}`)
      }
    }
    if (page !== null && page !== 1) return null
    return { contentType: 'image/svg+xml; charset=utf-8', bytes: Buffer.from(renderInvoiceSvg(doc)), pages: 1 }
  }

  /**
   * Prepares the previews of the shipped PDFs among `docs` one after another in the
   * background (from the disk cache, or rendered and cached), so the first look at a demo
   * invoice does not wait. Logs one line with the count and the time taken.
   */
  prerender(docs: DocumentRecord[]): void {
    const files = [...new Set(docs.filter((doc) => !doc.files.png).map((doc) => doc.files.original))].filter(
      (file): file is Buffer => !!file && this.shipped.has(this.hashOf(file)),
    )
    const started = performance.now()
    this.warming = (async () => {
      let ready = 0
      for (const file of files) {
        if (this.closed) return
        await this.render(file).then(
          () => ready++,
          () => undefined,
        )
      }
      const { rendered, fromDiskCache } = this.counts
      this.options.log(
        `previews: ${ready} of ${files.length} demo invoices ready in ${Math.round(performance.now() - started)} ms ` +
          `(${rendered} rendered, ${fromDiskCache} from the disk cache)`,
      )
    })()
  }

  /** Stops the background preparation after the file in hand; resolves once it stopped. */
  async close(): Promise<void> {
    this.closed = true
    await this.warming
  }

  private hashOf(file: Buffer): string {
    let hash = this.hashes.get(file)
    if (!hash) {
      hash = createHash('sha256').update(file).digest('hex')
      this.hashes.set(file, hash)
    }
    return hash
  }

  /** The rendering of a PDF: from memory, from the disk cache (shipped PDFs), or made now. */
  private render(file: Buffer): Promise<RenderedPages> {
    const hash = this.hashOf(file)
    const known = this.rendered.get(hash)
    if (known) return known
    const shipped = this.shipped.has(hash)
    const made = this.make(file, hash, shipped)
    this.rendered.set(hash, made)
    // A failure is not remembered: the next request tries again.
    made.catch(() => this.rendered.delete(hash))
    if (!shipped) this.evictBeyond(MEMORY_ENTRIES)
    return made
  }

  private async make(file: Buffer, hash: string, shipped: boolean): Promise<RenderedPages> {
    // The cache is read before the renderer is chosen, so a warm start never loads pdfjs-dist.
    const cached = shipped ? await this.fromDisk(hash, this.options.rasterizer ?? 'pdfjs') : null
    if (cached) return cached
    const rasterizer = await this.chooseRasterizer()
    if (!rasterizer) throw new Error('no PDF renderer is available')
    const key = this.cache.key(hash, rasterizer.name, PREVIEW_DPI)
    if (shipped && rasterizer.name !== (this.options.rasterizer ?? 'pdfjs')) {
      const fallback = await this.fromDisk(hash, rasterizer.name)
      if (fallback) return fallback
    }
    const pages = await rasterizer.rasterize(file, PREVIEW_DPI, MAX_PREVIEW_PAGES)
    this.counts.rendered++
    const sheet = await stackPages(pages).catch((error: unknown) => {
      this.options.log(`previews: only the first page in the whole-document image: ${(error as Error).message}`)
      return pages[0]!
    })
    const rendered = { pages, sheet }
    if (shipped) {
      await this.cache.put(key, rendered).catch((error: unknown) => {
        this.options.log(`previews: cannot write the cache (${(error as Error).message}); rendering again next start`)
      })
    }
    return rendered
  }

  private async fromDisk(hash: string, rasterizer: RasterizerName): Promise<RenderedPages | null> {
    const cached = await this.cache.get(this.cache.key(hash, rasterizer, PREVIEW_DPI))
    if (cached) this.counts.fromDiskCache++
    return cached
  }

  private evictBeyond(limit: number): void {
    const own = [...this.rendered.keys()].filter((hash) => !this.shipped.has(hash))
    for (const hash of own.slice(0, Math.max(0, own.length - limit))) this.rendered.delete(hash)
  }

  /** pdfjs-dist unless told otherwise; pdftoppm when pdfjs-dist cannot load and poppler is installed. */
  private chooseRasterizer(): Promise<PdfRasterizer | null> {
    this.rasterizer ??= (async () => {
      const wanted = this.options.rasterizer ?? 'pdfjs'
      const pdftoppm = findPdftoppm()
      if (wanted === 'pdftoppm') {
        if (pdftoppm) return createPdftoppmRasterizer(pdftoppm)
        this.options.log('previews: pdftoppm is not installed (Debian: poppler-utils); using pdfjs-dist')
      }
      if (await pdfjsAvailable()) return createPdfjsRasterizer()
      if (pdftoppm) {
        this.options.log('previews: pdfjs-dist or its canvas cannot load here; using pdftoppm')
        return createPdftoppmRasterizer(pdftoppm)
      }
      this.options.log('previews: no PDF renderer (pdfjs-dist and its canvas, or pdftoppm); previews are drawn')
      return null
    })()
    return this.rasterizer
  }
}

function png(bytes: Buffer, pages: number): PreviewImage {
  return { contentType: 'image/png', bytes, pages }
}
