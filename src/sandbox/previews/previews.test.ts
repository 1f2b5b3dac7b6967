import { mkdtempSync, readFileSync, rmSync, unlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { defaultFixturesDir } from '../index'
import { emptyExtractedData } from '../model'
import type { DocumentRecord } from '../store'
import { renderInvoiceSvg } from './drawnInvoice'
import { PageCache } from './pageCache'
import { createPdfjsRasterizer } from './pdfjs'
import { createPdftoppmRasterizer, findPdftoppm } from './pdftoppm'
import { imageTypeOf, looksLikePdf, pixelsFor, pngSize, PREVIEW_DPI } from './rasterizer'
import { PAGE_GAP_PX, stackPages } from './sheet'

const fixture = (name: string) => readFileSync(join(defaultFixturesDir(), name))
const scratch = mkdtempSync(join(tmpdir(), 'docket-previews-unit-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('file kinds and sizes', () => {
  it('a page of W x H points is ceil(W/72*dpi) x ceil(H/72*dpi) pixels, as pdftoppm rounds', () => {
    expect(pixelsFor(595, 150)).toBe(1240)
    expect(pixelsFor(612, 150)).toBe(1275)
    expect(pixelsFor(595.276, 150)).toBe(1241)
  })

  it('tells PDFs, PNGs and JPEGs by their first bytes, not by their names', () => {
    expect(looksLikePdf(fixture('oyo.pdf'))).toBe(true)
    expect(looksLikePdf(Buffer.from('<Invoice/>'))).toBe(false)
    expect(imageTypeOf(fixture('oyo.png'))).toBe('image/png')
    expect(imageTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(imageTypeOf(fixture('oyo.pdf'))).toBeNull()
    expect(pngSize(fixture('oyo.png'))).toEqual({ width: 2892, height: 4093 })
    expect(pngSize(fixture('oyo.pdf'))).toBeNull()
  })
})

describe('rasterizers', () => {
  it('pdfjs-dist renders every page of a PDF at the page size; a file that is not a PDF rejects', async () => {
    const pages = await createPdfjsRasterizer().rasterize(fixture('QualityHosting.pdf'), PREVIEW_DPI, 10)
    expect(pages.map((page) => pngSize(page))).toEqual([
      { width: 1241, height: 1754 },
      { width: 1241, height: 1754 },
    ])
    expect(await createPdfjsRasterizer().rasterize(fixture('QualityHosting.pdf'), PREVIEW_DPI, 1)).toHaveLength(1)
    await expect(createPdfjsRasterizer().rasterize(Buffer.from('not a pdf'), PREVIEW_DPI, 10)).rejects.toThrow()
  })

  it.skipIf(!findPdftoppm())('pdftoppm (when installed) gives the same page sizes as pdfjs-dist', async () => {
    const pages = await createPdftoppmRasterizer().rasterize(fixture('QualityHosting.pdf'), PREVIEW_DPI, 10)
    expect(pages.map((page) => pngSize(page))).toEqual([
      { width: 1241, height: 1754 },
      { width: 1241, height: 1754 },
    ])
  })

  it('pdftoppm missing: rejects with a message that names the package', async () => {
    await expect(createPdftoppmRasterizer(null).rasterize(fixture('oyo.pdf'), PREVIEW_DPI, 1)).rejects.toThrow(
      /poppler-utils/,
    )
  })

  it('stacks pages one below the other with a band between them; one page stays as it is', async () => {
    const [page] = await createPdfjsRasterizer().rasterize(fixture('oyo.pdf'), 36, 1)
    const size = pngSize(page!)!
    expect(await stackPages([page!])).toBe(page)
    expect(pngSize(await stackPages([page!, page!, page!]))).toEqual({
      width: size.width,
      height: 3 * size.height + 2 * PAGE_GAP_PX,
    })
  })
})

describe('PageCache', () => {
  it('returns what was put; an entry missing a page is a miss', async () => {
    const cache = new PageCache(join(scratch, 'cache'))
    const key = cache.key('ab'.repeat(32), 'pdfjs', 150)
    expect(await cache.get(key)).toBeNull()
    const pages = [Buffer.from('page one'), Buffer.from('page two')]
    await cache.put(key, { pages, sheet: Buffer.from('both') })
    expect(await cache.get(key)).toEqual({ pages, sheet: Buffer.from('both') })
    unlinkSync(join(scratch, 'cache', `${key}-p2.png`))
    expect(await cache.get(key)).toBeNull()
  })
})

describe('the drawn page (last resort for a file that cannot be rasterised)', () => {
  it('shows supplier, invoice number, dates, items and the total in the currency', () => {
    const data = emptyExtractedData()
    data.supplier.name = 'Azure Interior'
    data.header = {
      ...data.header,
      invoice_no: 'INV/7',
      issue_date: '2023-03-20',
      due_date: '2023-04-04',
      currency: 'USD',
    }
    data.items = [
      {
        code: '',
        name: 'Office Chair',
        quantity: 1,
        unit: '',
        unit_price: 279.84,
        tax_rate: 0,
        subtotal: 279.84,
        tax: 0,
        total: 279.84,
        discount_rate: 0,
        discount: 0,
      },
    ]
    data.summary = { ...data.summary, total: 279.84 }
    const doc = { id: 1, userFileName: 'a.isdoc', data } as unknown as DocumentRecord
    const svg = renderInvoiceSvg(doc)
    for (const text of [
      'INVOICE',
      'Azure Interior',
      'INV/7',
      '2023-03-20',
      '2023-04-04',
      'Office Chair',
      '279.84 USD',
    ]) {
      expect(svg).toContain(text)
    }
  })
})
