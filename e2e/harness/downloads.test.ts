import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarnessDownloads } from './downloads'

const fixtures = join(import.meta.dirname, '../../resources/demo/invoices')
const pdf = new Uint8Array(readFileSync(join(fixtures, 'AzureInterior.pdf')))
const png = new Uint8Array(readFileSync(join(fixtures, 'oyo.png')))
const html = new TextEncoder().encode('<html><script>fetch("/__harness/ipc",{method:"POST"})</script></html>')

const announced: { event: string; payload: { url: string; fileName: string } }[] = []
const downloads = createHarnessDownloads((event, payload) => announced.push({ event, payload }))
let server: FastifyInstance
let base = ''

beforeAll(async () => {
  server = Fastify()
  downloads.register(server)
  base = await server.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(() => server.close())

const last = () => announced.at(-1)!.payload

describe('harness downloads', () => {
  it('serves an opened original as a download of its sniffed type, never inline, under a CSP that blocks everything', async () => {
    await downloads.files.openWithSystemViewer({ fileName: 'scan\u202Egnp.hta', mimeType: 'text/html', bytes: png })
    expect(announced.at(-1)).toMatchObject({ event: 'harness.download', payload: { fileName: 'scangnp_hta.png' } })
    const response = await fetch(`${base}${last().url}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="scangnp_hta.png"; filename*=UTF-8''scangnp_hta.png`,
    )
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(png)
  })

  it('saves an original under its safe name with the extension of its bytes', async () => {
    const result = await downloads.files.saveFile({
      kind: 'original',
      suggestedName: 'Faktura č. 7.exe',
      mimeType: 'application/pdf',
      bytes: pdf,
    })
    expect(result).toEqual({ saved: true, path: 'Faktura č. 7_exe.pdf' })
    expect(announced.at(-1)).toMatchObject({ event: 'harness.download', payload: { fileName: 'Faktura č. 7_exe.pdf' } })
    const response = await fetch(`${base}${last().url}`)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Faktura _. 7_exe.pdf"; filename*=UTF-8''Faktura%20%C4%8D.%207_exe.pdf`,
    )
  })

  it('still offers the app’s CSV export as a download', async () => {
    const csv = new TextEncoder().encode('\uFEFFid\r\n1\r\n')
    await downloads.files.saveFile({
      kind: 'export',
      suggestedName: 'docket-agenda-1.csv',
      mimeType: 'text/csv',
      bytes: csv,
    })
    const response = await fetch(`${base}${last().url}`)
    expect(response.headers.get('content-type')).toBe('text/csv')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; /)
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(csv)
  })

  it('refuses an HTML “original” to open or save: nothing is stored, announced or served', async () => {
    const before = announced.length
    await expect(
      downloads.files.openWithSystemViewer({ fileName: 'invoice.pdf', mimeType: 'application/pdf', bytes: html }),
    ).rejects.toMatchObject({ code: 'unsupported_type' })
    await expect(
      downloads.files.saveFile({ kind: 'original', suggestedName: 'invoice.html', mimeType: 'text/html', bytes: html }),
    ).rejects.toMatchObject({ code: 'unsupported_type' })
    expect(announced.length).toBe(before)
    expect((await fetch(`${base}/__harness/files/anything`)).status).toBe(404)
  })
})
