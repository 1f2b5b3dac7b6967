import type { FileCache } from '../files'
import type { Store } from '../store'

/**
 * After a full listing of an agenda: removes the documents cached when the pull began that the
 * listing did not return (deleted, moved or archived on the service), with their files, in one
 * atomic write. Only those can be missing: one a push added since is left alone
 * (`pushedMeanwhile`), and nothing else adds documents. Returns the ids removed.
 */
export async function removeUnlisted(
  store: Store,
  files: FileCache,
  cachedAtStart: readonly number[],
  returned: ReadonlySet<number>,
  pushedMeanwhile: (id: number) => boolean,
): Promise<number[]> {
  const removed = cachedAtStart.filter((id) => !returned.has(id) && !pushedMeanwhile(id))
  const ops = []
  for (const id of removed) ops.push(...(await store.deleteDocumentOps(id)))
  await store.batch(ops)
  for (const id of removed) await files.remove(id)
  return removed
}
