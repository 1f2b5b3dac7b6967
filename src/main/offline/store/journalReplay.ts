import { outboxEntrySchema, type OutboxEntry } from '../../../shared/outbox/entry'
import type { JournalLoad } from './journal'
import { META } from './keys'

/** What the store and the journal each hold of the outbox when the workspace opens. */
export interface OutboxSources {
  /** The store's entries (after any repair or rebuild of the store). */
  store: readonly OutboxEntry[]
  /** The store's journaled meta values (keys.ts `META`: seq, local agenda id, id maps, upload claims). */
  storeMeta: ReadonlyMap<string, unknown>
  /** The journal's live entries. */
  journal: readonly OutboxEntry[]
  /** The journal's meta values. */
  journalMeta: ReadonlyMap<string, unknown>
  /** What reading the journal found. */
  load: JournalLoad
}

/** The outbox as it is to be after opening, and what the replay changed in the store. */
export interface OutboxReplay {
  /** The entries, in seq order. */
  entries: OutboxEntry[]
  /** The journaled meta values. */
  meta: Map<string, unknown>
  /** Entries the store had lost (or held in an older state) and the journal restored. */
  restored: number
  /** Entries the store held that the journal had removed (brought back by damage). */
  dropped: number
  /** Whether the store must be rewritten (anything above differs from what it holds). */
  changed: boolean
}

/**
 * Decides the outbox after a start, from the store and the journal (journal.ts). The rule:
 *
 * - No journal file (a new account, or the first start with a journal): the store's outbox.
 * - A journal read whole: the journal's outbox. The journal is written before every batch, so
 *   it is never behind the store; an entry only the store holds was removed (done, undone) and
 *   came back because damage lost the removal, and sending it again would do it twice.
 * - A journal with damaged records: both, the journal's copy first (nothing kept is dropped).
 * - Where the store's copy of an entry is in flight or uncertain, the entry is uncertain: a
 *   request may have reached the service, so a create is looked up before it is sent again
 *   (the exactly-once rule of push/alreadyApplied.ts). A failed entry stays failed.
 * - Meta: the journal's values win; the outbox sequence is the highest seen anywhere and the
 *   last local agenda id the lowest, so no seq or local id is given out twice.
 *
 * Journal entries that do not match the entry schema are left out (the checksum already caught
 * accidental damage; this guards the push code against anything else).
 */
export function replayOutbox(sources: OutboxSources): OutboxReplay {
  const stored = new Map(sources.store.map((entry) => [entry.seq, entry]))
  const journal = sources.journal.filter((entry) => outboxEntrySchema.safeParse(entry).success)
  const target = new Map<number, OutboxEntry>()
  if (!sources.load.existed) for (const entry of sources.store) target.set(entry.seq, entry)
  else {
    for (const entry of journal) target.set(entry.seq, entry)
    if (sources.load.damaged > 0)
      for (const entry of sources.store) if (!target.has(entry.seq)) target.set(entry.seq, entry)
  }
  const same = (a: OutboxEntry | undefined, b: OutboxEntry) =>
    a !== undefined && JSON.stringify(a) === JSON.stringify(b)
  let restored = 0
  for (const [seq, entry] of target) {
    const inStore = stored.get(seq)
    if (same(inStore, entry)) continue
    restored++
    if (inStore && entry.status !== 'failed' && (inStore.status === 'in_flight' || inStore.uncertain)) {
      target.set(seq, { ...entry, status: 'pending', uncertain: true })
    }
  }

  const meta = new Map(sources.storeMeta)
  if (sources.load.existed) for (const [key, value] of sources.journalMeta) meta.set(key, value)
  const entries = [...target.values()].sort((a, b) => a.seq - b.seq)
  const seqs = [
    sources.storeMeta.get(META.outboxSeq),
    sources.journalMeta.get(META.outboxSeq),
    ...entries.map((e) => e.seq),
  ]
  meta.set(META.outboxSeq, Math.max(0, ...seqs.filter((n): n is number => typeof n === 'number')))
  const localIds = [
    sources.storeMeta.get(META.localAgenda),
    sources.journalMeta.get(META.localAgenda),
    ...entries.map((e) => e.localAgendaId),
  ].filter((n): n is number => typeof n === 'number')
  if (localIds.length > 0) meta.set(META.localAgenda, Math.min(0, ...localIds))

  const dropped = sources.store.filter((entry) => !target.has(entry.seq)).length
  const metaChanged = [...meta].some(
    ([key, value]) => JSON.stringify(sources.storeMeta.get(key)) !== JSON.stringify(value),
  )
  const changed = restored > 0 || dropped > 0 || metaChanged
  return { entries, meta, restored, dropped, changed }
}
