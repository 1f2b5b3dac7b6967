import { describe, expect, it } from 'vitest'
import { emptyExtractedData } from './model'
import { SandboxStore } from './store'

function storeWith(count: number): SandboxStore {
  const store = new SandboxStore(() => Date.parse('2026-11-01T10:00:00Z'))
  for (let i = 0; i < count; i++)
    store.addDocument({
      agendaId: 1,
      type: 'PurchaseInvoice',
      state: 'not_ready',
      createdAt: Date.parse('2026-10-01T10:00:00Z'),
      userFileName: `f${i}.pdf`,
      data: emptyExtractedData(),
      files: { original: null, originalContentType: 'application/pdf', png: null },
    })
  return store
}

describe('SandboxStore.matchingIds (the list cache)', () => {
  it('computes a query once and serves it from the cache while nothing changes', () => {
    const store = storeWith(3)
    let computed = 0
    const compute = () => {
      computed++
      return store.documentIdsDescending().filter((id) => store.documents.get(id)!.state === 'ready')
    }
    expect(store.matchingIds('ready', compute)).toEqual([])
    expect(store.matchingIds('ready', compute)).toEqual([])
    expect(computed).toBe(1)
  })

  it('is dropped by every document change: state (touch), add, delete', () => {
    const store = storeWith(3)
    const ready = () =>
      store.matchingIds('ready', () =>
        store.documentIdsDescending().filter((id) => store.documents.get(id)!.state === 'ready'),
      )
    const all = () => store.matchingIds('all', () => [...store.documentIdsDescending()])
    expect(ready()).toEqual([])
    expect(all()).toEqual([3, 2, 1])
    store.setState(store.documents.get(2)!, 'ready')
    expect(ready()).toEqual([2])
    const added = store.addDocument({
      agendaId: 1,
      type: 'SalesInvoice',
      state: 'ready',
      createdAt: 0,
      userFileName: 'new.pdf',
      data: emptyExtractedData(),
      files: { original: null, originalContentType: 'application/pdf', png: null },
    })
    expect(all()).toEqual([added.id, 3, 2, 1])
    expect(ready()).toEqual([added.id, 2])
    store.deleteDocument(2)
    expect(ready()).toEqual([added.id])
    const doc = store.documents.get(1)!
    doc.archived = true
    store.touch(doc)
    expect(
      store.matchingIds('live', () => [...store.documents.values()].filter((d) => !d.archived).map((d) => d.id)),
    ).toEqual([3, added.id])
  })
})

describe('SandboxStore.dropListCaches (benchmark floors)', () => {
  it('makes the next query compute again and rebuilds the per-agenda ids, changing no document', () => {
    const store = storeWith(3)
    let computed = 0
    const all = () =>
      store.matchingIds('all', () => {
        computed++
        return [...store.documentIdsDescending()]
      })
    all()
    const agendaIds = store.documentIdsOfAgenda(1)
    const computedBefore = store.listQueriesComputed
    store.dropListCaches()
    expect(all()).toEqual([3, 2, 1])
    expect(computed).toBe(2)
    expect(store.listQueriesComputed).toBe(computedBefore + 1)
    // Rebuilt (a new list), with the same ids.
    expect(store.documentIdsOfAgenda(1)).not.toBe(agendaIds)
    expect(store.documentIdsOfAgenda(1)).toEqual([3, 2, 1])
    expect([...store.documents.values()].map((d) => d.lastModifiedAt)).toEqual(
      Array(3).fill(Date.parse('2026-10-01T10:00:00Z')),
    )
  })
})
