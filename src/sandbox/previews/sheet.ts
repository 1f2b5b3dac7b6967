import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pdfjsDistDir } from './pdfjs'

/**
 * One image of a whole document: its pages one below the other, left-aligned, separated by a
 * grey band. The service's `preview` is one image per document, so this is how a client that
 * shows that one image shows every page.
 */

/** Height of the band between two pages, in pixels (about 2.7 mm at 150 dpi). */
export const PAGE_GAP_PX = 16
const GAP_COLOUR = '#c8c8c8'

/** The part of @napi-rs/canvas used here. */
interface CanvasModule {
  createCanvas(
    width: number,
    height: number,
  ): {
    getContext(kind: '2d'): {
      fillStyle: string
      fillRect(x: number, y: number, width: number, height: number): void
      drawImage(image: unknown, x: number, y: number): void
    }
    encode(format: 'png'): Promise<Buffer>
  }
  loadImage(source: Buffer): Promise<{ width: number; height: number }>
}

let canvasModule: CanvasModule | null = null

/**
 * @napi-rs/canvas as pdfjs-dist resolves it (it is pdfjs-dist's optional dependency, installed
 * beside it). Throws when it is not installed for this platform.
 */
function loadCanvas(): CanvasModule {
  canvasModule ??= createRequire(join(pdfjsDistDir(), 'package.json'))('@napi-rs/canvas') as CanvasModule
  return canvasModule
}

/**
 * Stacks page PNGs into one PNG: width of the widest page, height the sum of the pages plus
 * {@link PAGE_GAP_PX} between each two. One page is returned as it is. Throws when the canvas
 * module is missing or a page is not a readable image.
 */
export async function stackPages(pages: Buffer[]): Promise<Buffer> {
  if (pages.length === 1) return pages[0]!
  if (pages.length === 0) throw new Error('no pages to stack')
  const canvas = loadCanvas()
  const images = await Promise.all(pages.map((page) => canvas.loadImage(page)))
  const width = Math.max(...images.map((image) => image.width))
  const height = images.reduce((sum, image) => sum + image.height, 0) + PAGE_GAP_PX * (images.length - 1)
  const sheet = canvas.createCanvas(width, height)
  const context = sheet.getContext('2d')
  context.fillStyle = GAP_COLOUR
  context.fillRect(0, 0, width, height)
  let y = 0
  for (const image of images) {
    context.drawImage(image, 0, y)
    y += image.height + PAGE_GAP_PX
  }
  return sheet.encode('png')
}
