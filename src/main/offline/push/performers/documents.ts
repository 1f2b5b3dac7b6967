import { codeOf } from '../../errors'
import { patchServerCopyOps, serverCopyOps } from '../../serverCopies'
import { repairAlreadyApplied } from '../alreadyApplied'
import { setStates } from './batchStates'
import { done } from '../entryOutcome'
import type { Performer } from './performer'

/**
 * A state change. One document: PATCH /documents/:id, and the stored copy takes the state the
 * service accepted. Several: one batch PATCH (batchStates.ts), which the service applies later.
 */
export const setState: Performer<'documents.setState'> = async (entry, ctx) => {
  const { items } = entry.action
  if (items.length !== 1) return setStates(entry, ctx)
  const { id, state } = items[0]!
  const { client, store, clock } = ctx
  await client.setDocumentState(id, state)
  const ops = await patchServerCopyOps(store, id, (s) => ({ ...s, doc: { ...s.doc, state } }), clock().toISOString())
  return done(ops)
}

/**
 * A repair (the service's human review). Not idempotent: after a lost answer the document is
 * read first, and the repair counts as done when it already reached the service.
 */
export const repairDocument: Performer<'documents.repair'> = async (entry, { client, store, clock }) => {
  const { action } = entry
  if (entry.uncertain) {
    const [doc] = await client.getDocument(action.documentId)
    if (doc && repairAlreadyApplied(doc, entry.lastAttemptAt)) {
      const written = await serverCopyOps(store, [doc], clock().toISOString())
      return done(written.ops, {}, written.repaired)
    }
  }
  const doc = await client.repairDocument(action.documentId, action.description)
  const written = await serverCopyOps(store, [{ ...doc, state: doc.state || 'repairing' }], clock().toISOString())
  return done(written.ops, {}, written.repaired)
}

/** Archive; the stored copy is kept, marked archived (retention removes it later). */
export const archiveDocument: Performer<'documents.archive'> = async ({ action }, { client, store, clock }) => {
  const doc = await client.archiveDocument(action.documentId)
  const written = await serverCopyOps(store, [doc], clock().toISOString(), { archived: true })
  return done(written.ops)
}

/** Delete; a 404 means it is gone already (e.g. an earlier attempt did it): what the person wanted. */
export const deleteDocument: Performer<'documents.delete'> = async ({ action }, { client, store, files }) => {
  try {
    await client.deleteDocument(action.documentId)
  } catch (error) {
    if (codeOf(error) !== 'not_found') throw error
  }
  const ops = await store.deleteDocumentOps(action.documentId)
  return { ...done(ops), after: () => files.remove(action.documentId) }
}
