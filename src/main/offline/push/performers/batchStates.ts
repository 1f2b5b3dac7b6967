import type { Document, SettableState } from '../../../../shared/api/document'
import { IDS_PER_QUERY, PAGE_SIZE, PULLED_TYPES } from '../../client'
import { OfflineError } from '../../errors'
import { classifyRequestError } from '../../outcomes'
import { serverCopyOps } from '../../serverCopies'
import type { PushContext } from '../context'
import { done } from '../entryOutcome'
import type { Performer } from './performer'

/**
 * A batch state update (PATCH /documents, applied later by a background job of the service):
 * the push of a `documents.setState` action with more than one item (documents.ts).
 * Documents already in their target state are left out of the request: the service's job
 * would change nothing, but a job still queued when a later action on the same document is
 * sent would undo that action (per-document order). After an unknown outcome, an earlier
 * request may still be queued: its job is waited for (until `batchConfirmTimeoutMs` after it
 * was sent) before anything is sent again. Once the PATCH is answered 200 the entry is only
 * confirmed by reads (see {@link confirmBatch}), never sent again.
 */
export const setStates: Performer<'documents.setState'> = async (entry, ctx) => {
  const { items } = entry.action
  const { client, store, clock, options } = ctx
  let seen = await readBatch(ctx, [...new Set(items.map((i) => i.id))])
  let todo = items.filter((i) => seen.get(i.id)?.state !== i.state)
  if (todo.length > 0 && entry.uncertain && entry.lastAttemptAt) {
    const until = Date.parse(entry.lastAttemptAt) + options.batchConfirmTimeoutMs
    seen = (await pollBatch(ctx, targetOf(todo), until, seen)).docs
    todo = items.filter((i) => seen.get(i.id)?.state !== i.state)
  }
  if (todo.length > 0) {
    await client.setDocumentStates(todo)
    seen = await confirmBatch(ctx, targetOf(todo), clock().getTime() + options.batchConfirmTimeoutMs, seen)
  }
  const docs = [...seen.values()]
  const written = await serverCopyOps(store, docs, clock().toISOString())
  return done(written.ops, { documentIds: docs.map((d) => d.id) }, written.repaired)
}

function targetOf(items: readonly { id: number; state: SettableState }[]): Map<number, string> {
  return new Map(items.map((i) => [i.id, i.state]))
}

/**
 * Reads the documents `ids` page by page (`ids[]` in chunks of 100, 50 per page: at most
 * ceil(n/50) requests, one at a time). Documents the service does not list (deleted, archived,
 * another type) are absent. Throws the client's error.
 */
async function readBatch({ client }: PushContext, ids: readonly number[]): Promise<Map<number, Document>> {
  const docs = new Map<number, Document>()
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const chunk = ids.slice(i, i + IDS_PER_QUERY)
    for (let page = 1; (page - 1) * PAGE_SIZE < chunk.length; page++) {
      const listed = await client.listDocumentsPage({ ids: chunk, types: PULLED_TYPES }, page)
      for (const doc of listed) docs.set(doc.id, doc)
      if (listed.length < PAGE_SIZE) break
    }
  }
  return docs
}

/**
 * Re-reads (every `batchConfirmPollMs`) the documents of `target` not known to be in their
 * state until each is, or `until` (epoch ms) passes. A document counts as there when a read
 * showed it in its state, or did not list it (deleted, archived, another type); `unread` ids
 * need a read first. A read error is not an attempt: it waits for the next poll (a `paused`
 * error is thrown, so the engine pauses). Returns the latest copies, the ids still waiting,
 * whether any read succeeded and the last read error.
 */
async function pollBatch(
  ctx: PushContext,
  target: ReadonlyMap<number, string>,
  until: number,
  seen: ReadonlyMap<number, Document>,
  unread: ReadonlySet<number> = new Set(),
): Promise<{ docs: Map<number, Document>; waiting: number[]; read: boolean; lastError: unknown }> {
  const docs = new Map(seen)
  const stale = new Set(unread)
  const waitingIds = () =>
    [...target]
      .filter(([id, state]) => stale.has(id) || (docs.has(id) && docs.get(id)!.state !== state))
      .map(([id]) => id)
  let lastError: unknown
  let read = false
  for (;;) {
    const waiting = waitingIds()
    if (waiting.length === 0 || ctx.clock().getTime() >= until) return { docs, waiting, read, lastError }
    await ctx.sleep(ctx.options.batchConfirmPollMs)
    if (ctx.isClosed()) throw new OfflineError('network', 'Closed while confirming a batch update.')
    try {
      const fresh = await readBatch(ctx, waiting)
      for (const id of waiting) {
        const doc = fresh.get(id)
        if (doc) docs.set(id, doc)
        else docs.delete(id)
        stale.delete(id)
      }
      read = true
      lastError = undefined
    } catch (error) {
      if (classifyRequestError(error).kind === 'paused') throw error
      lastError = error
    }
  }
}

/**
 * Confirms a batch update the service answered 200 by re-reading its documents until each is
 * in its state; it is never sent again. Fails with `not_confirmed` when `deadline` (epoch ms)
 * passes with documents read and still not there; when no read at all succeeded by then,
 * throws the last read error (the entry is retried). Returns `seen` updated with the fresh
 * copies.
 */
async function confirmBatch(
  ctx: PushContext,
  target: ReadonlyMap<number, string>,
  deadline: number,
  seen: ReadonlyMap<number, Document>,
): Promise<Map<number, Document>> {
  const result = await pollBatch(ctx, target, deadline, seen, new Set(target.keys()))
  if (result.waiting.length === 0) return result.docs
  if (!result.read && result.lastError !== undefined) throw result.lastError
  throw new OfflineError(
    'not_confirmed',
    `The service accepted the batch update but ${result.waiting.length} of ${target.size} documents did not reach their state in ${Math.round(ctx.options.batchConfirmTimeoutMs / 1000)} s.`,
  )
}
