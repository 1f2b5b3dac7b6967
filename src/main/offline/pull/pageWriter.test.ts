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
  it('keeps a set-aside document as a string of its bytes, not in the buffer of its whole page', async () => {
    const decoded = decodeDocumentPage(
      pageBody([
        listedDocument(1, { state: 'exported' }),
        listedDocument(2, { state: 'exported', user_file_name: 'faktura-č.-ř2.pdf' }),
        listedDocument(3, { state: 'exported' }),
      ]),
      'application/json',
    )
    if (!decoded.ok) throw new Error(decoded.problem)
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
      expect(typeof doc.json).toBe('string')
      expect(Buffer.from(doc.json, 'latin1').equals(Buffer.from(decoded.documents[index]!.json))).toBe(true)
    }
  })

  it('writes a set-aside document an outbox entry came to refer to with the bytes it was listed with', async () => {
    const decoded = decodeDocumentPage(
      pageBody([
        listedDocument(1, { state: 'exported' }),
        listedDocument(2, { state: 'exported', user_file_name: 'účet-ž.pdf' }),
      ]),
      'application/json',
    )
    if (!decoded.ok) throw new Error(decoded.problem)
    const written: { id: number; json: Uint8Array }[] = []
    const store = {
      getDocuments: async (ids: number[]) => ids.map(() => undefined),
      putEncodedDocumentOps: (doc: { id: number; json: Uint8Array }) => {
        written.push(doc)
        return []
      },
      batch: async () => undefined,
    } as unknown as Store
    const writer = new PageWriter(
      store,
      () => new Date(),
      runWithCutoff(),
      () => undefined,
    )
    const pull = agendaPull(7, null)
    writer.openFor(new Set([7]))
    writer.add(pull, decoded.documents)
    await writer.settled()
    expect(written).toEqual([])

    await writer.writeSetAside(pull, new Set([2]))
    expect(written.map((d) => d.id)).toEqual([2])
    expect(Buffer.from(written[0]!.json).equals(Buffer.from(decoded.documents[1]!.json))).toBe(true)
  })
})
