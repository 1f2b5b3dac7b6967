import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ClassicLevel } from 'classic-level'
import { MemoryLevel } from 'memory-level'
import { describe, expect, it } from 'vitest'
import { documentListResponseSchema } from '../../../shared/api/document'
import { decodeDocumentPage } from '../../api/documentPage'
import { listedDocument, pageBody } from '../../api/testing/pages'
import type { DocumentRecord } from './records'
import { Store, type Level } from './store'
import { BatchValueRoom } from './valueRoom'

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

  it('lays values out in a batch value room only for a level that copies written bytes (memory-level keeps the view)', async () => {
    const decoded = decodeDocumentPage(pageBody([listedDocument(1), listedDocument(2)]), 'application/json')
    if (!decoded.ok) throw new Error(decoded.problem)
    const store = openStore()
    const room = new BatchValueRoom(1 << 16)
    const facts = { agendaId: 4, archived: false, storedAt: '2026-11-22T10:00:00.000Z' }
    await store.batch(store.putEncodedDocumentOps(decoded.documents[0]!, facts, undefined, room))
    room.reset()
    await store.batch(store.putEncodedDocumentOps(decoded.documents[1]!, facts, undefined, room))
    expect((await store.getDocuments([1, 2])).map((r) => r?.doc.id)).toEqual([1, 2])
  })

  it('writes the same values to LevelDB when they are laid out in a batch value room reused batch after batch', async () => {
    const docs = [
      listedDocument(12, { state: 'repairing' }),
      listedDocument(11, { archived: true }),
      listedDocument(10),
    ]
    const decoded = decodeDocumentPage(pageBody(docs), 'application/json')
    if (!decoded.ok) throw new Error(decoded.problem)
    const storedAt = '2026-11-22T10:00:00.000Z'
    const dir = await mkdtemp(join(tmpdir(), 'docket-room-'))
    const level = new ClassicLevel<string, unknown>(join(dir, 'store'), { valueEncoding: 'json' })
    try {
      const plain = openStore()
      const roomed = new Store(level as unknown as Level, false)
      const room = new BatchValueRoom(1 << 16)
      for (const doc of decoded.documents) {
        const facts = { agendaId: 4, archived: doc.archived ?? false, storedAt }
        await plain.batch(plain.putEncodedDocumentOps(doc, facts, undefined))
        room.reset()
        await roomed.batch(roomed.putEncodedDocumentOps(doc, facts, undefined, room))
      }
      expect(await roomed.getDocuments([12, 11, 10])).toEqual(await plain.getDocuments([12, 11, 10]))
      expect(await roomed.documentIdsOf(4)).toEqual([12, 11, 10])
      // LevelDB copies what it is given: the values were laid out in the room.
      expect(room.capacity).toBeGreaterThan(0)
    } finally {
      await level.close()
      await rm(dir, { recursive: true, force: true })
    }
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
