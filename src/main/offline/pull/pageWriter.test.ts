import { describe, expect, it } from 'vitest'
import { decodeDocumentPage } from '../../api/documentPage'
import { listedDocument, pageBody } from '../../api/testing/pages'
import type { Store } from '../store'
import { agendaPull, PageWriter, type PullRun } from './pageWriter'

/** A run whose retention cutoff sets aside every document exported before 2026-06-01. */
function runWithCutoff(): PullRun {
  return {
    changed: [],
    repaired: [],
    written: new Map(),
    busy: new Set(),
    cutoffMs: Date.parse('2026-06-01T00:00:00Z'),
    pushedMeanwhile: () => false,
    pushedEver: () => false,
  }
}

describe('PageWriter', () => {
  it('keeps a set-aside document without the buffer of its whole page', async () => {
    const decoded = decodeDocumentPage(
      pageBody([
        listedDocument(1, { state: 'exported' }),
        listedDocument(2, { state: 'exported' }),
        listedDocument(3, { state: 'exported' }),
      ]),
      'application/json',
    )
    if (!decoded.ok) throw new Error(decoded.problem)
    const pageBuffer = decoded.documents[0]!.json.buffer
    // Every document is set aside, so nothing is written: the store is never called.
    const writer = new PageWriter(
      {} as Store,
      () => new Date(),
      runWithCutoff(),
      () => undefined,
    )
    const pull = agendaPull(7, null)
    writer.openFor(new Set([7]))
    writer.add(pull, decoded.documents)
    await writer.settled()

    expect(pull.skipped.map((d) => d.id)).toEqual([1, 2, 3])
    for (const [index, doc] of pull.skipped.entries()) {
      expect(doc.json.buffer).not.toBe(pageBuffer)
      expect(doc.json.buffer.byteLength).toBe(doc.json.byteLength)
      expect(Buffer.from(doc.json).equals(Buffer.from(decoded.documents[index]!.json))).toBe(true)
    }
  })
})
