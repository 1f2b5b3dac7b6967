import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_ECB_DAYS } from './ecbRates'
import { startSandbox, type Sandbox } from './index'

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, documents: 0, prerenderPreviews: false })
})
afterAll(() => sandbox.close())

describe('the ECB stand-in', () => {
  it("answers both files in the ECB's format, newest first, without admin routes", async () => {
    for (const file of ['eurofxref-hist-90d.xml', 'eurofxref-hist.xml']) {
      const response = await fetch(`${sandbox.url}/_sandbox/ecb/${file}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/xml/)
      const text = await response.text()
      expect(text).toContain('<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01"')
      expect([...text.matchAll(/time="([\d-]+)"/g)].map((m) => m[1])).toEqual(SANDBOX_ECB_DAYS.map((d) => d.day))
      expect(text).toContain('<Cube currency="USD" rate="1.1185"/>')
    }
  })

  it('answers 304 to a request carrying its ETag or Last-Modified', async () => {
    const first = await fetch(`${sandbox.url}/_sandbox/ecb/eurofxref-hist-90d.xml`)
    const etag = first.headers.get('etag')!
    const lastModified = first.headers.get('last-modified')!
    expect((await fetch(first.url, { headers: { 'if-none-match': etag } })).status).toBe(304)
    expect((await fetch(first.url, { headers: { 'if-modified-since': lastModified } })).status).toBe(304)
    expect((await fetch(first.url, { headers: { 'if-none-match': '"other"' } })).status).toBe(200)
  })
})
