import { Worker } from 'node:worker_threads'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { decodeDocumentPage } from './documentPage'
import {
  inlinePageDecoder,
  sharedCopy,
  sourcePageWorker,
  WorkerPageDecoder,
  type WorkerPageDecoderOptions,
} from './pageDecoder'
import { scanListingLayout } from './pageLayout'
import { listedDocument, pageBody } from './testing/pages'

const decoders: WorkerPageDecoder[] = []
afterEach(async () => {
  for (const d of decoders.splice(0)) await d.close()
})

/** A decoder whose threads are counted: `posted` pages went to a thread. */
function counted(options: Partial<WorkerPageDecoderOptions> & { workerData?: unknown } = {}) {
  const stats = { started: 0, posted: 0 }
  const { workerData, ...rest } = options
  const decoder = new WorkerPageDecoder({
    ...sourcePageWorker(),
    minThreadBytes: 0,
    pagesBeforeThread: 1,
    ...rest,
    createWorker: (entry, workerOptions) => {
      stats.started++
      const worker = new Worker(entry, { ...workerOptions, workerData })
      const post = worker.postMessage.bind(worker)
      worker.postMessage = (value: unknown) => {
        stats.posted++
        post(value)
      }
      return worker
    },
  })
  decoders.push(decoder)
  return { decoder, stats }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

const page = pageBody([listedDocument(3), listedDocument(2, { archived: false }), listedDocument(1)])
const expected = decodeDocumentPage(page, 'application/json')
const brokenEntry = fileURLToPath(new URL('./testing/brokenPageWorkers.ts', import.meta.url))

describe('WorkerPageDecoder', () => {
  it('decodes on the calling thread while its thread starts, then in the thread, with the same result', async () => {
    const { decoder, stats } = counted()
    expect(await decoder.decode(page, 'application/json')).toEqual(expected)
    expect(stats).toEqual({ started: 1, posted: 0 })
    await until(() => decoder.threadReady, 'the thread is ready')
    const results = await Promise.all([1, 2, 3].map(() => decoder.decode(page, 'application/json')))
    expect(results).toEqual([expected, expected, expected])
    expect(stats).toEqual({ started: 1, posted: 3 })
  })

  it('answers a bad page with its problem from the thread too', async () => {
    const { decoder, stats } = counted()
    await decoder.decode(page, 'application/json')
    await until(() => decoder.threadReady, 'the thread is ready')
    const bad = pageBody([listedDocument(1, { state: 7 })])
    expect(await decoder.decode(bad, 'application/json')).toEqual(decodeDocumentPage(bad, 'application/json'))
    expect(stats.posted).toBe(1)
  })

  it('decodes here, and says so once, when its thread cannot start', async () => {
    const lines: string[] = []
    const { decoder } = counted({ entry: brokenEntry, workerData: { mode: 'throwOnLoad' }, log: (l) => lines.push(l) })
    expect(await decoder.decode(page, 'application/json')).toEqual(expected)
    await until(() => lines.length > 0, 'the failure is logged')
    expect(lines[0]).toMatch(/page decoder thread failed .*worker could not load \(test\).*main thread/)
    expect(await decoder.decode(page, 'application/json')).toEqual(expected)
    expect(lines).toHaveLength(1)
  })

  it('decodes here the pages its thread took when the thread dies, losing none', async () => {
    const lines: string[] = []
    const { decoder, stats } = counted({
      entry: brokenEntry,
      workerData: { mode: 'exitOnFirstPage' },
      log: (l) => lines.push(l),
    })
    await decoder.decode(page, 'application/json')
    await until(() => decoder.threadReady, 'the thread is ready')
    const results = await Promise.all([1, 2].map(() => decoder.decode(page, 'application/json')))
    expect(stats.posted).toBe(2)
    expect(results).toEqual([expected, expected])
    expect(lines.join('\n')).toMatch(/exited with code 3/)
  })

  it('stops its idle thread and starts a new one for the next pages', async () => {
    const { decoder, stats } = counted({ idleMs: 50 })
    await decoder.start()
    await decoder.decode(page, 'application/json')
    expect(stats.posted).toBe(1)
    await until(() => !decoder.threadReady, 'the idle thread stopped')
    expect(await decoder.decode(page, 'application/json')).toEqual(expected)
    expect(stats.started).toBe(2)
  })

  it('decodes a small page (a delta’s) on the calling thread without starting a thread', async () => {
    const { decoder, stats } = counted({ minThreadBytes: page.byteLength + 1 })
    expect(await decoder.decode(page, 'application/json')).toEqual(expected)
    expect(stats.started).toBe(0)
    const big = pageBody(Array.from({ length: 20 }, (_, i) => listedDocument(100 - i)))
    expect(big.byteLength).toBeGreaterThan(page.byteLength)
    await decoder.decode(big, 'application/json')
    expect(stats.started).toBe(1)
  })

  it('decodes the first pages of a listing here and starts its thread at the third in a row', async () => {
    const { decoder, stats } = counted({ pagesBeforeThread: 3 })
    // A delta of two full pages: decoded here, no thread started.
    for (const _ of [1, 2]) expect(await decoder.decode(page, 'application/json')).toEqual(expected)
    expect(stats.started).toBe(0)
    // The third starts the thread (and is decoded here while it starts); the next go to it.
    expect(await decoder.decode(page, 'application/json')).toEqual(expected)
    expect(stats.started).toBe(1)
    await until(() => decoder.threadReady, 'the thread is ready')
    expect(await decoder.decode(page, 'application/json')).toEqual(expected)
    expect(stats).toEqual({ started: 1, posted: 1 })
  })

  it('starts its thread when told to expect pages, so the next pages go to it without waiting for the row', async () => {
    const { decoder, stats } = counted({ pagesBeforeThread: 4 })
    decoder.expectPages()
    decoder.expectPages()
    expect(stats.started).toBe(1)
    await until(() => decoder.threadReady, 'the thread is ready')
    // The first page of the listing already goes to the thread; told again, it keeps the one.
    expect(await decoder.decode(page, 'application/json')).toEqual(expected)
    decoder.expectPages()
    expect(stats).toEqual({ started: 1, posted: 1 })
  })

  it('stops a thread started to expect pages after idleMs without pages, as any other', async () => {
    const { decoder, stats } = counted({ pagesBeforeThread: 4, idleMs: 100 })
    decoder.expectPages()
    expect(stats.started).toBe(1)
    await new Promise((r) => setTimeout(r, 400))
    expect(decoder.threadReady).toBe(false)
    // The first thread is gone: told again, the decoder starts another.
    decoder.expectPages()
    expect(stats.started).toBe(2)
  })

  it('decodes a page posted with its layout as the page scanned in the thread', async () => {
    const { decoder, stats } = counted()
    await decoder.start()
    const layout = scanListingLayout(page)
    expect(await decoder.decode(page, 'application/json', layout)).toEqual(expected)
    // A layout that is not one (a thread cannot trust what it cannot check the shape of) is ignored.
    expect(await decoder.decode(page, 'application/json', { maxNesting: 'x' } as never)).toEqual(expected)
    expect(stats.posted).toBe(2)
  })

  it('counts the pages in a row again after a pause of idleMs', async () => {
    const { decoder, stats } = counted({ pagesBeforeThread: 3, idleMs: 50 })
    for (const _ of [1, 2]) await decoder.decode(page, 'application/json')
    await new Promise((r) => setTimeout(r, 150))
    for (const _ of [1, 2]) await decoder.decode(page, 'application/json')
    expect(stats.started).toBe(0)
  })

  it('start() resolves once the thread answers, so the first page goes to it', async () => {
    const { decoder, stats } = counted()
    await decoder.start()
    expect(decoder.threadReady).toBe(true)
    expect(await decoder.decode(page, 'application/json')).toEqual(expected)
    expect(stats).toEqual({ started: 1, posted: 1 })
  })

  it('start() resolves when the thread cannot start, and pages are decoded here', async () => {
    const { decoder, stats } = counted({ entry: brokenEntry, workerData: { mode: 'throwOnLoad' } })
    await decoder.start()
    expect(decoder.threadReady).toBe(false)
    expect(await decoder.decode(page, 'application/json')).toEqual(expected)
    expect(stats).toEqual({ started: 1, posted: 0 })
  })

  it('after close, decodes on the calling thread without starting a thread', async () => {
    const { decoder, stats } = counted()
    await decoder.close()
    expect(await decoder.decode(page, 'application/json')).toEqual(expected)
    expect(stats.started).toBe(0)
  })
})

describe('inlinePageDecoder', () => {
  it('gives decodeDocumentPage’s result', async () => {
    expect(await inlinePageDecoder.decode(page, 'application/json')).toEqual(expected)
  })
})

describe('sharedCopy', () => {
  it('copies a page into memory a thread shares, byte for byte, and leaves shared bytes as they are', () => {
    const copy = sharedCopy(page)
    expect(copy.buffer).toBeInstanceOf(SharedArrayBuffer)
    expect(Buffer.from(copy).equals(Buffer.from(page))).toBe(true)
    expect(sharedCopy(copy)).toBe(copy)
  })

  it('decodes a shared page to the same documents as the plain page', () => {
    expect(decodeDocumentPage(sharedCopy(page), 'application/json')).toEqual(expected)
  })
})
