import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { PDF_IDLE_MS, QR_IDLE_MS, RELEASE_AFTER_MS, sourceEvidenceWorker, WorkerEvidenceReader } from './evidenceThread'

/**
 * The evidence reader's threads and when they end: the QR thread (zxing's WebAssembly memory,
 * which never shrinks) right after a burst of scans, the PDF thread (pdf.js, the step a person
 * waits for) later, giving its heap's unused room back while it waits.
 */

const root = join(import.meta.dirname, '../../../..')
const einfach = new Uint8Array(readFileSync(join(root, 'resources/test-fixtures/facturx/EN16931_Einfach.pdf')))
const scan = new Uint8Array(readFileSync(join(root, 'resources/demo/invoices/FlipkartInvoice.png')))
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `condition` every 50 ms; resolves the ms it took, rejects after `withinMs`. */
async function waitFor(condition: () => boolean, withinMs: number): Promise<number> {
  const startedAt = performance.now()
  while (!condition()) {
    if (performance.now() - startedAt > withinMs) throw new Error(`not within ${withinMs} ms`)
    await sleep(50)
  }
  return performance.now() - startedAt
}

let reader: WorkerEvidenceReader | null = null
afterEach(async () => {
  await reader?.close()
  reader = null
})

describe('the evidence threads', () => {
  it('stop the QR thread soon after its last scan, the PDF thread only after its longer idle time', () => {
    expect(QR_IDLE_MS).toBeLessThan(PDF_IDLE_MS)
    expect(RELEASE_AFTER_MS).toBeLessThan(PDF_IDLE_MS)
  })

  it('ends the QR thread qrIdleMs after its last scan while the PDF thread keeps running', async () => {
    reader = new WorkerEvidenceReader({ ...sourceEvidenceWorker(), idleMs: 60_000, qrIdleMs: 300 })
    expect(reader.running()).toEqual({ pdf: false, qr: false })
    await reader.readPdf(einfach)
    await reader.readQr(scan, 1)
    expect(reader.running()).toEqual({ pdf: true, qr: true })
    await waitFor(() => !reader!.running().qr, 5_000)
    expect(reader.running()).toEqual({ pdf: true, qr: false })
    // A new scan starts the thread again and still reads.
    expect((await reader.readQr(scan, 1)).problems).toEqual([])
    expect(reader.running().qr).toBe(true)
  }, 60_000)

  it('ends the PDF thread idleMs after its last job', async () => {
    reader = new WorkerEvidenceReader({ ...sourceEvidenceWorker(), idleMs: 400, qrIdleMs: 60_000 })
    await reader.readPdf(einfach)
    expect(reader.running().pdf).toBe(true)
    await sleep(100)
    expect(reader.running().pdf).toBe(true)
    await waitFor(() => !reader!.running().pdf, 5_000)
    expect((await reader.readPdf(einfach)).einvoice).toMatchObject({ invoice_no: '471102' })
  }, 60_000)

  it('has the idle PDF thread give its heap room back after releaseAfterMs, and keep reading after it', async () => {
    const lines: string[] = []
    reader = new WorkerEvidenceReader({
      ...sourceEvidenceWorker(),
      idleMs: 60_000,
      releaseAfterMs: 200,
      log: (line) => lines.push(line),
    })
    for (let round = 0; round < 3; round++) await reader.readPdf(einfach)
    expect(lines).toEqual([])
    await waitFor(() => lines.length > 0, 10_000)
    const released = /heap ([\d.]+) MB -> ([\d.]+) MB/.exec(lines[0]!)
    expect(lines[0]).toContain('idle PDF thread gave memory back')
    expect(Number(released![2])).toBeLessThan(Number(released![1]))
    expect(reader.running().pdf).toBe(true)
    expect((await reader.readPdf(einfach)).einvoice).toMatchObject({ invoice_no: '471102' })
  }, 60_000)

  it('reads a PDF while a scan is still running (they never share a queue)', async () => {
    reader = new WorkerEvidenceReader({ ...sourceEvidenceWorker(), idleMs: 60_000, qrIdleMs: 60_000 })
    await Promise.all([reader.readPdf(einfach), reader.readQr(scan, 1)])
    const order: string[] = []
    const big = new Uint8Array(readFileSync(join(root, 'resources/demo/invoices/oyo.png')))
    const scanning = reader.readQr(big, 1).then(() => order.push('qr'))
    await reader.readPdf(einfach).then(() => order.push('pdf'))
    await scanning
    expect(order).toEqual(['pdf', 'qr'])
  }, 60_000)
})
