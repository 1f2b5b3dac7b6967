import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPreviewImages } from '../../src/main/app/documents/previewImages'
import { harnessPreviewUrl, registerPreviewRoute } from './previews'

const png = new Uint8Array(readFileSync(join(import.meta.dirname, '../../resources/demo/invoices/oyo.png')))
const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
const html = new TextEncoder().encode('<html><script>fetch("/__harness/ipc",{method:"POST"})</script></html>')
const cached = new Map<number, { contentType: string; bytes: Uint8Array }>([
  [1, { contentType: 'image/svg+xml', bytes: png }],
  [2, { contentType: 'image/svg+xml', bytes: svg }],
  [3, { contentType: 'image/png', bytes: html }],
])
const previews = createPreviewImages(() => ({ getPreview: async (id: number) => cached.get(id) ?? null }))

let server: FastifyInstance
let base = ''

beforeAll(async () => {
  server = Fastify()
  registerPreviewRoute(
    server,
    () => previews,
    () => base,
  )
  base = new URL(await server.listen({ host: '127.0.0.1', port: 0 })).origin
})
afterAll(() => server.close())

describe('harness preview images', () => {
  it('serves a cached PNG inline with the type of its bytes, nosniff, a CSP that blocks everything and same-origin only', async () => {
    const response = await fetch(`${base}${harnessPreviewUrl(1, 'abc')}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('content-disposition')).toBeNull()
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(png)
  })

  it.each([
    ['an SVG the service called a preview', '2'],
    ['HTML the service called a PNG', '3'],
    ['a document without a preview', '9'],
    ['an id with a leading zero', '01'],
    ['an id in exponent form', '1e3'],
  ])('answers 404 for %s', async (_case, id) => {
    expect((await fetch(`${base}/__harness/previews/${id}`)).status).toBe(404)
  })

  it('refuses another origin and a cross-site embedding with forbidden_sender', async () => {
    const other = await fetch(`${base}/__harness/previews/1`, { headers: { origin: 'http://evil.example' } })
    expect(other.status).toBe(403)
    expect(await other.json()).toMatchObject({ code: 'forbidden_sender' })
    const crossSite = await fetch(`${base}/__harness/previews/1`, { headers: { 'sec-fetch-site': 'cross-site' } })
    expect(crossSite.status).toBe(403)
    const own = await fetch(`${base}/__harness/previews/1`, {
      headers: { origin: base, 'sec-fetch-site': 'same-origin' },
    })
    expect(own.status).toBe(200)
  })
})
