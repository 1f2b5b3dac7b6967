import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Document } from '../../../shared/api'
import type { CachedDocument } from '../../offline'
import { FakeWorkspace, sampleDocument } from '../testing/fakeWorkspace'
import { createAgendaRowsSource, MAX_DUPLICATE_CANDIDATES, type AgendaRowsSource } from './agendaRows'
import { duplicateKeyStrings, type KeyHasher } from './duplicateIndex'
import { companyOf } from './rowCache'
import { toDocumentRow } from './rows'
import { seededRandom } from '../testing/seededRandom'

/** While `on`, every duplicate key hashes alike: the index then names every document of the agenda. */
const collisions = vi.hoisted(() => ({ on: false }))
vi.mock('./duplicateIndex', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./duplicateIndex')>()
  const collide: KeyHasher = () => [1, 2]
  class CollidingWhenAsked extends actual.DuplicateIndexBuilder {
    constructor(hasher?: KeyHasher) {
      super(hasher ?? (collisions.on ? collide : undefined))
    }
  }
  return { ...actual, DuplicateIndexBuilder: CollidingWhenAsked }
})

const random = seededRandom

/** A document drawn from small vocabularies, so that many share a duplicate key. */
function drawn(id: number, pick: (n: number) => number): Document {
  return sampleDocument(id, {
    state: ['not_ready', 'ready', 'exported'][pick(3)]!,
    supplier: { name: ['ACME', ' acme ', 'Globex', 'Initech'][pick(4)]! },
    data: {
      header: {
        invoice_no: `INV-${pick(250)}`,
        issue_date: `2026-0${1 + pick(3)}-${String(1 + pick(28)).padStart(2, '0')}`,
        currency: 'czk',
      },
    },
    summary: { total: [121, 242.5, 99.9, 10, 20][pick(5)]! },
    user_file_name: pick(2) === 0 ? null : `scan-${pick(400)}.pdf`,
  })
}

/** The documents of an agenda as the inbox lists them: not archived, id descending. */
const listed = (workspace: FakeWorkspace, agendaId: number): CachedDocument[] =>
  [...workspace.documents.values()]
    .filter((doc) => doc.agenda_id === agendaId && !doc.local.archived)
    .sort((a, b) => b.id - a.id)

/** The flagged rows computed the straightforward way: key strings grouped in a Map. */
async function referenceRows(workspace: FakeWorkspace, agendaId: number) {
  const docs = listed(workspace, agendaId)
  const byKey = new Map<string, Set<number>>()
  for (const doc of docs) {
    for (const key of duplicateKeyStrings(doc)) byKey.set(key, (byKey.get(key) ?? new Set()).add(doc.id))
  }
  const shared = new Set<number>()
  for (const ids of byKey.values()) if (ids.size > 1) ids.forEach((id) => shared.add(id))
  const company = await companyOf(workspace, agendaId)
  return docs.map((doc) => {
    const row = toDocumentRow(doc, company)
    return shared.has(doc.id) ? { ...row, warnings: [...row.warnings, 'duplicate'] } : row
  })
}

/** The ids of the agenda's documents that share a duplicate key with `doc`, itself included. */
function referenceCandidates(workspace: FakeWorkspace, doc: CachedDocument): number[] {
  const keys = new Set(duplicateKeyStrings(doc))
  return listed(workspace, doc.agenda_id)
    .filter((other) => duplicateKeyStrings(other).some((key) => keys.has(key)))
    .map((other) => other.id)
    .sort((a, b) => a - b)
}

const candidateIds = async (source: AgendaRowsSource, doc: CachedDocument) =>
  (await source.candidatesOf(doc)).map((c) => c.id).sort((a, b) => a - b)

let workspace: FakeWorkspace
let listeners: ((event: string, payload: unknown) => void)[]
const emit = (event: string, payload: unknown) => listeners.forEach((l) => l(event, payload))
const subscribe = (listener: (event: string, payload: unknown) => void) => {
  listeners.push(listener)
  return () => (listeners = listeners.filter((l) => l !== listener))
}
const changed = (documentIds: number[]) => emit('documents.changed', { documentIds, agendaIds: [] })

beforeEach(() => {
  collisions.on = false
  listeners = []
  workspace = new FakeWorkspace()
  workspace.addAgenda({ id: 1, name: 'ACME', home_currency: 'CZK' }).addAgenda({ id: 2, name: 'Two' })
  const pick = random(7)
  for (let id = 1; id <= 300; id++) workspace.addDocument(1 + (id % 7 === 0 ? 1 : 0), drawn(id, pick))
})

describe('the flagged rows of an agenda', () => {
  it('flag exactly the documents sharing a duplicate key with another, before and after changes', async () => {
    const source = createAgendaRowsSource(() => workspace, { subscribe })
    const reference = await referenceRows(workspace, 1)
    expect(reference.filter((row) => row.warnings.includes('duplicate')).length).toBeGreaterThan(30)
    expect(reference.filter((row) => !row.warnings.includes('duplicate')).length).toBeGreaterThan(30)
    expect(await source.flaggedRowsOf(1)).toEqual(reference)
    expect(await source.flaggedRowsOf(2)).toEqual(await referenceRows(workspace, 2))

    const pick = random(11)
    for (let round = 0; round < 5; round++) {
      const ids: number[] = []
      for (let i = 0; i < 25; i++) {
        const id = 1 + pick(320)
        const doc = workspace.documents.get(id)
        const change = pick(4)
        if (!doc || change === 0)
          workspace.addDocument(1 + pick(2), drawn(id, pick)) // new, or read again
        else if (change === 1) doc.local = { ...doc.local, archived: true }
        else if (change === 2) workspace.documents.set(id, { ...doc, agenda_id: doc.agenda_id === 1 ? 2 : 1 })
        else workspace.documents.delete(id)
        ids.push(id)
      }
      changed(ids)
      expect(await source.flaggedRowsOf(1), `round ${round}`).toEqual(await referenceRows(workspace, 1))
      expect(await source.flaggedRowsOf(2), `round ${round}`).toEqual(await referenceRows(workspace, 2))
    }
    // and the same as reading the agendas again whole
    emit('documents.changed', { documentIds: [], agendaIds: [] })
    expect(await source.flaggedRowsOf(1)).toEqual(await referenceRows(workspace, 1))
  })

  it('are the same array while the agenda is unchanged, a new one after a change, and never changed', async () => {
    const source = createAgendaRowsSource(() => workspace, { subscribe })
    const first = await source.flaggedRowsOf(1)
    const other = await source.flaggedRowsOf(2)
    const copy = structuredClone(first)
    expect(await source.flaggedRowsOf(1)).toBe(first)

    const doc = workspace.documents.get(10)!
    workspace.documents.set(10, { ...doc, state: 'ready' })
    changed([10])
    const second = await source.flaggedRowsOf(1)
    expect(second).not.toBe(first)
    expect(second.find((row) => row.id === 10)?.state).toBe('ready')
    expect(await source.flaggedRowsOf(1)).toBe(second)
    expect(await source.flaggedRowsOf(2)).toBe(other) // another agenda's change is not this one's
    expect(first).toEqual(copy)

    emit('documents.changed', { documentIds: [], agendaIds: [1] })
    const third = await source.flaggedRowsOf(1)
    expect(third).not.toBe(second)
    expect(third).toEqual(second)
  })

  it('without the app events, read each agenda at each call', async () => {
    const source = createAgendaRowsSource(() => workspace)
    const first = await source.flaggedRowsOf(1)
    expect(first).toEqual(await referenceRows(workspace, 1))
    workspace.addDocument(1, drawn(500, random(3)))
    expect((await source.flaggedRowsOf(1))[0]?.id).toBe(500)
  })
})

describe('the duplicate candidates of a document', () => {
  it('are the documents of its agenda sharing one of its keys, itself included', async () => {
    const source = createAgendaRowsSource(() => workspace, { subscribe })
    for (const id of [1, 2, 3, 14, 50, 99]) {
      const doc = workspace.documents.get(id)!
      expect(await candidateIds(source, doc), `document ${id}`).toEqual(referenceCandidates(workspace, doc))
    }
    expect(await source.candidatesOf(workspace.documents.get(1)!)).toContainEqual(
      expect.objectContaining({ id: 1, supplierName: workspace.documents.get(1)!.supplier?.name }),
    )
  })

  it('are exact when every key collides: a document sharing only a hash is no candidate', async () => {
    collisions.on = true
    const source = createAgendaRowsSource(() => workspace, { subscribe })
    const doc = workspace.documents.get(1)!
    const reference = referenceCandidates(workspace, doc)
    expect(reference.length).toBeLessThan(listed(workspace, 1).length / 2)
    expect(await candidateIds(source, doc)).toEqual(reference)
    const lonely = workspace.addDocument(
      1,
      sampleDocument(900, { supplier: { name: 'Nobody' }, user_file_name: 'x.pdf' }),
    )
    changed([900])
    expect(await candidateIds(source, lonely.documents.get(900)!)).toEqual([900])
  })

  it('leave out a document whose keys changed, that left the agenda or was archived since it was indexed', async () => {
    const key = { supplier: { name: 'Samekey' }, data: { header: { invoice_no: 'S-1' } } }
    for (const id of [601, 602, 603, 604]) workspace.addDocument(1, sampleDocument(id, key))
    const source = createAgendaRowsSource(() => workspace, { subscribe })
    const doc = workspace.documents.get(601)!
    expect(await candidateIds(source, doc)).toEqual([601, 602, 603, 604])
    // The store changed, its event not yet handled: the index still names them.
    workspace.addDocument(1, sampleDocument(602, { supplier: { name: 'Samekey' } }))
    workspace.documents.set(603, { ...workspace.documents.get(603)!, agenda_id: 2 })
    workspace.documents.get(604)!.local.archived = true
    expect(await candidateIds(source, doc)).toEqual([601])
  })

  it('name at most 25 others, reading a few dozen documents, when thousands share a file name', async () => {
    for (let id = 1000; id < 1400; id++) workspace.addDocument(1, sampleDocument(id, { user_file_name: 'scan.pdf' }))
    const source = createAgendaRowsSource(() => workspace, { subscribe })
    await source.flaggedRowsOf(1)
    let reads = 0
    const getDocument = workspace.getDocument.bind(workspace)
    workspace.getDocument = (id) => {
      reads++
      return getDocument(id)
    }
    const doc = workspace.documents.get(1200)!
    const candidates = await source.candidatesOf(doc)
    expect(candidates.filter((c) => c.id !== 1200)).toHaveLength(MAX_DUPLICATE_CANDIDATES)
    expect(candidates.map((c) => c.id)).toContain(1200)
    expect(reads).toBeLessThanOrEqual(2 * MAX_DUPLICATE_CANDIDATES)
  })

  it('are none for a document without keys, and follow a new duplicate once its event arrives', async () => {
    const source = createAgendaRowsSource(() => workspace, { subscribe })
    await source.flaggedRowsOf(1)
    const bare = sampleDocument(700, { supplier: { name: '' }, data: { header: {} }, user_file_name: null })
    workspace.addDocument(1, bare)
    expect(await source.candidatesOf(workspace.documents.get(700)!)).toEqual([])
    workspace.addDocument(1, sampleDocument(701, { supplier: { name: 'New' }, data: { header: { invoice_no: '1' } } }))
    changed([700, 701])
    const twin = sampleDocument(702, { supplier: { name: 'new' }, data: { header: { invoice_no: '1' } } })
    workspace.addDocument(1, twin)
    expect(await candidateIds(source, workspace.documents.get(701)!)).toEqual([701])
    changed([702])
    expect(await candidateIds(source, workspace.documents.get(701)!)).toEqual([701, 702])
  })
})
