import type { Document } from '../../shared/api/document'
import type { RepairFinished } from './events'
import { newEventOps } from './history'
import type { BatchOp, DocumentRecord, Store } from './store'

/**
 * Ops writing documents as the service sent them outside a pull (a push's answer, a repair
 * poll), with the documents that left `repairing` (their human review ended). `agendaId`
 * places documents not yet cached (an upload); `archived` overrides what the document says (an
 * archive we sent). `previous` (the stored copies, index for index, as
 * {@link Store.getDocuments} returns them) saves the read when the caller already has them.
 * `storedAt` is UTC ISO 8601. A document whose agenda is unknown is not written. Each return from
 * repair is written in the document's history too.
 */
export async function serverCopyOps(
  store: Store,
  docs: readonly Document[],
  storedAt: string,
  options: { agendaId?: number; archived?: boolean } = {},
  previous?: readonly (DocumentRecord | undefined)[],
): Promise<{ ops: BatchOp[]; repaired: RepairFinished[] }> {
  const ops: BatchOp[] = []
  const repaired: RepairFinished[] = []
  const prevs = previous ?? (await store.getDocuments(docs.map((d) => d.id)))
  docs.forEach((doc, index) => {
    const prev = prevs[index]
    const agendaId = options.agendaId ?? prev?.agendaId ?? (doc as { agenda_id?: unknown }).agenda_id
    if (typeof agendaId !== 'number') return
    const wire = (doc as { archived?: unknown }).archived
    const archived = options.archived ?? (typeof wire === 'boolean' ? wire : (prev?.archived ?? false))
    ops.push(...store.putDocumentOps({ doc, agendaId, archived, storedAt }, prev))
    if (prev?.doc.state === 'repairing' && doc.state !== 'repairing')
      repaired.push({ documentId: doc.id, agendaId, state: doc.state })
  })
  ops.push(...(await returnEventOps(store, repaired, storedAt)))
  return { ops, repaired }
}

/**
 * Ops rewriting the stored copy of document `id` with `change` applied (what the service's
 * answer implies, e.g. the state a PATCH set, a comment count); none when it is not cached.
 */
export async function patchServerCopyOps(
  store: Store,
  id: number,
  change: (record: DocumentRecord) => DocumentRecord,
  storedAt: string,
): Promise<BatchOp[]> {
  const stored = await store.getDocument(id)
  if (!stored) return []
  return store.putDocumentOps({ ...change(stored), storedAt }, stored)
}

/** Ops writing a `returned` history event (at `at`, UTC ISO 8601) for each document back from repair. */
export function returnEventOps(store: Store, repaired: readonly RepairFinished[], at: string): Promise<BatchOp[]> {
  if (repaired.length === 0) return Promise.resolve([])
  return newEventOps(
    store,
    repaired.map((r) => ({ documentId: r.documentId, kind: 'returned' as const, at, state: r.state })),
  )
}
