import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pixelsFor, type PdfRasterizer } from './rasterizer'

/**
 * PDF pages to PNG with pdfjs-dist's legacy (Node) build, drawing on the Node canvas it ships
 * with (@napi-rs/canvas, an optional dependency of pdfjs-dist). pdfjs-dist is a runtime
 * dependency because the app's demo mode runs the sandbox, and so this renderer, inside
 * Electron's main process.
 */

/** The canvas pdfjs-dist's Node canvas factory hands out (the subset used here). */
interface NodeCanvas {
  width: number
  height: number
  encode(format: 'png'): Promise<Buffer>
}

interface CanvasAndContext {
  canvas: NodeCanvas
  context: unknown
}

interface CanvasFactory {
  create(width: number, height: number): CanvasAndContext
  destroy(entry: CanvasAndContext): void
}

type PdfjsModule = typeof import('pdfjs-dist/legacy/build/pdf.mjs')
type RenderParameters = Parameters<import('pdfjs-dist/legacy/build/pdf.mjs').PDFPageProxy['render']>[0]

let pdfjsModule: Promise<PdfjsModule> | null = null

/** The pdfjs-dist module, imported once on first use (it is about 80 ms to load). */
function loadPdfjs(): Promise<PdfjsModule> {
  pdfjsModule ??= import('pdfjs-dist/legacy/build/pdf.mjs').catch((error: unknown) => {
    pdfjsModule = null
    throw error
  })
  return pdfjsModule
}

/**
 * True when pdfjs-dist and its Node canvas load on this machine (the canvas is a native
 * module with one package per platform, so it can be missing where the others are present).
 */
export async function pdfjsAvailable(): Promise<boolean> {
  try {
    await loadPdfjs()
    createRequire(join(pdfjsDistDir(), 'package.json'))('@napi-rs/canvas')
    return true
  } catch {
    return false
  }
}

/** pdfjs-dist's folder: its fonts, character maps, colour profiles and wasm decoders are read from there. */
export function pdfjsDistDir(): string {
  return dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))
}

/** The pdfjs-dist rasterizer. Fonts a PDF does not embed come from pdfjs-dist's standard fonts. */
export function createPdfjsRasterizer(): PdfRasterizer {
  return {
    name: 'pdfjs',
    async rasterize(pdf, dpi, maxPages) {
      const pdfjs = await loadPdfjs()
      const dist = pdfjsDistDir()
      const folder = (name: string) => join(dist, name) + '/'
      const task = pdfjs.getDocument({
        // A copy: pdfjs may take over (detach) the buffer it is given.
        data: new Uint8Array(pdf),
        standardFontDataUrl: folder('standard_fonts'),
        cMapUrl: folder('cmaps'),
        cMapPacked: true,
        iccUrl: folder('iccs'),
        wasmUrl: folder('wasm'),
        verbosity: pdfjs.VerbosityLevel.ERRORS,
      })
      try {
        const doc = await task.promise
        const factory = doc.canvasFactory as CanvasFactory
        const pages: Buffer[] = []
        for (let number = 1; number <= Math.min(doc.numPages, maxPages); number++) {
          const page = await doc.getPage(number)
          const size = page.getViewport({ scale: 1 })
          const entry = factory.create(pixelsFor(size.width, dpi), pixelsFor(size.height, dpi))
          try {
            await page.render({
              canvas: entry.canvas as unknown as RenderParameters['canvas'],
              canvasContext: entry.context as RenderParameters['canvasContext'],
              viewport: page.getViewport({ scale: dpi / 72 }),
            }).promise
            // encode() compresses on libuv's thread pool, so the event loop stays free meanwhile.
            pages.push(await entry.canvas.encode('png'))
          } finally {
            factory.destroy(entry)
            page.cleanup()
          }
        }
        return pages
      } finally {
        await task.destroy()
      }
    },
  }
}
