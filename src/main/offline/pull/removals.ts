import type { FileCache } from '../files'
import { DOCUMENT_READ_CHUNK, type Store } from '../store'

/**
 * After a full listing of an agenda: removes the documents cached when the pull began that the
 * listing did not return (deleted, moved or archived on the service), with their files, in one
 * atomic write. Only those can be missing: one a push added since is left alone
 * (`pushedMeanwhile`), and nothing else adds documents. Documents stored as archived stay:
 * the service never lists them, and the *Archived* tab shows them until the retention period
 * ends (retention.ts). Returns the ids removed.
 */
export async function removeUnlisted(
  store: Store,
  files: FileCache,
  cachedAtStart: readonly number[],
  returned: ReadonlySet<number>,
  pushedMeanwhile: (id: number) => boolean,
): Promise<number[]> {
  const missing = cachedAtStart.filter((id) => !returned.has(id) && !pushedMeanwhile(id))
  // Usually none or a few: only those are read back, a chunk at a time.
  const removed: number[] = []
  for (let start = 0; start < missing.length; start += DOCUMENT_READ_CHUNK) {
    const chunk = missing.slice(start, start + DOCUMENT_READ_CHUNK)
    const stored = await store.getDocuments(chunk)
    removed.push(...chunk.filter((_, i) => !stored[i]?.archived))
  }
  const ops = []
  for (const id of removed) ops.push(...(await store.deleteDocumentOps(id)))
  await store.batch(ops)
  for (const id of removed) await files.remove(id)
  return removed
}
