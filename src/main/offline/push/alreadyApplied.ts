import type { Agenda } from '../../../shared/api/agenda'
import type { Comment } from '../../../shared/api/comment'
import type { Document } from '../../../shared/api/document'
import type { OutboxActionOf } from '../../../shared/outbox/actions'
import type { OutboxEntry } from '../../../shared/outbox/entry'
import { PULLED_TYPES } from '../client'
import type { PushContext } from './context'

/**
 * Exactly once after a lost answer: before an entry marked `uncertain` (its answer was lost,
 * or the process died while it was in flight) is sent again, these look on the service for
 * what it may already have done. Idempotent actions need no look: they are sent again.
 */

/**
 * Whether a repair whose answer was lost already reached the service: the document is in
 * repair, or it is `ready` and the service changed it after `sentAt` (the time the repair
 * request was sent, UTC ISO 8601) — a repair is the only action sent on it meanwhile
 * (per-document order), so a later change is that repair or the human review that ended it.
 */
export function repairAlreadyApplied(
  doc: Pick<Document, 'state' | 'last_modified_at'>,
  sentAt: string | undefined,
): boolean {
  if (doc.state === 'repairing') return true
  if (doc.state !== 'ready' || !sentAt) return false
  const modified = Date.parse(doc.last_modified_at)
  const sent = Date.parse(sentAt)
  return Number.isFinite(modified) && Number.isFinite(sent) && modified > sent
}

/** Epoch ms from which a create of `entry` may have reached the service (its time minus the tolerated skew). */
function createdSince(ctx: PushContext, entry: OutboxEntry): number {
  return Date.parse(entry.createdAt) - ctx.options.clockSkewMs
}

/**
 * The comment a lost create made: the oldest on the document with the same text, by this user
 * (or no author given), created since the entry (minus the skew), that no other create has
 * claimed. Throws the client's error.
 */
export async function findCreatedComment(
  ctx: PushContext,
  entry: OutboxEntry,
  documentId: number,
  text: string,
): Promise<Comment | undefined> {
  const since = createdSince(ctx, entry)
  const claimed = new Set((await ctx.store.commentUuidMap()).values())
  return (await ctx.client.listComments(documentId))
    .filter(
      (c) =>
        c.text === text &&
        (c.author_id == null || c.author_id === ctx.userId) &&
        Date.parse(c.created_at) >= since &&
        !claimed.has(c.uuid),
    )
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at))[0]
}

/**
 * The agenda a lost create made: one of the same name (and external id, e-mail alias when
 * given) that no other create has claimed and that did not exist when the action was written.
 * Throws the client's error.
 */
export async function findCreatedAgenda(
  ctx: PushContext,
  entry: OutboxEntry,
  attrs: OutboxActionOf<'agendas.create'>['agenda'],
): Promise<Agenda | undefined> {
  const claimed = new Set((await ctx.store.agendaIdMap()).values())
  const preexisting = new Set(entry.preexistingIds ?? [])
  return (await ctx.client.listAgendas()).find(
    (a) =>
      a.name === attrs.name &&
      !claimed.has(a.id) &&
      !preexisting.has(a.id) &&
      (attrs.external_id == null || a.external_id === attrs.external_id) &&
      (attrs.email_alias === undefined || a.email_alias === attrs.email_alias),
  )
}

/**
 * The documents a lost (or partly done) upload made, file by file (undefined: not found):
 * documents of the agenda created since the entry (minus the skew), not claimed by another
 * upload, matched by file name, lowest id first. Throws the client's error.
 */
export async function findUploadedDocuments(
  ctx: PushContext,
  entry: OutboxEntry,
  action: OutboxActionOf<'upload.files'>,
  agendaId: number,
): Promise<(number | undefined)[]> {
  const since = createdSince(ctx, entry)
  const claimed = await ctx.store.uploadClaims()
  const recent = (
    await ctx.client.listDocuments({
      agendaId,
      types: [...new Set([action.type, ...PULLED_TYPES])],
      modifiedSince: new Date(since),
      concurrency: ctx.options.pullConcurrency,
    })
  ).filter((d) => Date.parse(d.created_at) >= since && !claimed.has(d.id))
  recent.sort((a, b) => a.id - b.id)
  return action.files.map((file) => {
    const match = recent.find((d) => d.user_file_name === file.fileName)
    if (!match) return undefined
    recent.splice(recent.indexOf(match), 1)
    return match.id
  })
}
