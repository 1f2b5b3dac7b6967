import { MemoryLevel } from 'memory-level'
import { describe, expect, it } from 'vitest'
import { documentListResponseSchema } from '../../../shared/api/document'
import { decodeDocumentPage } from '../../api/documentPage'
import { listedDocument, pageBody } from '../../api/testing/pages'
import type { DocumentRecord } from './records'
import { Store } from './store'

function openStore() {
  return new Store(new MemoryLevel<string, unknown>({ valueEncoding: 'json' }), false)
}

describe('Store.putEncodedDocumentOps (a pulled document, encoded off the main thread)', () => {
  it('writes what putDocumentOps writes for the same document: the value reads back equal and the indexes match', async () => {
    const docs = [listedDocument(12, { state: 'repairing' }), listedDocument(11, { archived: true })]
    const decoded = decodeDocumentPage(pageBody(docs), 'application/json')
    if (!decoded.ok) throw new Error(decoded.problem)
    const parsed = documentListResponseSchema.parse({ documents: docs }).documents
    const storedAt = '2026-11-22T10:00:00.000Z'

    const viaObjects = openStore()
    const viaText = openStore()
    await viaObjects.batch(
      parsed.flatMap((doc, i) =>
        viaObjects.putDocumentOps({ doc, agendaId: 4, archived: i === 1, storedAt }, undefined),
      ),
    )
    await viaText.batch(
      decoded.documents.flatMap((doc) =>
        viaText.putEncodedDocumentOps(doc, { agendaId: 4, archived: doc.archived ?? false, storedAt }, undefined),
      ),
    )
    const read = async (store: Store) => ({
      docs: await store.getDocuments([12, 11]),
      agenda: await store.documentIdsOf(4),
      inRepair: await store.documentsInRepair(),
    })
    const expected = await read(viaObjects)
    expect(await read(viaText)).toEqual(expected)
    expect(expected.agenda).toEqual([12, 11])
    expect(expected.inRepair).toEqual([12])
    expect((expected.docs[0] as DocumentRecord).doc).toMatchObject({ supplier: { name: 'Žluťoučký kůň s.r.o.' } })
  })

  it('moves the index entry and clears the watch when a document changes agenda and leaves repair', async () => {
    const store = openStore()
    const first = decodeDocumentPage(pageBody([listedDocument(5, { state: 'repairing' })]), 'application/json')
    const then = decodeDocumentPage(pageBody([listedDocument(5, { state: 'ready' })]), 'application/json')
    if (!first.ok || !then.ok) throw new Error('bad test page')
    const facts = { archived: false, storedAt: '2026-11-22T10:00:00.000Z' }
    await store.batch(store.putEncodedDocumentOps(first.documents[0]!, { ...facts, agendaId: 1 }, undefined))
    const previous = await store.getDocument(5)
    await store.batch(store.putEncodedDocumentOps(then.documents[0]!, { ...facts, agendaId: 2 }, previous))
    expect(await store.documentIdsOf(1)).toEqual([])
    expect(await store.documentIdsOf(2)).toEqual([5])
    expect(await store.documentsInRepair()).toEqual([])
    expect((await store.getDocument(5))?.doc.state).toBe('ready')
  })
})

describe("Store acks (the person's answers to warnings)", () => {
  const answer = (documentId: number, code: 'duplicate' | 'overdue', reason: string | null = null) => ({
    documentId,
    code,
    kind: code === 'duplicate' ? ('not_duplicate' as const) : ('acknowledged' as const),
    reason,
    at: '2026-11-22T10:00:00.000Z',
    userId: 3,
  })

  it('keeps the answers of each document apart, replaces an answer to the same check and removes one', async () => {
    const store = openStore()
    await store.batch([
      store.putAcknowledgementOp(answer(12, 'duplicate')),
      store.putAcknowledgementOp(answer(12, 'overdue', 'agreed with supplier')),
      store.putAcknowledgementOp(answer(120, 'overdue')),
    ])
    await store.batch([store.putAcknowledgementOp(answer(12, 'overdue', 'paid in cash'))])
    expect((await store.acknowledgementsOf(12)).map((a) => [a.code, a.reason])).toEqual([
      ['duplicate', null],
      ['overdue', 'paid in cash'],
    ])
    expect((await store.acknowledgementsOf(120)).map((a) => a.documentId)).toEqual([120])

    await store.batch([store.deleteAcknowledgementOp(12, 'duplicate')])
    expect((await store.acknowledgementsOf(12)).map((a) => a.code)).toEqual(['overdue'])
    expect(await store.acknowledgementsOf(11)).toEqual([])
  })

  it('stays when the document is written again by a pull (kept across syncs)', async () => {
    const store = openStore()
    const doc = documentListResponseSchema.parse({ documents: [listedDocument(12)] }).documents[0]!
    const record = { doc, agendaId: 4, archived: false, storedAt: '2026-11-22T10:00:00.000Z' }
    await store.batch([...store.putDocumentOps(record, undefined), store.putAcknowledgementOp(answer(12, 'duplicate'))])
    await store.batch(store.putDocumentOps({ ...record, storedAt: '2026-11-23T10:00:00.000Z' }, record))
    expect((await store.acknowledgementsOf(12)).map((a) => a.code)).toEqual(['duplicate'])
  })
})
