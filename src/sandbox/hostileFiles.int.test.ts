import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOSTILE_ORIGINALS, plantHostileOriginals } from './hostileFiles'
import { startTestSandbox, type TestSandbox } from './testing'

let t: TestSandbox
beforeAll(async () => {
  t = await startTestSandbox({ prerenderPreviews: false })
})
afterAll(() => t.close())

describe('hostile file faults', () => {
  it('are fault settings like the others: validated, and off by default', async () => {
    expect(await t.api('GET', '/_sandbox/faults')).toMatchObject({
      body: { hugePreviewBytes: 0, hugeOriginalBytes: 0 },
    })
    expect((await t.api('PUT', '/_sandbox/faults', { body: { hugePreviewBytes: -1 } })).status).toBe(422)
  })

  it('hugePreviewBytes: every preview is that many bytes of "PNG", streamed without Content-Length', async () => {
    await t.api('PUT', '/_sandbox/faults', { body: { hugePreviewBytes: 200_000 } })
    const response = await fetch(`${t.url}/api/v1_2/documents/1/preview`, {
      headers: { authorization: `Bearer ${await t.token()}` },
    })
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('content-length')).toBeNull()
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect(bytes.length).toBe(200_000)
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
    await t.api('PUT', '/_sandbox/faults', { body: { hugePreviewBytes: 0 } })
  })

  it('hugeOriginalBytes: original_file is a JSON body of that many bytes', async () => {
    await t.api('PUT', '/_sandbox/faults', { body: { hugeOriginalBytes: 300_000 } })
    const response = await t.api('GET', '/api/v1_2/documents/1/original_file')
    expect(response.text.length).toBe(300_000)
    expect(response.body.documents[0].original_file_base64).toMatch(/^A+$/)
    await t.api('PUT', '/_sandbox/faults', { body: { hugeOriginalBytes: 0 } })
  })
})

describe('hostile originals', () => {
  it('are planted through the ordinary upload with the names, types and bytes they claim', async () => {
    const ids = await plantHostileOriginals(t.url, await t.token(), 1)
    for (const original of HOSTILE_ORIGINALS) {
      const response = await t.api('GET', `/api/v1_2/documents/${ids.get(original.filename)}/original_file`)
      const file = response.body.documents[0]
      expect(file.user_file_name).toBe(original.filename)
      expect(file.original_content_type).toBe(original.contentType)
      expect(
        Buffer.from(file.original_file_base64.replace(/-/g, '+').replace(/_/g, '/').replace(/,/g, '='), 'base64'),
      ).toEqual(original.bytes)
    }
  })
})
