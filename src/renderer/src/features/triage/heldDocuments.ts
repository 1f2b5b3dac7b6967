import { dequal } from 'dequal'
import type { OpenedDocumentView } from '../../../../shared/ipc'

/**
 * The documents of a new view, with every part that has not changed since the view before
 * (`held`, by document id) kept as the very object held: the document, its checks, comments,
 * history and preview, compared by value (`dequal`), and the whole entry when no part changed.
 *
 * Why: main answers every statement of the screen (each `j`) with the open document and those
 * ahead as new objects, equal to the ones held. The pane draws by identity (a document it has
 * drawn, or laid out ahead, is not drawn again), so new objects of the same data would have it
 * draw the open document again and lay out the next one again on every view (bench B4).
 * A part missing from the new view (a document ahead comes without its history and preview)
 * stays missing: the new view is the truth, only its objects may be the held ones.
 */
export function keepUnchanged(
  held: ReadonlyMap<number, OpenedDocumentView>,
  documents: readonly OpenedDocumentView[],
): OpenedDocumentView[] {
  return documents.map((next) => {
    const before = held.get(next.document.id)
    if (!before) return next
    const kept: OpenedDocumentView = {
      document: same(before.document, next.document),
      checks: same(before.checks, next.checks),
      comments: same(before.comments, next.comments),
    }
    if ('history' in next) kept.history = same(before.history, next.history)
    if ('preview' in next) kept.preview = same(before.preview, next.preview)
    return PARTS.every((part) => kept[part] === before[part] && part in kept === part in before) ? before : kept
  })
}

const PARTS = ['document', 'checks', 'comments', 'history', 'preview'] as const

/** `before` when it equals `next` by value (so the pane keeps what it drew), else `next`. */
function same<T>(before: T | undefined, next: T): T {
  return before !== undefined && dequal(before, next) ? before : next
}
