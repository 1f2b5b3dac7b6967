import { afterEach, describe, expect, it } from 'vitest'
import { decodeUrlSafeBase64 } from './originals'
import { closeFakeServices, failure, makeClient, serve } from './testing/fakeService'

afterEach(closeFakeServices)

describe('original files and previews', () => {
  it('decodes the URL-safe base64 of original files', () => {
    const bytes = new Uint8Array([251, 255, 191, 0, 1])
    const standard = Buffer.from(bytes).toString('base64')
    const urlSafe = standard.replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, ',')
    expect([...decodeUrlSafeBase64(urlSafe)]).toEqual([...bytes])
  })
  it('downloads a signed address without the bearer token and reads the file name of Content-Disposition', async () => {
    let authorization: string | undefined
    const url = await serve((req, res) => {
      authorization = req.headers.authorization
      res
        .writeHead(200, {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename*=UTF-8''%C5%BDlu%C5%A5ou%C4%8Dk%C3%BD.pdf`,
        })
        .end('%PDF')
    })
    const file = await makeClient('https://service.example').downloadOriginal(`${url}/files/7?signature=s`)
    expect(authorization).toBeUndefined()
    expect(file).toMatchObject({ contentType: 'application/pdf', fileName: 'Žluťoučký.pdf' })
    expect(Buffer.from(file.bytes).toString()).toBe('%PDF')
  })
  it('refuses before sending: a download address on plain http elsewhere, a preview path off the service origin', async () => {
    const client = makeClient('https://service.example')
    expect((await failure(client.downloadOriginal('http://files.example/7'))).code).toBe('bad_request')
    expect((await failure(client.getPreview('https://other.example/p.png'))).code).toBe('bad_request')
  })
})
