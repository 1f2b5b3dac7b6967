import type { CachedDocument, OfflineWorkspace } from '../../offline'
import { AppError } from '../errors'

/**
 * The cached document `id`. Errors: `not_found` when this device's cache does not hold it
 * (the handlers act only on documents the user can see).
 */
export async function requireCachedDocument(
  workspace: Pick<OfflineWorkspace, 'getDocument'>,
  id: number,
): Promise<CachedDocument> {
  const doc = await workspace.getDocument(id)
  if (!doc) throw new AppError('not_found', `Document ${id} is not in this device's cache.`)
  return doc
}

/**
 * Refuses an action on archived documents: they stay visible under *Archived*, read-only
 * (the service no longer lists them, and has no way to bring them back). Ids not cached pass
 * (the outbox reports them). Errors: `archived` with `details: { ids }`, the archived ones.
 */
export async function refuseArchived(
  workspace: Pick<OfflineWorkspace, 'getDocument'>,
  ids: readonly number[],
): Promise<void> {
  const docs = await Promise.all(ids.map((id) => workspace.getDocument(id)))
  const archived = docs.filter((doc) => doc?.local.archived).map((doc) => doc!.id)
  if (archived.length === 0) return
  throw new AppError(
    'archived',
    archived.length === 1
      ? 'This document is archived: archived documents are read-only.'
      : `${archived.length} of these documents are archived: archived documents are read-only.`,
    { ids: archived },
  )
}
