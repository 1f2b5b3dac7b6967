/**
 * The invoice's evidence for the open document (documents.evidence) and the field the person
 * points at in the data pane, shared by the data pane (marks, the unverified count, `n`) and
 * the preview (the outline of the field's box, a click on a word).
 *
 * The evidence is asked for only once a document has stayed open {@link EVIDENCE_DELAY_MS}
 * (the next j / k cancels it), so stepping through the inbox costs no IPC call per key; it is
 * asked again whenever `documents.changed` names the open document (main emits it when the
 * evidence is read).
 */
import type { DocumentEvidenceView } from '../../../../shared/ipc/channels/evidence'
import type { EvidenceBox, EvidencePage } from '../../../../shared/evidence/types'
import { docket } from '../../lib/docket'
import { evidenceByField, markOf } from './fieldEvidence'

/** How long a document stays open before its evidence is asked for (ms). */
export const EVIDENCE_DELAY_MS = 350

export const evidenceState = $state({
  /** The evidence of the open document, once read; null before (or for none). */
  view: null as DocumentEvidenceView | null,
  /** The data-pane path of the field hovered or focused (`summary.total`), or null. */
  field: null as string | null,
})

/**
 * Follows the open document `id` (null: none): forgets the last one's evidence at once, asks
 * for this one's after {@link EVIDENCE_DELAY_MS} and again on every `documents.changed` that
 * names it. Returns what stops following (call it when the open document changes).
 */
export function followEvidence(id: number | null): () => void {
  if (evidenceState.view && evidenceState.view.id !== id) evidenceState.view = null
  evidenceState.field = null
  if (id === null) return () => {}
  let stopped = false
  /** Bumped per request: only the newest answer is kept. */
  let asked = 0
  const read = (): void => {
    if (stopped) return
    const mine = ++asked
    docket()
      .invoke('documents.evidence', { id })
      .then((view) => {
        if (stopped || mine !== asked) return
        // A reading still under way (or failed) does not wipe what an earlier one found.
        const kept = evidenceState.view
        if (view.status === 'ready' || !kept || kept.id !== id || kept.fields.length === 0) evidenceState.view = view
      })
      // Evidence is a help, not the document: without it the pane shows no marks.
      .catch(() => undefined)
  }
  let off: (() => void) | null = null
  // Listening starts with the first reading too: a document only skimmed past costs nothing.
  const timer = setTimeout(() => {
    read()
    off = docket().on('documents.changed', ({ documentIds }) => {
      if (documentIds.includes(id)) read()
    })
  }, EVIDENCE_DELAY_MS)
  return () => {
    stopped = true
    clearTimeout(timer)
    off?.()
  }
}

/** Marks `field` (a data-pane path) as pointed at, or none with null. */
export function pointAtField(field: string | null): void {
  evidenceState.field = field
}

/** The boxes of the field pointed at in document `id`, with the pages they are on. */
export interface PointedEvidence {
  boxes: EvidenceBox[]
  pages: EvidencePage[]
  /** The field is unverified (its boxes are where the invoice's own value is printed). */
  unverified: boolean
}

/**
 * Where the field pointed at (hovered or focused in the data pane) is printed on document
 * `id`'s invoice, or null (nothing pointed at, no evidence yet, or the value is not on the
 * invoice). Reactive: read it in a `$derived`.
 */
export function pointedEvidence(id: number): PointedEvidence | null {
  const view = evidenceState.view
  const field = evidenceState.field
  if (!view || view.id !== id || field === null) return null
  const found = evidenceByField(view.fields).get(field)
  if (!found || found.boxes.length === 0) return null
  return { boxes: found.boxes, pages: view.pages, unverified: markOf(found.status) === 'unverified' }
}
