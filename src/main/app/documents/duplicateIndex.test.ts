import { describe, expect, it } from 'vitest'
import type { CheckedDocument } from '../../../shared/checks/context'
import { sampleDocument } from '../testing/fakeWorkspace'
import { DuplicateIndexBuilder, duplicateKeyStrings, seededKeyHasher, type KeyHasher } from './duplicateIndex'
import { seededRandom } from '../testing/seededRandom'

const random = seededRandom

/** Documents drawn from small vocabularies, so that many share a key (and some have none). */
function generatedDocuments(count: number, seed: number, firstId = 1): CheckedDocument[] {
  const pick = random(seed)
  return Array.from({ length: count }, (_, i) =>
    sampleDocument(firstId + i, {
      supplier: { name: ['ACME', ' acme ', 'Globex', '', 'Initech'][pick(5)]! },
      data: {
        header: {
          invoice_no: pick(4) === 0 ? '' : `INV-${pick(300)}`,
          issue_date: `2026-01-${String(1 + pick(28)).padStart(2, '0')}`,
        },
      },
      summary: { total: [0, 121, 242.5, 99.9, 1000, 7][pick(6)]! },
      user_file_name: pick(3) === 0 ? null : `scan-${pick(900)}.pdf`,
    }),
  )
}

/** The straightforward duplicate index: key strings to the ids under them. */
function referenceIndex(docs: readonly CheckedDocument[]): Map<string, Set<number>> {
  const byKey = new Map<string, Set<number>>()
  for (const doc of docs) {
    for (const key of duplicateKeyStrings(doc)) byKey.set(key, (byKey.get(key) ?? new Set()).add(doc.id))
  }
  return byKey
}

/** The ids the reference flags: those sharing a key with another document, descending. */
function referenceShared(docs: readonly CheckedDocument[]): number[] {
  const shared = new Set<number>()
  for (const ids of referenceIndex(docs).values()) if (ids.size > 1) for (const id of ids) shared.add(id)
  return [...shared].sort((a, b) => b - a)
}

const build = (docs: readonly CheckedDocument[], hasher?: KeyHasher) => {
  const builder = new DuplicateIndexBuilder(hasher)
  for (const doc of docs) builder.addDocument(doc)
  return builder.build()
}

describe('the duplicate index', () => {
  it('names the documents under each key and flags those sharing one, as the key strings would', () => {
    for (const seed of [1, 2, 3]) {
      const docs = generatedDocuments(400, seed)
      const index = build(docs)
      const reference = referenceIndex(docs)
      expect(referenceShared(docs).length).toBeGreaterThan(40)
      expect(referenceShared(docs).length).toBeLessThan(300)
      expect(index.sharedIds(), `seed ${seed}`).toEqual(referenceShared(docs))
      expect(index.size).toBe([...reference.values()].reduce((sum, ids) => sum + ids.size, 0))
      for (const [key, ids] of reference) expect(index.idsUnder(key).sort()).toEqual([...ids].sort())
      expect(index.idsUnder('nobody\u0000INV-1')).toEqual([])
    }
  })

  it('flags nothing when no two documents share a key, and has no entry for documents without keys', () => {
    const docs = [1, 2, 3].map((id) => sampleDocument(id))
    expect(build(docs).sharedIds()).toEqual([])
    const bare = build([sampleDocument(4, { supplier: { name: '' }, data: { header: {} }, user_file_name: null })])
    expect(bare.size).toBe(0)
    expect(bare.idsUnder('file\u0000a.pdf')).toEqual([])
    expect(bare.sharedIds()).toEqual([])
  })

  it('one document carrying a key twice is no duplicate of itself', () => {
    const builder = new DuplicateIndexBuilder()
    builder.addKey('k', 7)
    builder.addKey('k', 7)
    const index = builder.build()
    expect(index.size).toBe(1)
    expect(index.sharedIds()).toEqual([])
    expect(index.idsUnder('k')).toEqual([7])
  })

  it('a changed index equals one built from the documents after the change', () => {
    const docs = generatedDocuments(300, 4)
    const index = build(docs)
    const changed = generatedDocuments(40, 5, 101) // ids 101-140 read again with other keys
    const removed = new Set([...changed.map((doc) => doc.id), 7, 8, 9])
    const added = [...changed, ...generatedDocuments(10, 6, 1000)]
    const after = [...docs.filter((doc) => !removed.has(doc.id)), ...added]
    const patched = index.with(new Set([...removed, 1000, 1001]), added)
    expect(patched.sharedIds()).toEqual(referenceShared(after))
    for (const [key, ids] of referenceIndex(after)) expect(patched.idsUnder(key).sort()).toEqual([...ids].sort())
    expect(index.sharedIds()).toEqual(referenceShared(docs)) // the old index is untouched
  })

  it('stays exact through rounds of small and large changes, also when hashes cluster in long runs', () => {
    const exact = seededKeyHasher(9)
    // Eight home slots at most: every probe run is long and wraps around the table's end.
    const clustered: KeyHasher = (key) => [exact(key)[0], exact(key)[1] & 7]
    for (const hasher of [undefined, clustered]) {
      const pick = random(12)
      let docs = generatedDocuments(200, 13)
      let index = build(docs, hasher)
      for (let round = 0; round < 30; round++) {
        const count = [1, 3, 20, 80][pick(4)]!
        const removed = new Set(Array.from({ length: count }, () => 1 + pick(260)))
        const added = generatedDocuments(pick(2) === 0 ? count : 0, 100 + round, 1 + pick(260)).filter(
          (doc) => removed.has(doc.id) || !docs.some((d) => d.id === doc.id),
        )
        for (const doc of added) removed.add(doc.id)
        docs = [...docs.filter((doc) => !removed.has(doc.id)), ...added]
        const before = index.sharedIds()
        const next = index.with(removed, added)
        expect(index.sharedIds()).toBe(before)
        index = next
        const what = `${hasher ? 'clustered' : 'spread'} round ${round}`
        expect(index.sharedIds(), what).toEqual(referenceShared(docs))
        const reference = referenceIndex(docs)
        expect(index.size, what).toBe([...reference.values()].reduce((sum, ids) => sum + ids.size, 0))
        for (const [key, ids] of reference) expect(index.idsUnder(key).sort(), what).toEqual([...ids].sort())
      }
    }
  })

  it('keeps ids beyond 32 bits', () => {
    const big = 2 ** 40 + 3
    const builder = new DuplicateIndexBuilder()
    builder.addKey('k', big)
    builder.addKey('k', 5)
    expect(builder.build().sharedIds()).toEqual([big, 5])
    expect(builder.build().idsUnder('k')).toEqual([big, 5])
  })

  it('under colliding hashes, names every document of the hash: callers compare keys themselves', () => {
    const collide: KeyHasher = () => [1, 2]
    const index = build([sampleDocument(1), sampleDocument(2)], collide)
    expect(index.idsUnder('anything')).toEqual([1, 2])
  })

  it('hashes the same key alike and different keys apart, by seed', () => {
    const hash = seededKeyHasher(42)
    expect(hash('acme\u0000inv-1')).toEqual(hash(['acme', 'inv-1'].join('\u0000')))
    expect(hash('acme\u0000inv-1')).not.toEqual(hash('acme\u0000inv-2'))
    expect(hash('acme\u0000inv-1')).not.toEqual(seededKeyHasher(43)('acme\u0000inv-1'))
    const seen = new Set<string>()
    for (let i = 0; i < 50_000; i++) seen.add(hash(`file\u0000scan-${i}.pdf`).join())
    expect(seen.size).toBe(50_000)
  })
})
