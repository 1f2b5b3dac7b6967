import type { HistoryEvent, HistoryItem, HistoryOutcome, LegacyHistoryEvent } from '../../shared/history/events'
import { MAX_HISTORY_TEXT } from '../../shared/history/events'
import { documentIdsOf, type OutboxAction } from '../../shared/outbox/actions'
import type { OutboxEntry } from '../../shared/outbox/entry'
import type { CorrectionEvent } from '../../shared/corrections'
import type { BatchOp, Store } from './store'

/**
 * Each document's history in the account's store: what was done to it here (every action
 * through the outbox, from any view), what the service did (a return from repair) and the
 * person's answers to its warnings. The outbox forgets an entry once the service has it and the
 * service keeps no action log Docket can read, so this is the only memory of it.
 *
 * Every event is written in the same atomic batch as what it records (the outbox entry, the
 * entry's removal, the answer to a warning, the returned document), so the history never says
 * something happened that did not, nor misses what did. A document keeps its newest
 * {@link HISTORY_CAP_PER_DOCUMENT} events; older ones are dropped as new ones are written.
 */

/**
 * Events kept per document: years of ordinary work on one invoice (a few actions and comments),
 * while a document acted on in a loop cannot grow the store without bound.
 */
export const HISTORY_CAP_PER_DOCUMENT = 200

/** Who acts: the signed-in user (`name` is their display name, when known). */
export interface Actor {
  userId: number
  name?: string
}

/** The history kind of an action on a document (for `documents.setState`, the state of `documentId`'s item). */
export function historyKindOf(action: OutboxAction, documentId?: number): HistoryEvent['kind'] | null {
  switch (action.kind) {
    case 'documents.setState':
      return (action.items.find((item) => item.id === documentId) ?? action.items[0])?.state ?? null
    case 'documents.repair':
      return 'repair'
    case 'documents.archive':
      return 'archive'
    case 'documents.delete':
      return 'delete'
    case 'comments.create':
      return 'commentCreate'
    case 'comments.update':
      return 'commentUpdate'
    case 'comments.delete':
      return 'commentDelete'
    default:
      return null
  }
}

/** The events an outbox entry writes: one per document it acts on (none for agendas and uploads). */
export function actionEvents(entry: OutboxEntry, actor: Actor): HistoryEvent[] {
  const { action } = entry
  const text =
    'description' in action && action.description
      ? action.description
      : 'text' in action && action.text
        ? action.text
        : undefined
  const events: HistoryEvent[] = []
  for (const documentId of documentIdsOf(action)) {
    const kind = historyKindOf(action, documentId)
    if (!kind) continue
    events.push({
      documentId,
      kind,
      at: entry.createdAt,
      ...by(actor),
      ...(text ? { text: text.slice(0, MAX_HISTORY_TEXT) } : {}),
      entryId: entry.id,
    })
  }
  return events
}

/** The `by` and `userId` fields of an event done by `actor`. */
export function by(actor: Actor): Pick<HistoryEvent, 'by' | 'userId'> {
  const name = actor.name?.trim()
  return { userId: actor.userId, ...(name ? { by: name.slice(0, 200) } : {}) }
}

/**
 * Ops writing `events` (each document's in time order), and dropping the oldest events of their
 * documents beyond {@link HISTORY_CAP_PER_DOCUMENT}. Reads each document's keys (not values) once.
 */
export async function newEventOps(store: Store, events: readonly HistoryEvent[]): Promise<BatchOp[]> {
  const ops: BatchOp[] = []
  const byDocument = new Map<number, HistoryEvent[]>()
  for (const event of events) {
    const list = byDocument.get(event.documentId) ?? []
    list.push(event)
    byDocument.set(event.documentId, list)
  }
  for (const [documentId, added] of byDocument) {
    // More new events than the cap (an import): only the newest are written.
    const kept = added.slice(-HISTORY_CAP_PER_DOCUMENT)
    for (const event of kept) ops.push(store.putHistoryEventOp(event))
    const keys = await store.historyKeysOf(documentId)
    const over = keys.length + kept.length - HISTORY_CAP_PER_DOCUMENT
    for (const key of keys.slice(0, Math.max(0, over))) ops.push(store.deleteHistoryEventOp(key))
  }
  return ops
}

/**
 * Ops noting how the actions of `entries` ended on the events they wrote: `sent`, `refused`
 * (with the service's `error`), `undone` or `discarded`. Written in the batch that settles,
 * removes or fails the entries.
 */
export async function outcomeOps(
  store: Store,
  entries: readonly OutboxEntry[],
  outcome: HistoryOutcome,
  error?: string,
): Promise<BatchOp[]> {
  const ops: BatchOp[] = []
  const byDocument = new Map<number, Set<string>>()
  for (const entry of entries) {
    for (const documentId of documentIdsOf(entry.action)) {
      const ids = byDocument.get(documentId) ?? new Set<string>()
      ids.add(entry.id)
      byDocument.set(documentId, ids)
    }
  }
  for (const [documentId, entryIds] of byDocument) {
    for (const { key, event } of await store.historyOf(documentId)) {
      if (!event.entryId || !entryIds.has(event.entryId)) continue
      const next: HistoryEvent = { ...event, outcome }
      if (outcome === 'refused' && error) next.error = error.slice(0, MAX_HISTORY_TEXT)
      if (outcome === 'sent') delete next.error
      ops.push(store.putHistoryEventOp(next, key))
    }
  }
  return ops
}

/**
 * The history of document `documentId`, oldest first, each action with where it is now: an
 * entry still in `outbox` is `pending` (or `failed`, with its reason); one that left it says how
 * it ended (`sent`, `failed` when refused, `undone`, `discarded`).
 */
export async function historyItems(
  store: Store,
  documentId: number,
  outbox: readonly OutboxEntry[],
): Promise<HistoryItem[]> {
  const live = new Map(outbox.map((entry) => [entry.id, entry]))
  return (await store.historyOf(documentId)).map(({ key, event }) => {
    const item: HistoryItem = { ...event, key }
    if (!event.entryId && !event.outcome) return item
    const entry = event.entryId ? live.get(event.entryId) : undefined
    if (entry) {
      item.status = entry.status === 'failed' ? 'failed' : 'pending'
      if (entry.status === 'failed' && entry.error) item.error = entry.error.message
      else delete item.error
    } else {
      item.status = event.outcome === 'refused' ? 'failed' : (event.outcome ?? 'sent')
    }
    return item
  })
}

/** What {@link importLegacyHistory} did. */
export interface HistoryImport {
  imported: number
  dropped: number
  alreadyDone: boolean
}

/**
 * Writes the history an earlier Docket kept in the window's storage into this account's store,
 * once: the first call notes it in the same batch, later calls write nothing (`alreadyDone`).
 * Events of documents this account's store does not hold are dropped (that storage was shared by
 * every account of the device). An event whose outbox entry is still queued follows it; one
 * undone says so; the others were sent.
 */
export async function importLegacyHistory(
  store: Store,
  events: readonly LegacyHistoryEvent[],
  outbox: readonly OutboxEntry[],
  at: string,
): Promise<HistoryImport> {
  if (await store.historyImported()) return { imported: 0, dropped: 0, alreadyDone: true }
  const live = new Set(outbox.map((entry) => entry.id))
  const held = new Map<number, boolean>()
  const kept: HistoryEvent[] = []
  for (const old of events) {
    if (!held.has(old.documentId)) held.set(old.documentId, (await store.getDocument(old.documentId)) !== undefined)
    if (!held.get(old.documentId)) continue
    const entryId = old.entryIds.find((id) => live.has(id))
    const event: HistoryEvent = {
      documentId: old.documentId,
      kind: old.kind,
      at: new Date(old.at).toISOString(),
      ...(old.by ? { by: old.by } : {}),
      ...(old.text ? { text: old.text } : {}),
      ...(old.state ? { state: old.state } : {}),
    }
    if (old.kind !== 'returned') {
      if (old.undone) event.outcome = 'undone'
      else if (entryId) event.entryId = entryId
      else event.outcome = 'sent'
    }
    kept.push(event)
  }
  // Oldest first, so the cap keeps the newest and keys follow time.
  kept.sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
  await store.batch([...(await newEventOps(store, kept)), store.putHistoryImportedOp(at)])
  return { imported: kept.length, dropped: events.length - kept.length, alreadyDone: false }
}

/** How each correction event is named in the history. */
const CORRECTION_KINDS = {
  corrected: 'corrected',
  withdrawn: 'correctionWithdrawn',
  settled: 'correctionSettled',
} as const

/**
 * A document's corrections (kept in their own log, offline/corrections.ts) as lines of its
 * history, merged into `items` in time order (a stable merge: events of the same instant keep
 * their order, history first).
 */
export function withCorrectionEvents(items: HistoryItem[], corrections: readonly CorrectionEvent[]): HistoryItem[] {
  if (corrections.length === 0) return items
  const lines: HistoryItem[] = corrections.map((event, n) => ({
    documentId: event.documentId,
    kind: CORRECTION_KINDS[event.kind],
    at: event.at,
    ...(event.by ? { by: event.by } : {}),
    field: event.field,
    value: event.value,
    extracted: event.extracted,
    key: `correction!${event.at}!${n}`,
  }))
  return [...items, ...lines]
    .map((item, order) => ({ item, order, at: Date.parse(item.at) || 0 }))
    .sort((a, b) => a.at - b.at || a.order - b.order)
    .map(({ item }) => item)
}
