import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultFixturesDir } from '../index'
import { startTestSandbox, type TestSandbox } from '../testing'
import { createPdfjsRasterizer } from './pdfjs'
import { pixelsFor, pngSize, PREVIEW_DPI } from './rasterizer'
import { PAGE_GAP_PX } from './sheet'

/**
 * Previews are pictures of the document's own file: a demo invoice's PDF rendered at 150 dpi
 * (every page), its shipped PNG as given, an upload's own file; rendered once per machine.
 * Page sizes in points (pdfinfo): AzureInterior 595 x 842, coolblue1 594.992 x 841.89,
 * QualityHosting 595.276 x 841.89 (2 pages).
 */

const fixture = (name: string) => readFileSync(join(defaultFixturesDir(), name))
const px = (points: number) => pixelsFor(points, PREVIEW_DPI)

let cacheDir: string
let t: TestSandbox
const logLines: string[] = []

/** Resolves once the background preparation logged its line. */
function prepared(lines: string[]): Promise<string> {
  return new Promise((done) => {
    const poll = setInterval(() => {
      const line = lines.find((l) => l.startsWith('previews: ') && l.includes('demo invoices ready'))
      if (line) {
        clearInterval(poll)
        done(line)
      }
    }, 20)
  })
}

beforeAll(async () => {
  cacheDir = mkdtempSync(join(tmpdir(), 'docket-previews-test-'))
  t = await startTestSandbox({ previewCacheDir: cacheDir, processingDelayMs: 20, log: (line) => logLines.push(line) })
})
afterAll(async () => {
  await t?.close()
  rmSync(cacheDir, { recursive: true, force: true })
})

async function preview(id: number, query = '') {
  const res = await fetch(`${t.url}/api/v1_2/documents/${id}/preview${query}`, {
    headers: { authorization: `Bearer ${await t.token()}` },
  })
  const bytes = Buffer.from(await res.arrayBuffer())
  return { status: res.status, type: res.headers.get('content-type'), pages: res.headers.get('x-page-count'), bytes }
}

function idOf(fileName: string): number {
  return t.sandbox.state().documents.find((d) => d.user_file_name === fileName)!.id
}

describe('GET /api/v1_2/documents/:id/preview', () => {
  it("a demo invoice with only a PDF: the PDF's page rendered at 150 dpi, not a page drawn from the data", async () => {
    const azure = await preview(idOf('AzureInterior.pdf'))
    expect(azure.status).toBe(200)
    expect(azure.type).toBe('image/png')
    expect(azure.pages).toBe('1')
    expect(pngSize(azure.bytes)).toEqual({ width: px(595), height: px(842) })
    expect(pngSize(azure.bytes)).toEqual({ width: 1240, height: 1755 })
    // The same bytes as rasterising the shipped PDF directly: the picture comes from the file.
    const [direct] = await createPdfjsRasterizer().rasterize(fixture('AzureInterior.pdf'), PREVIEW_DPI, 1)
    expect(azure.bytes.equals(direct!)).toBe(true)

    const coolblue = await preview(idOf('coolblue1.pdf'))
    expect(pngSize(coolblue.bytes)).toEqual({ width: px(594.992), height: px(841.89) })
  })

  it('a two-page PDF: the whole document is both pages stacked; ?page=N is one page; out of range 404, bad 400', async () => {
    const id = idOf('QualityHosting.pdf')
    const whole = await preview(id)
    expect(whole.pages).toBe('2')
    const page = { width: px(595.276), height: px(841.89) }
    expect(pngSize(whole.bytes)).toEqual({ width: page.width, height: 2 * page.height + PAGE_GAP_PX })
    for (const n of [1, 2]) {
      const one = await preview(id, `?page=${n}`)
      expect(one.status).toBe(200)
      expect(one.pages).toBe('2')
      expect(pngSize(one.bytes)).toEqual(page)
    }
    expect((await preview(id, '?page=1')).bytes.equals((await preview(id, '?page=2')).bytes)).toBe(false)
    expect((await preview(id, '?page=3')).status).toBe(404)
    expect((await preview(id, '?page=0')).status).toBe(400)
    expect((await preview(id, '?page=abc')).status).toBe(400)
  })

  it('a demo invoice shipped with a PNG: that PNG as given', async () => {
    const oyo = await preview(idOf('oyo.pdf'))
    expect(oyo.type).toBe('image/png')
    expect(oyo.bytes.equals(fixture('oyo.png'))).toBe(true)
    expect((await preview(idOf('oyo.pdf'), '?page=2')).status).toBe(404)
  })

  it('a generated document (no file of its own): its generated PDF rendered, an A4 page at 150 dpi', async () => {
    const colleague = t.sandbox.state().documents.find((d) => d.agenda_id === 3)!
    const res = await preview(colleague.id)
    expect(res.type).toBe('image/png')
    expect(pngSize(res.bytes)).toEqual({ width: px(595), height: px(842) })
  })

  it('an upload: a PDF rendered from the uploaded file, an image as given, another format drawn from the data', async () => {
    const png = fixture('SammyMaystoneLinesTest.png')
    const upload = await t.api('POST', '/api/v1_2/documents', {
      body: {
        documents: [
          {
            agenda_id: 1,
            file_split: true,
            files: [
              // A fixture's name, another fixture's bytes: the preview shows the bytes that were sent.
              { filename: 'oyo.pdf', content: fixture('coolblue2.pdf').toString('base64') },
              { filename: 'photo.png', content: png.toString('base64') },
              { filename: 'invoice.isdoc', content: Buffer.from('<Invoice/>').toString('base64') },
            ],
          },
        ],
      },
    })
    expect(upload.status).toBe(201)
    const [pdfId, pngId, xmlId] = upload.body.documents.map((d: { id: number }) => d.id) as number[]
    const fromPdf = await preview(pdfId!)
    expect(fromPdf.type).toBe('image/png')
    expect(fromPdf.bytes.equals(fixture('oyo.png'))).toBe(false)
    expect(fromPdf.bytes.equals((await preview(idOf('coolblue2.pdf'))).bytes)).toBe(true)
    const fromPng = await preview(pngId!)
    expect(fromPng.bytes.equals(png)).toBe(true)
    const fromXml = await preview(xmlId!)
    expect(fromXml.type).toContain('image/svg+xml')
  })

  it('needs the bearer token', async () => {
    const res = await fetch(`${t.url}/api/v1_2/documents/1/preview`)
    expect(res.status).toBe(401)
  })
})

describe('the disk cache of the demo invoices', () => {
  it('the first start renders them in the background and caches them; the next start reads them back', async () => {
    const first = await prepared(logLines)
    expect(first).toMatch(/previews: 5 of 5 demo invoices ready in \d+ ms \(5 rendered, 0 from the disk cache\)/)
    const manifests = readdirSync(cacheDir).filter((name) => name.endsWith('.json'))
    expect(manifests).toHaveLength(5)

    const again: string[] = []
    const second = await startTestSandbox({ previewCacheDir: cacheDir, log: (line) => again.push(line) })
    try {
      expect(await prepared(again)).toMatch(/\(0 rendered, 5 from the disk cache\)/)
      const res = await fetch(`${second.url}/api/v1_2/documents/${idOf('QualityHosting.pdf')}/preview`, {
        headers: { authorization: `Bearer ${await second.token()}` },
      })
      expect(Buffer.from(await res.arrayBuffer()).equals((await preview(idOf('QualityHosting.pdf'))).bytes)).toBe(true)
    } finally {
      await second.close()
    }
  })

  it('a start does not wait for the rendering (cold cache: listening before the previews are ready)', async () => {
    const cold = mkdtempSync(join(tmpdir(), 'docket-previews-cold-'))
    const lines: string[] = []
    const sandbox = await startTestSandbox({ previewCacheDir: cold, log: (line) => lines.push(line) })
    try {
      expect(lines.some((line) => line.includes('demo invoices ready'))).toBe(false)
    } finally {
      await sandbox.close()
      rmSync(cold, { recursive: true, force: true })
    }
  })
})
