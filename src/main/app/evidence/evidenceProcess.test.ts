import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { forkNodeChild, type EvidenceChildLauncher } from './childLauncher'
import { OCR_IDLE_MS, PDF_IDLE_MS, ProcessEvidenceReader, QR_IDLE_MS, sourceEvidenceChild } from './evidenceProcess'

/**
 * The evidence reader's child processes, real ones (Node's fork, the child's source through
 * tsx): each lane's process starts on its first job, exits when idle, and a child that
 * crashes, hangs or answers nonsense fails that job with a code while the next job gets a
 * fresh process.
 */

const root = join(import.meta.dirname, '../../../..')
const einfach = new Uint8Array(readFileSync(join(root, 'resources/test-fixtures/facturx/EN16931_Einfach.pdf')))
const scan = new Uint8Array(readFileSync(join(root, 'resources/demo/invoices/FlipkartInvoice.png')))
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `condition` every 50 ms; rejects after `withinMs`. */
async function waitFor(condition: () => boolean, withinMs: number): Promise<void> {
  const startedAt = performance.now()
  while (!condition()) {
    if (performance.now() - startedAt > withinMs) throw new Error(`not within ${withinMs} ms`)
    await sleep(50)
  }
}

/** Whether a process with this id exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Children that misbehave, as plain Node modules speaking the child's protocol. */
const misbehaving = {
  /** Ready, then exits on its first job. */
  crashes: `process.send({ ready: true }); process.on('message', () => process.exit(3))`,
  /** Ready, then never answers (and keeps its event loop busy). */
  hangs: `process.send({ ready: true }); process.on('message', () => { for (;;) {} })`,
  /** Ready, then answers a PDF job with something that is not a reading. */
  lies: `process.send({ ready: true }); process.on('message', (m) => process.send({ id: m.id, result: { pages: 'all of them', words: [] } }))`,
  /** Exits before it is ready. */
  neverReady: `process.exit(1)`,
  /** Runs, but never says it is ready. */
  silent: `setInterval(() => {}, 1000)`,
}
let dir = ''
const entryOf = (name: keyof typeof misbehaving) => join(dir, `${name}.mjs`)

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docket-evidence-child-test-'))
  for (const [name, code] of Object.entries(misbehaving)) await writeFile(join(dir, `${name}.mjs`), code)
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A launcher that starts `first` for the first process, then the real child; records every pid. */
function firstThenReal(first: string): { launch: EvidenceChildLauncher; started: string[]; pids: number[] } {
  const started: string[] = []
  const pids: number[] = []
  const real = sourceEvidenceChild()
  const launch: EvidenceChildLauncher = (spec) => {
    const entry = started.length === 0 ? first : real.entry
    started.push(entry)
    const execArgv =
      entry === real.entry
        ? spec.execArgv
        : spec.execArgv.filter((flag) => !flag.startsWith('--import') && flag !== 'tsx')
    const child = forkNodeChild({ ...spec, entry, execArgv })
    if (child.pid !== undefined) pids.push(child.pid)
    return child
  }
  return { launch, started, pids }
}

let reader: ProcessEvidenceReader | null = null
afterEach(async () => {
  await reader?.close()
  reader = null
})

describe('the evidence processes', () => {
  it('keep the QR process for a burst of scans only, the PDF process longer, the recogniser longest', () => {
    expect(QR_IDLE_MS).toBeLessThan(PDF_IDLE_MS)
    expect(PDF_IDLE_MS).toBeLessThan(OCR_IDLE_MS)
  })

  it('start a lane on its first job and end the QR process qrIdleMs after its last scan, the PDF process still running', async () => {
    reader = new ProcessEvidenceReader({
      ...sourceEvidenceChild(),
      launch: forkNodeChild,
      idleMs: 60_000,
      qrIdleMs: 300,
    })
    expect(reader.running()).toEqual({ pdf: false, qr: false, ocr: false })
    expect((await reader.readPdf(einfach)).einvoice).toMatchObject({ invoice_no: '471102' })
    await reader.readQr(scan, 1)
    expect(reader.running()).toEqual({ pdf: true, qr: true, ocr: false })
    const [pdfPid, qrPid] = reader.pids()
    await waitFor(() => !reader!.running().qr, 5_000)
    expect(reader.running()).toEqual({ pdf: true, qr: false, ocr: false })
    await waitFor(() => !alive(qrPid!), 5_000)
    expect(alive(pdfPid!)).toBe(true)
    // A new scan starts a new process and still reads.
    expect((await reader.readQr(scan, 1)).problems).toEqual([])
    expect(reader.running().qr).toBe(true)
  }, 60_000)

  it('end the PDF process idleMs after its last job; the next PDF starts a new one', async () => {
    reader = new ProcessEvidenceReader({ ...sourceEvidenceChild(), launch: forkNodeChild, idleMs: 400 })
    await reader.readPdf(einfach)
    const [first] = reader.pids()
    await sleep(100)
    expect(reader.running().pdf).toBe(true)
    await waitFor(() => !reader!.running().pdf, 5_000)
    await waitFor(() => !alive(first!), 5_000)
    expect((await reader.readPdf(einfach)).einvoice).toMatchObject({ invoice_no: '471102' })
    expect(reader.pids()).not.toContain(first)
  }, 60_000)

  it('start the PDF process when warmed, before any file, and end it idle if no file comes', async () => {
    const launched: string[] = []
    reader = new ProcessEvidenceReader({
      ...sourceEvidenceChild(),
      launch: (spec) => (launched.push(spec.name), forkNodeChild(spec)),
      idleMs: 3_000,
    })
    reader.warm()
    await waitFor(() => reader!.running().pdf, 5_000)
    reader.warm()
    await sleep(50)
    expect(launched).toEqual(['Docket evidence (pdf)'])
    // The warmed process reads the file that comes.
    expect((await reader.readPdf(einfach)).einvoice).toMatchObject({ invoice_no: '471102' })
    expect(launched).toHaveLength(1)
    const [pid] = reader.pids()
    await waitFor(() => !reader!.running().pdf, 10_000)
    await waitFor(() => !alive(pid!), 5_000)
  }, 60_000)

  it('end their idle processes when the reader closes', async () => {
    reader = new ProcessEvidenceReader({ ...sourceEvidenceChild(), launch: forkNodeChild, qrIdleMs: 60_000 })
    await Promise.all([reader.readPdf(einfach), reader.readQr(scan, 1)])
    const pids = reader.pids()
    expect(pids).toHaveLength(2)
    await reader.close()
    expect(reader.running()).toEqual({ pdf: false, qr: false, ocr: false })
    await waitFor(() => pids.every((pid) => !alive(pid)), 5_000)
    await expect(reader.readPdf(einfach)).rejects.toMatchObject({ code: 'closed' })
  }, 60_000)

  it('read a PDF while a scan is still running (they never share a process)', async () => {
    reader = new ProcessEvidenceReader({
      ...sourceEvidenceChild(),
      launch: forkNodeChild,
      idleMs: 60_000,
      qrIdleMs: 60_000,
    })
    await Promise.all([reader.readPdf(einfach), reader.readQr(scan, 1)])
    const order: string[] = []
    const big = new Uint8Array(readFileSync(join(root, 'resources/demo/invoices/oyo.png')))
    const scanning = reader.readQr(big, 1).then(() => order.push('qr'))
    await reader.readPdf(einfach).then(() => order.push('pdf'))
    await scanning
    expect(order).toEqual(['pdf', 'qr'])
  }, 60_000)

  it('recognise a scanned page in the OCR process', async () => {
    reader = new ProcessEvidenceReader({ ...sourceEvidenceChild(), launch: forkNodeChild })
    const result = await reader.ocr.recognize(scan, 1, 60_000)
    expect(result.words.length).toBeGreaterThan(20)
    expect(result.words.some((word) => /invoice/iu.test(word.text))).toBe(true)
    expect(reader.running().ocr).toBe(true)
  }, 120_000)
})

describe('an evidence process that misbehaves', () => {
  it('fails the job of a child that crashes with reader_failed, and reads the next in a fresh process', async () => {
    const { launch, started } = firstThenReal(entryOf('crashes'))
    reader = new ProcessEvidenceReader({ ...sourceEvidenceChild(), launch })
    await expect(reader.readPdf(einfach)).rejects.toMatchObject({ name: 'EvidenceReadError', code: 'reader_failed' })
    expect(reader.running().pdf).toBe(false)
    expect((await reader.readPdf(einfach)).einvoice).toMatchObject({ invoice_no: '471102' })
    expect(started).toHaveLength(2)
  }, 60_000)

  it('kills a child that hangs after timeoutMs with timeout, without stalling this process', async () => {
    const { launch } = firstThenReal(entryOf('hangs'))
    reader = new ProcessEvidenceReader({ ...sourceEvidenceChild(), launch, timeoutMs: 8_000 })
    let ticks = 0
    const ticker = setInterval(() => ticks++, 100)
    const started = performance.now()
    const reading = reader.readPdf(einfach)
    await waitFor(() => reader!.pids().length === 1, 5_000)
    const [hung] = reader.pids()
    await expect(reading).rejects.toMatchObject({ code: 'timeout' })
    clearInterval(ticker)
    const elapsed = performance.now() - started
    expect(elapsed).toBeGreaterThanOrEqual(7_900)
    // This process's event loop kept running meanwhile (80 ticks on an idle machine; fewer when the CPU is shared).
    expect(ticks).toBeGreaterThan(20)
    await waitFor(() => !alive(hung!), 5_000)
    expect((await reader.readPdf(einfach)).words.length).toBeGreaterThan(100)
  }, 60_000)

  it('kills a child that answers something that is not a reading, with bad_reply', async () => {
    const { launch, pids } = firstThenReal(entryOf('lies'))
    reader = new ProcessEvidenceReader({ ...sourceEvidenceChild(), launch })
    // The liar answers at once and is ended at once: its pid is taken as it starts, and the
    // rejection is awaited as it comes (a poll of the live processes could miss it).
    await expect(reader.readPdf(einfach)).rejects.toMatchObject({ code: 'bad_reply' })
    expect(pids).toHaveLength(1)
    const [liar] = pids
    await waitFor(() => !alive(liar!), 5_000)
    expect((await reader.readPdf(einfach)).einvoice).toMatchObject({ invoice_no: '471102' })
  }, 60_000)

  it('fails with reader_failed when the child ends before it is ready, or cannot be started at all', async () => {
    reader = new ProcessEvidenceReader({
      ...sourceEvidenceChild(),
      launch: firstThenReal(entryOf('neverReady')).launch,
    })
    await expect(reader.readQr(scan, 1)).rejects.toMatchObject({ code: 'reader_failed' })
    await reader.close()
    reader = new ProcessEvidenceReader({
      entry: 'nowhere.js',
      launch: () => {
        throw new Error('not ready')
      },
    })
    await expect(reader.readPdf(einfach)).rejects.toMatchObject({ code: 'reader_failed' })
  }, 60_000)

  it('ends a child that is not ready within startTimeoutMs, with reader_failed', async () => {
    reader = new ProcessEvidenceReader({
      ...sourceEvidenceChild(),
      launch: forkNodeChild,
      entry: entryOf('silent'),
      execArgv: [],
      startTimeoutMs: 1_000,
    })
    const reading = reader.readPdf(einfach)
    await waitFor(() => reader!.pids().length === 1, 5_000)
    const [silent] = reader.pids()
    await expect(reading).rejects.toMatchObject({ code: 'reader_failed' })
    await waitFor(() => !alive(silent!), 5_000)
    expect(reader.running().pdf).toBe(false)
  }, 60_000)

  it('rejects the jobs left with closed when the reader closes, and ends its processes', async () => {
    reader = new ProcessEvidenceReader({ ...sourceEvidenceChild(), launch: firstThenReal(entryOf('hangs')).launch })
    const reading = reader.readPdf(einfach)
    await waitFor(() => reader!.pids().length === 1, 5_000)
    const [pid] = reader.pids()
    await reader.close()
    await expect(reading).rejects.toMatchObject({ code: 'closed' })
    await waitFor(() => !alive(pid!), 5_000)
    await expect(reader.readPdf(einfach)).rejects.toMatchObject({ code: 'closed' })
  }, 60_000)
})
