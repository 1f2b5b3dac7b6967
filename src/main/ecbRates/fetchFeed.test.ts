import { afterEach, describe, expect, it } from 'vitest'
import { closeFakeServices } from '../api/testing/fakeService'
import { fetchFeed, type FeedAnswer } from './fetchFeed'
import { ecbLike, SAMPLE_FEED, startFeedServer } from './testing/feeds'

afterEach(closeFakeServices)

async function refusal(promise: Promise<FeedAnswer>) {
  const error = await promise.then(
    () => {
      throw new Error('expected the fetch to fail')
    },
    (e: unknown) => e as { code: string; message: string; details?: Record<string, unknown> },
  )
  return error
}

describe('fetching a reference-rate file', () => {
  it('answers the text and the validators the server gave', async () => {
    const ecb = await startFeedServer(ecbLike(SAMPLE_FEED, '"abc"'))
    const answer = await fetchFeed(`${ecb.folder}eurofxref-hist-90d.xml`, undefined)
    expect(answer).toEqual({
      kind: 'body',
      text: SAMPLE_FEED,
      validators: { etag: '"abc"', lastModified: 'Fri, 16 May 2025 14:00:00 GMT' },
    })
    expect(ecb.requests[0]!.path).toBe('/stats/eurofxref/eurofxref-hist-90d.xml')
    expect(ecb.requests[0]!.headers['if-none-match']).toBeUndefined()
  })

  it('asks conditionally with what the last answer gave, and a 304 is "not modified"', async () => {
    const ecb = await startFeedServer(ecbLike(SAMPLE_FEED, '"abc"'))
    const answer = await fetchFeed(`${ecb.folder}eurofxref-hist.xml`, {
      etag: '"abc"',
      lastModified: 'Fri, 16 May 2025 14:00:00 GMT',
    })
    expect(answer).toEqual({ kind: 'not_modified' })
    expect(ecb.requests[0]!.headers).toMatchObject({
      'if-none-match': '"abc"',
      'if-modified-since': 'Fri, 16 May 2025 14:00:00 GMT',
    })
  })

  it('refuses a 304 it did not ask for, and any status but 200, with the status', async () => {
    const notModified = await startFeedServer((_req, res) => res.writeHead(304).end())
    expect(await refusal(fetchFeed(`${notModified.folder}eurofxref-hist.xml`, undefined))).toMatchObject({
      code: 'bad_status',
      details: { status: 304 },
    })
    const broken = await startFeedServer((_req, res) => res.writeHead(500).end('Internal Server Error'))
    expect(await refusal(fetchFeed(`${broken.folder}eurofxref-hist.xml`, undefined))).toMatchObject({
      code: 'bad_status',
      message: expect.stringMatching(/answered 500/),
      details: { status: 500 },
    })
  })

  it('follows a redirect within the same origin, and refuses one to another host or one too many', async () => {
    const moved = await startFeedServer((req, res) => {
      if (req.url === '/old.xml') res.writeHead(301, { location: '/stats/eurofxref/eurofxref-hist.xml' }).end()
      else ecbLike(SAMPLE_FEED)(req, res)
    })
    expect(await fetchFeed(`${moved.origin}/old.xml`, undefined)).toMatchObject({ kind: 'body', text: SAMPLE_FEED })

    const elsewhere = await startFeedServer((_req, res) =>
      res.writeHead(302, { location: 'https://rates.example.com/eurofxref-hist.xml' }).end(),
    )
    expect(await refusal(fetchFeed(`${elsewhere.folder}eurofxref-hist.xml`, undefined))).toMatchObject({
      code: 'redirected',
      message: expect.stringMatching(/https:\/\/rates\.example\.com/),
    })

    const loop = await startFeedServer((req, res) => res.writeHead(302, { location: req.url }).end())
    expect(await refusal(fetchFeed(`${loop.folder}eurofxref-hist.xml`, undefined))).toMatchObject({
      code: 'redirected',
      message: expect.stringMatching(/too many/),
    })
    expect(loop.requests).toHaveLength(4)
  })

  it('refuses a body over the cap, announced or not, while reading it', async () => {
    const big = 'x'.repeat(5000)
    const announced = await startFeedServer((_req, res) => res.writeHead(200, { 'content-length': '5000' }).end(big))
    expect(
      await refusal(fetchFeed(`${announced.folder}eurofxref-hist.xml`, undefined, { maxBytes: 1000 })),
    ).toMatchObject({ code: 'too_large', details: { limitBytes: 1000 } })
    const chunked = await startFeedServer((_req, res) => {
      res.writeHead(200)
      for (let i = 0; i < 10; i++) res.write(big)
      res.end()
    })
    expect(
      await refusal(fetchFeed(`${chunked.folder}eurofxref-hist.xml`, undefined, { maxBytes: 1000 })),
    ).toMatchObject({
      code: 'too_large',
    })
  })

  it('gives up after its deadline, and says when the host cannot be reached', async () => {
    const silent = await startFeedServer(() => undefined)
    const started = Date.now()
    expect(await refusal(fetchFeed(`${silent.folder}eurofxref-hist.xml`, undefined, { timeoutMs: 300 }))).toMatchObject(
      {
        code: 'timeout',
      },
    )
    expect(Date.now() - started).toBeLessThan(5000)
    expect(await refusal(fetchFeed('http://127.0.0.1:1/eurofxref-hist.xml', undefined))).toMatchObject({
      code: 'offline',
      message: expect.stringMatching(/Cannot reach 127\.0\.0\.1:1/),
    })
  })

  it('refuses a body that is not UTF-8 text', async () => {
    const binary = await startFeedServer((_req, res) => res.writeHead(200).end(Buffer.from([0x3c, 0xff, 0xfe, 0x00])))
    expect(await refusal(fetchFeed(`${binary.folder}eurofxref-hist.xml`, undefined))).toMatchObject({
      code: 'bad_format',
    })
  })
})
