import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MemoryLevel } from 'memory-level'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { OutboxEntry } from '../../../shared/outbox/entry'
import { JOURNAL_COMPACT_BYTES, OutboxJournal } from './journal'
import { replayOutbox } from './journalReplay'
import { Store, type Level } from './store'

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docket-journal-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function entry(seq: number, patch: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id: `entry-${seq}`,
    seq,
    action: { kind: 'comments.create', documentId: 5, text: `Note ${seq}` },
    createdAt: '2026-11-01T10:00:00.000Z',
    baseLastModifiedAt: null,
    attempts: 0,
    status: 'pending',
    dependsOn: [],
    ...patch,
  }
}

const noMeta = new Map<string, unknown>()

describe('outbox journal file', () => {
  it('reads back what was appended: puts, removals and meta values', async () => {
    const path = join(dir, 'j')
    const { journal } = await OutboxJournal.open(path, false)
    await journal.append({ put: [entry(1), entry(2)], meta: { seq: 2 } })
    await journal.append({ del: [1], put: [entry(2, { status: 'in_flight', attempts: 1 })] })
    const { journal: again, load } = await OutboxJournal.open(path, false)
    expect(load).toEqual({ existed: true, records: 2, damaged: 0 })
    expect([...again.entries.values()]).toEqual([entry(2, { status: 'in_flight', attempts: 1 })])
    expect(again.meta.get('seq')).toBe(2)
  })

  it('skips a torn last append without calling it damage, and counts a bad record elsewhere', async () => {
    const path = join(dir, 'j')
    const { journal } = await OutboxJournal.open(path, false)
    await journal.append({ put: [entry(1)] })
    await journal.append({ put: [entry(2)] })
    await appendFile(path, '0123456789abcdef {"t":"change","put":[')
    expect((await OutboxJournal.open(path, false)).load.damaged).toBe(0)

    const lines = (await readFile(path, 'utf8')).split('\n')
    lines[0] = lines[0]!.replace('Note 1', 'Note X')
    await writeFile(path, lines.join('\n'))
    const { journal: read, load } = await OutboxJournal.open(path, false)
    expect(load.damaged).toBe(1)
    expect([...read.entries.keys()]).toEqual([2])
  })

  it('compacts into one snapshot past its size limit, keeping the same view', async () => {
    const path = join(dir, 'j')
    const { journal } = await OutboxJournal.open(path, false)
    const big = 'x'.repeat(10_000)
    for (let seq = 1; seq <= 150; seq++) {
      await journal.append({ put: [entry(seq, { action: { kind: 'comments.create', documentId: 5, text: big } })] })
      if (seq > 2) await journal.append({ del: [seq - 2] })
    }
    const size = (await readFile(path)).byteLength
    expect(size).toBeLessThan(JOURNAL_COMPACT_BYTES + 50_000)
    const { journal: read } = await OutboxJournal.open(path, false)
    expect([...read.entries.keys()]).toEqual([149, 150])
  })
})

describe('store batches and the journal', () => {
  it('journals outbox batches and reverts the record of a batch that failed', async () => {
    const path = join(dir, 'j')
    const { journal } = await OutboxJournal.open(path, false)
    const level = new MemoryLevel<string, unknown>({ valueEncoding: 'json' }) as unknown as Level
    const store = new Store(level, false, undefined, journal)
    await store.batch([...store.addEntryOps(entry(1)), store.putOutboxSeqOp(1)])
    expect([...journal.entries.keys()]).toEqual([1])

    const batch = level.batch.bind(level)
    level.batch = (() => Promise.reject(new Error('IO error: disk'))) as unknown as typeof level.batch
    await expect(store.batch([...store.addEntryOps(entry(2)), ...store.removeEntryOps(entry(1))])).rejects.toThrow()
    level.batch = batch
    const { journal: read } = await OutboxJournal.open(path, false)
    expect([...read.entries.keys()]).toEqual([1])
    expect(read.meta.get('seq')).toBe(1)
  })

  it('an answer to a warning (acks) is not journaled: the outbox journal holds only the outbox', async () => {
    const path = join(dir, 'j')
    const { journal } = await OutboxJournal.open(path, false)
    const store = new Store(new MemoryLevel({ valueEncoding: 'json' }) as unknown as Level, false, undefined, journal)
    const ack = {
      documentId: 5,
      code: 'duplicate' as const,
      kind: 'not_duplicate' as const,
      reason: null,
      at: 'x',
      userId: 1,
    }
    await store.batch([store.putAcknowledgementOp(ack)])
    await store.batch([store.deleteAcknowledgementOp(5, 'duplicate')])
    expect((await OutboxJournal.open(path, false)).load.records).toBe(0)
  })

  it('a batch with no outbox part is not journaled', async () => {
    const path = join(dir, 'j')
    const { journal } = await OutboxJournal.open(path, false)
    const store = new Store(new MemoryLevel({ valueEncoding: 'json' }) as unknown as Level, false, undefined, journal)
    await store.batch([store.putCursorOp({ startedAt: 'x' } as never)])
    expect((await OutboxJournal.open(path, false)).load.records).toBe(0)
  })
})

describe('replay on open', () => {
  const load = { existed: true, records: 3, damaged: 0 }

  it('restores entries the store lost and drops entries the store got back after their removal', () => {
    const replay = replayOutbox({
      store: [entry(1), entry(3)],
      storeMeta: new Map([['seq', 1]]),
      journal: [entry(2), entry(3)],
      journalMeta: new Map([['seq', 3]]),
      load,
    })
    expect(replay.entries.map((e) => e.seq)).toEqual([2, 3])
    expect(replay).toMatchObject({ restored: 1, dropped: 1, changed: true })
    expect(replay.meta.get('seq')).toBe(3)
  })

  it('an entry the store last saw in flight is uncertain, so a create is looked up before a second send', () => {
    const replay = replayOutbox({
      store: [entry(1, { status: 'in_flight', attempts: 1 })],
      storeMeta: noMeta,
      journal: [entry(1)],
      journalMeta: noMeta,
      load,
    })
    expect(replay.entries[0]).toMatchObject({ status: 'pending', uncertain: true })
  })

  it('without a journal file the store is the outbox; with a damaged journal both are kept', () => {
    const none = replayOutbox({
      store: [entry(1)],
      storeMeta: noMeta,
      journal: [],
      journalMeta: noMeta,
      load: { existed: false, records: 0, damaged: 0 },
    })
    expect(none).toMatchObject({ restored: 0, dropped: 0 })
    expect(none.entries.map((e) => e.seq)).toEqual([1])
    const damaged = replayOutbox({
      store: [entry(1)],
      storeMeta: noMeta,
      journal: [entry(2)],
      journalMeta: noMeta,
      load: { ...load, damaged: 1 },
    })
    expect(damaged.entries.map((e) => e.seq)).toEqual([1, 2])
  })

  it('never gives out a local agenda id or seq twice', () => {
    const replay = replayOutbox({
      store: [],
      storeMeta: new Map<string, unknown>([
        ['seq', 9],
        ['localAgenda', -1],
      ]),
      journal: [entry(4, { localAgendaId: -3 })],
      journalMeta: new Map<string, unknown>([
        ['seq', 4],
        ['localAgenda', -2],
      ]),
      load,
    })
    expect(replay.meta.get('seq')).toBe(9)
    expect(replay.meta.get('localAgenda')).toBe(-3)
  })
})
