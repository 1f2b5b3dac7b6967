import { MemoryLevel } from 'memory-level'
import { describe, expect, it } from 'vitest'
import type { Agenda } from '../../../shared/api/agenda'
import { listedDocument } from '../../api/testing/pages'
import { documentListResponseSchema } from '../../../shared/api/document'
import { keptRead } from './keptRead'
import { Store } from './store'

function openStore() {
  return new Store(new MemoryLevel<string, unknown>({ valueEncoding: 'json' }), false)
}

const agenda = (id: number, name = `Agenda ${id}`) => ({ id, name }) as Agenda

describe('Store.writesTo', () => {
  it('moves with every write to the sections named, not with writes elsewhere', async () => {
    const store = openStore()
    const agendas = store.writesTo(['agendas'])
    const meta = store.writesTo(['meta'])
    await store.batch([store.putAgendaOp(agenda(1))])
    expect(store.writesTo(['agendas'])).not.toBe(agendas)
    expect(store.writesTo(['meta'])).toBe(meta)

    const both = store.writesTo(['agendas', 'outbox', 'meta'])
    await store.batch([store.putAgendaOfflineOp(1, { availableOffline: true })])
    expect(store.writesTo(['agendas', 'outbox', 'meta'])).not.toBe(both)

    const before = store.writesTo(['agendas', 'outbox', 'meta'])
    const [doc] = documentListResponseSchema.parse({ documents: [listedDocument(12)] }).documents
    await store.batch(store.putDocumentOps({ doc: doc!, agendaId: 1, archived: false, storedAt: 'now' }, undefined))
    await store.putFileRecord({ kind: 'preview', documentId: 12, size: 1, contentType: 'image/png', lastAccess: 0 })
    expect(store.writesTo(['agendas', 'outbox', 'meta'])).toBe(before)
  })

  it('moves when a write starts and again when it ends, failed or not', async () => {
    const level = new MemoryLevel<string, unknown>({ valueEncoding: 'json' })
    const store = new Store(level, false)
    const start = store.writesTo(['agendas'])
    const writing = store.batch([store.putAgendaOp(agenda(1))])
    const during = store.writesTo(['agendas'])
    expect(during).not.toBe(start)
    await writing
    expect(store.writesTo(['agendas'])).not.toBe(during)

    await level.close()
    const closed = store.writesTo(['agendas'])
    await expect(store.batch([store.putAgendaOp(agenda(2))])).rejects.toThrow()
    expect(store.writesTo(['agendas'])).not.toBe(closed)
  })
})

describe('keptRead', () => {
  it('answers the last read while nothing is written to its sections, and reads again after a write', async () => {
    const store = openStore()
    await store.batch([store.putAgendaOp(agenda(1))])
    let reads = 0
    const agendas = keptRead(store, ['agendas'], async () => {
      reads++
      return store.listAgendas()
    })
    const first = await agendas()
    expect(await agendas()).toBe(first)
    expect(reads).toBe(1)

    await store.batch([store.putAgendaOp(agenda(2, 'Added'))])
    expect((await agendas()).map((a) => a.name)).toEqual(['Agenda 1', 'Added'])
    expect(reads).toBe(2)
    await store.batch([store.deleteAgendaOp(1)])
    expect((await agendas()).map((a) => a.id)).toEqual([2])
  })

  it('never serves again a read that overlapped a write', async () => {
    const store = openStore()
    await store.batch([store.putAgendaOp(agenda(1))])
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    let reads = 0
    const agendas = keptRead(store, ['agendas'], async () => {
      reads++
      const read = await store.listAgendas()
      if (reads === 1) await gate
      return read
    })
    const early = agendas()
    await store.batch([store.putAgendaOp(agenda(2))])
    release()
    expect((await early).map((a) => a.id)).toEqual([1])
    expect((await agendas()).map((a) => a.id)).toEqual([1, 2])
  })

  it('keeps no failed read', async () => {
    const store = openStore()
    let fail = true
    const read = keptRead(store, ['meta'], async () => {
      if (fail) throw new Error('store closed')
      return 'read'
    })
    await expect(read()).rejects.toThrow('store closed')
    fail = false
    expect(await read()).toBe('read')
  })
})
