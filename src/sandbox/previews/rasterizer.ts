/**
 * Turns a PDF into page images. Two implementations: pdfjs-dist with its Node canvas (the
 * default: it comes with `npm ci` on every platform) and poppler's `pdftoppm` (optional, used
 * when asked for or when pdfjs-dist cannot load).
 */

/** Which program rasterises PDFs. */
export type RasterizerName = 'pdfjs' | 'pdftoppm'

/** Resolution of the previews in dots per inch: a page of W x H points becomes ceil(W/72*150) x ceil(H/72*150) px. */
export const PREVIEW_DPI = 150

/** Pages rendered per document at most; later pages are left out of the preview. */
export const MAX_PREVIEW_PAGES = 10

/** Renders PDF pages as PNG images. */
export interface PdfRasterizer {
  readonly name: RasterizerName
  /**
   * The first `maxPages` pages of `pdf` as PNG files at `dpi`, in page order. Rejects with an
   * Error when the bytes are not a PDF the program can read (the caller falls back to a drawn
   * page) or when the program itself is missing.
   */
  rasterize(pdf: Uint8Array, dpi: number, maxPages: number): Promise<Buffer[]>
}

/** Pixel size of a page of `points` at `dpi`, as pdftoppm rounds it (up). */
export function pixelsFor(points: number, dpi: number): number {
  return Math.ceil((points * dpi) / 72 - 1e-6)
}

/** True when the bytes start like a PDF file (`%PDF-`, allowing leading junk of up to 1 KB as readers do). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString('latin1')
  return head.includes('%PDF-')
}

/** `image/png` or `image/jpeg` when the bytes start with that format's signature, else null. */
export function imageTypeOf(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    return 'image/png'
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  return null
}

/** Width and height in pixels of a PNG file (from its IHDR chunk); null when it is not a PNG. */
export function pngSize(png: Uint8Array): { width: number; height: number } | null {
  if (imageTypeOf(png) !== 'image/png' || png.length < 24) return null
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength)
  return { width: view.getUint32(16), height: view.getUint32(20) }
}
