import type { OutboxEntry } from '../../../shared/outbox/entry'
import { outcomeOps } from '../history'
import type { Clock } from '../options'
import { changesOf, type Changes, type Outbox } from '../outbox'
import type { PushedDocuments } from '../pushedDocuments'
import type { Mutex, Store } from '../store'
import type { EntryOutcome } from './entryOutcome'

/** What the entry state changes of a push use. */
export interface SettlementContext {
  store: Store
  outbox: Outbox
  /** The outbox's lock: the person's undo/retry/discard never race a state change here. */
  lock: Mutex
  clock: Clock
  pushed: PushedDocuments
}

/**
 * Marks a pending entry in flight (one attempt more) before it is sent; null when it is no
 * longer pending (undone, discarded, or sent by another round). While the outcome of an earlier
 * request is unknown, `lastAttemptAt` keeps the time that request was sent: a check before
 * re-sending compares the service's changes with it (repairs, batch updates).
 */
export function markInFlight(ctx: SettlementContext, stale: OutboxEntry): Promise<OutboxEntry | null> {
  return ctx.lock.run(async () => {
    const current = await ctx.store.outboxEntry(stale.id)
    if (!current || current.status !== 'pending') return null
    const next: OutboxEntry = {
      ...current,
      status: 'in_flight',
      attempts: current.attempts + 1,
      lastAttemptAt: current.uncertain && current.lastAttemptAt ? current.lastAttemptAt : ctx.clock().toISOString(),
    }
    delete next.nextAttemptAt
    await ctx.store.batch([ctx.store.putEntryOp(next)])
    return next
  })
}

/** Fails the pending entries whose dependency failed (`dependency_failed`); returns those it changed. */
export function failDependents(ctx: SettlementContext, entries: readonly OutboxEntry[]): Promise<OutboxEntry[]> {
  return ctx.lock.run(async () => {
    const failed: OutboxEntry[] = []
    for (const stale of entries) {
      const entry = await ctx.store.outboxEntry(stale.id)
      if (!entry || entry.status !== 'pending') continue
      failed.push({
        ...entry,
        status: 'failed',
        error: { code: 'dependency_failed', message: 'It waits for an earlier action that failed.' },
      })
    }
    await ctx.store.batch(failed.map((e) => ctx.store.putEntryOp(e)))
    return failed
  })
}

/**
 * Writes the outcome of a send in one atomic batch: `done` removes the entry with the writes of
 * the service's answer (and notes the documents as pushed, so an older pull leaves them be);
 * `failed` fails it and its pending dependents; both note it on the history events the entry
 * wrote (`sent`, `refused`); `retry` puts it back to pending (uncertain,
 * not before its delay); `pause` puts it back without counting the attempt.
 */
export function writeOutcome(ctx: SettlementContext, entry: OutboxEntry, outcome: EntryOutcome): Promise<Changes> {
  const { store } = ctx
  return ctx.lock.run(async (): Promise<Changes> => {
    const base = changesOf([entry])
    if (outcome.type === 'done') {
      ctx.pushed.note([...base.documentIds, ...outcome.changes.documentIds])
      await store.batch([...store.removeEntryOps(entry), ...outcome.ops, ...(await outcomeOps(store, [entry], 'sent'))])
      return {
        entryIds: [entry.id],
        documentIds: [...new Set([...base.documentIds, ...outcome.changes.documentIds])],
        agendaIds: [...new Set([...base.agendaIds, ...outcome.changes.agendaIds])],
      }
    }
    if (outcome.type === 'failed') {
      const failed: OutboxEntry = { ...entry, status: 'failed', error: outcome.error }
      delete failed.uncertain
      const dependents = ctx.outbox
        .dependentsOf(entry.id, await store.outboxEntries())
        .filter((d) => d.status === 'pending')
        .map((d): OutboxEntry => ({
          ...d,
          status: 'failed',
          error: { code: 'dependency_failed', message: `It waits for an action that failed: ${outcome.error.message}` },
        }))
      await store.batch([
        ...[failed, ...dependents].map((e) => store.putEntryOp(e)),
        ...(await outcomeOps(store, [failed], 'refused', outcome.error.message)),
      ])
      return changesOf([failed, ...dependents])
    }
    const next: OutboxEntry = { ...entry, status: 'pending', error: outcome.error }
    if (outcome.type === 'retry') {
      if (outcome.uncertain) next.uncertain = true
      if (outcome.delayMs !== undefined)
        next.nextAttemptAt = new Date(ctx.clock().getTime() + outcome.delayMs).toISOString()
    } else {
      next.attempts = Math.max(0, entry.attempts - 1)
    }
    await store.batch([store.putEntryOp(next)])
    return { entryIds: [entry.id], documentIds: [], agendaIds: [] }
  })
}
