import type { Agenda } from '../../shared/api/agenda'
import type { Comment } from '../../shared/api/comment'
import type { Document } from '../../shared/api/document'
import type { Correction } from '../../shared/corrections'
import { documentIdsOf, LOCAL_COMMENT_PREFIX } from '../../shared/outbox/actions'
import type { OutboxEntry } from '../../shared/outbox/entry'
import type { DocumentRecord } from './store'

/**
 * Optimistic effects: what the UI shows while an outbox entry waits. The
 * view of a document, comment list or agenda list is the stored server state with the effects
 * of the live entries (pending or in flight) applied in write order. A failed entry has no
 * effect (its effect is rolled back) but is reported in `local.failed`.
 */

/** A document of the local store: the service's Document, its agenda, and outbox state. */
export type CachedDocument = Document & {
  agenda_id: number
  local: {
    /** Outbox entries on this document not yet confirmed by the service. */
    pendingActions: number
    /** The last failed entry on this document (its effect is rolled back). */
    failed: { code: string; message: string; kind?: string } | null
    archived: boolean
    /**
     * The person's corrections in force (offline/corrections.ts), present only when there is
     * one: the document's fields already hold the corrected values, and each correction's
     * `extracted` is the service's value of that field now.
     */
    corrections?: Correction[]
    /**
     * SHA-256 (lowercase hex) of the newest version of the document's original file, when
     * Docket held its bytes (contentHashes.ts); absent otherwise.
     */
    contentSha256?: string
  }
}

/**
 * A comment as the UI sees it: `pending` while its create/update waits in the outbox;
 * `localUuid` (`local-<entry id>`) on a comment created offline that now has its real uuid, so
 * the UI keeps one identity for it across the change (an open edit stays open).
 */
export type CachedComment = Comment & { local: { pending: boolean; localUuid?: string } }

/** An agenda of the local store (one created offline has a negative id until sent). */
export type CachedAgenda = Agenda

/** True when the entry's optimistic effect is shown (pending or in flight). */
export function isLive(entry: OutboxEntry): boolean {
  return entry.status === 'pending' || entry.status === 'in_flight'
}

/** The uuid a comment created offline has until the service answers: `local-<entry id>`. */
export function localCommentUuid(entryId: string): string {
  return `${LOCAL_COMMENT_PREFIX}${entryId}`
}

/** Entries touching each document id (ordered as given). */
export function entriesByDocument(entries: readonly OutboxEntry[]): Map<number, OutboxEntry[]> {
  const map = new Map<number, OutboxEntry[]>()
  for (const entry of entries) {
    for (const id of documentIdsOf(entry.action)) {
      let list = map.get(id)
      if (!list) map.set(id, (list = []))
      list.push(entry)
    }
  }
  return map
}

/**
 * The view of one document: `stored` with the effects of `entries` (those touching it, in
 * write order) and the hash of its original when known (`contentSha256`). Returns null when a
 * live delete hides it. Archived documents are returned with `local.archived` set (callers
 * listing an agenda leave them out).
 */
export function documentView(
  stored: DocumentRecord,
  entries: readonly OutboxEntry[],
  contentSha256?: string,
): CachedDocument | null {
  const doc: CachedDocument = {
    ...stored.doc,
    agenda_id: stored.agendaId,
    local: { pendingActions: 0, failed: null, archived: stored.archived },
  }
  if (contentSha256) doc.local.contentSha256 = contentSha256
  const id = stored.doc.id
  for (const entry of entries) {
    if (entry.status === 'failed') {
      doc.local.failed = {
        ...(entry.error ?? { code: 'failed', message: 'The service refused this action.' }),
        kind: entry.action.kind,
      }
      continue
    }
    if (!isLive(entry)) continue
    doc.local.pendingActions++
    const action = entry.action
    switch (action.kind) {
      case 'documents.setState': {
        for (const item of action.items) if (item.id === id) doc.state = item.state
        break
      }
      case 'documents.repair':
        doc.state = 'repairing'
        break
      case 'documents.archive':
        doc.local.archived = true
        break
      case 'documents.delete':
        return null
      case 'comments.create':
        doc.comments_count = (doc.comments_count ?? 0) + 1
        break
      case 'comments.delete':
        doc.comments_count = Math.max(0, (doc.comments_count ?? 0) - 1)
        break
      default:
        break
    }
  }
  return doc
}

/**
 * The comments of a document: `stored` (from the service) with the live comment entries
 * applied. `uuidMap` maps local uuids (`local-<entry id>`) to real ones once known.
 */
export function commentsView(
  documentId: number,
  stored: readonly Comment[],
  entries: readonly OutboxEntry[],
  userId: number,
  uuidMap: ReadonlyMap<string, string>,
): CachedComment[] {
  const localOf = new Map([...uuidMap].map(([local, real]) => [real, local]))
  const list: CachedComment[] = stored.map((c) => {
    const localUuid = localOf.get(c.uuid)
    return { ...c, local: localUuid ? { pending: false, localUuid } : { pending: false } }
  })
  const find = (uuid: string) => {
    const real = uuidMap.get(uuid)
    return list.findIndex((c) => c.uuid === uuid || (real !== undefined && c.uuid === real))
  }
  for (const entry of entries) {
    if (!isLive(entry)) continue
    const action = entry.action
    if (action.kind === 'comments.create' && action.documentId === documentId) {
      const uuid = localCommentUuid(entry.id)
      if (find(uuid) >= 0) continue
      list.push({
        uuid,
        text: action.text,
        author_id: userId,
        document_id: documentId,
        state: 'created',
        created_at: entry.createdAt,
        last_modified_at: entry.createdAt,
        local: { pending: true },
      })
    } else if (action.kind === 'comments.update' && action.documentId === documentId) {
      const index = find(action.uuid)
      if (index >= 0) list[index] = { ...list[index]!, text: action.text, local: { pending: true } }
    } else if (action.kind === 'comments.delete' && action.documentId === documentId) {
      const index = find(action.uuid)
      if (index >= 0) list.splice(index, 1)
    }
  }
  return list
}

/** The agendas: `stored` with live agenda creates (negative ids) and updates applied. */
export function agendasView(
  stored: readonly Agenda[],
  entries: readonly OutboxEntry[],
  agendaMap: ReadonlyMap<number, number>,
): CachedAgenda[] {
  const list: CachedAgenda[] = stored.map((a) => ({ ...a }))
  for (const entry of entries) {
    if (!isLive(entry)) continue
    const action = entry.action
    if (action.kind === 'agendas.create' && entry.localAgendaId !== undefined) {
      const real = agendaMap.get(entry.localAgendaId)
      if (real !== undefined && list.some((a) => a.id === real)) continue
      const { address, ...rest } = action.agenda
      list.push({
        ...rest,
        id: entry.localAgendaId,
        name: action.agenda.name,
        address: address ? { ...address } : null,
      } as CachedAgenda)
    } else if (action.kind === 'agendas.update') {
      const target = agendaMap.get(action.agendaId) ?? action.agendaId
      const index = list.findIndex((a) => a.id === target || a.id === action.agendaId)
      if (index >= 0) {
        const current = list[index]!
        const { address, ...rest } = action.attrs
        list[index] = {
          ...current,
          ...rest,
          ...(address ? { address: { ...(current.address ?? {}), ...address } } : {}),
        } as CachedAgenda
      }
    }
  }
  return list
}
