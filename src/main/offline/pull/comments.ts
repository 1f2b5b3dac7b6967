import PQueue from 'p-queue'
import type { Document } from '../../../shared/api/document'
import type { WorkspaceClient } from '../client'
import type { Store } from '../store'

/** Changed documents past which a pull scans every stored comment key once (a first sync: bench B1). */
const MANY_CHANGED = 200

/** Comment keys read in one go to find the documents with stored comments (a delta: bench B2). */
const COMMENT_SCAN_LIMIT = 2_000

/**
 * Replaces the stored comments of documents a pull found new or changed, `concurrency` lists
 * in flight: those the service counts comments for (or gives no count), and those with stored
 * comments (their count may have dropped to 0). A document a push wrote since the pull began
 * is left as the push wrote it. Throws the first error after the lists under way settle.
 */
export async function pullComments(
  store: Store,
  client: WorkspaceClient,
  docs: readonly Pick<Document, 'id' | 'comments_count'>[],
  pushedMeanwhile: (id: number) => boolean,
  concurrency: number,
): Promise<void> {
  const wanted = docs.filter((d) => d.comments_count === undefined || d.comments_count > 0)
  const wantedIds = new Set(wanted.map((d) => d.id))
  const stored =
    docs.length > MANY_CHANGED
      ? await store.documentsWithAnyComment()
      : await store.documentsWithComments(
          docs
            .filter((d) => !wantedIds.has(d.id))
            .map((d) => d.id)
            .sort((a, b) => a - b),
          COMMENT_SCAN_LIMIT,
        )
  for (const d of docs) {
    if (stored.has(d.id) && !wantedIds.has(d.id)) {
      wanted.push(d)
      wantedIds.add(d.id)
    }
  }
  const queue = new PQueue({ concurrency })
  let failure: unknown
  for (const doc of wanted) {
    void queue.add(async () => {
      if (failure) return
      try {
        const comments = await client.listComments(doc.id, 'background')
        if (pushedMeanwhile(doc.id)) return
        await store.batch(await store.replaceCommentsOps(doc.id, comments))
      } catch (error) {
        failure ??= error
      }
    })
  }
  await queue.onIdle()
  if (failure) throw failure
}
