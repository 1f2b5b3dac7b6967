import { afterEach, describe, expect, it } from 'vitest'
import type { ServerResponse } from 'node:http'
import { MAX_ORIGINAL_FILE_BYTES, MAX_PREVIEW_BYTES } from '../../shared/files/limits'
import { decodeUrlSafeBase64, MAX_ORIGINAL_FILE_RESPONSE_BYTES } from './originals'
import { closeFakeServices, failure, makeClient, serve } from './testing/fakeService'

afterEach(closeFakeServices)

describe('original files and previews', () => {
  it('decodes the URL-safe base64 of original files', () => {
    const bytes = new Uint8Array([251, 255, 191, 0, 1])
    const standard = Buffer.from(bytes).toString('base64')
    const urlSafe = standard.replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, ',')
    expect([...decodeUrlSafeBase64(urlSafe)]).toEqual([...bytes])
    expect([...decodeUrlSafeBase64(standard)]).toEqual([...bytes])
    expect([...decodeUrlSafeBase64(`${urlSafe.slice(0, 4)}\n${urlSafe.slice(4)}`)]).toEqual([...bytes])
    for (const bad of ['<html>', 'QQ=,QQ', 'QQ===', 'Q\u0000Q'])
      expect(() => decodeUrlSafeBase64(bad), bad).toThrow(TypeError)
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

  describe('size caps, enforced while reading', () => {
    /** Streams `total` bytes in 1 MiB chunks without Content-Length; resolves the count actually written. */
    function stream(res: ServerResponse, head: Buffer, total: number, sent: { bytes: number }): void {
      const chunk = Buffer.alloc(1024 * 1024, 0x41)
      res.writeHead(200, { 'content-type': 'image/png' })
      res.write(head)
      sent.bytes = head.length
      const pump = (): void => {
        while (sent.bytes < total) {
          sent.bytes += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        res.end()
      }
      res.on('error', () => undefined)
      pump()
    }

    it('refuses a preview over 20 MB as soon as the count passes the cap, without reading it all', async () => {
      const sent = { bytes: 0 }
      const url = await serve((_req, res) => stream(res, Buffer.from([0x89, 0x50, 0x4e, 0x47]), 300_000_000, sent))
      const error = await failure(makeClient(url).getPreview('/api/v1_2/documents/1/preview'))
      expect(error.code).toBe('bad_response')
      expect(error.message).toMatch(/too large/)
      expect(error.details).toMatchObject({ limitBytes: MAX_PREVIEW_BYTES })
      expect(sent.bytes).toBeLessThan(MAX_PREVIEW_BYTES + 64 * 1024 * 1024)
    })

    it('refuses an announced Content-Length over the cap before reading the body', async () => {
      const url = await serve((_req, res) => {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(MAX_PREVIEW_BYTES + 1) })
        res.write(Buffer.alloc(1024))
      })
      const error = await failure(makeClient(url).getPreview('/api/v1_2/documents/1/preview'))
      expect(error).toMatchObject({ code: 'bad_response', details: { limitBytes: MAX_PREVIEW_BYTES } })
    })

    it('caps original_file at the base64 of 50 MB plus its envelope, and the signed download at 50 MB', async () => {
      expect(MAX_ORIGINAL_FILE_RESPONSE_BYTES).toBe(Math.ceil(MAX_ORIGINAL_FILE_BYTES / 3) * 4 + 64 * 1024)
      const sent = { bytes: 0 }
      const url = await serve((_req, res) =>
        stream(res, Buffer.from('{"documents":[{"original_file_base64":"'), 400_000_000, sent),
      )
      const error = await failure(makeClient(url).getOriginalFile(1))
      expect(error).toMatchObject({ code: 'bad_response', details: { limitBytes: MAX_ORIGINAL_FILE_RESPONSE_BYTES } })
      const download = await failure(makeClient('https://service.example').downloadOriginal(`${url}/originals/1`))
      expect(download).toMatchObject({ code: 'bad_response', details: { limitBytes: MAX_ORIGINAL_FILE_BYTES } })
    })
  })
})
