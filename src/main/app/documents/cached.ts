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
