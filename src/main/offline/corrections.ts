import {
  applyCorrections,
  fieldValueOf,
  parseFieldPath,
  settledCorrections,
  type Correction,
  type CorrectionEvent,
} from '../../shared/corrections'
import type { CachedDocument } from './effects'
import type { Clock } from './options'
import type { BatchOp, Store } from './store'

/**
 * The person's corrections of extracted fields, kept in the account's local store (the
 * `corrections` sublevel) with a log of what happened to them (`correctionLog`). The service
 * takes no corrected fields (docs/decisions.md), so they stay Docket's own: never sent, never
 * overwritten by a pull. A pull (or a repair poll) that brings a document whose own value
 * became the corrected one drops the correction and logs it as `settled`.
 */

/** Orders log events written in the same millisecond (their keys start with the time). */
let eventSeq = 0

/** What a person asks to keep: the field, its corrected value and the service's value at that moment. */
export interface CorrectionInput {
  documentId: number
  field: string
  /** Normalised for the field's kind (src/shared/corrections `normalizeFieldValue`). */
  value: string
  /** The service's value of the field now (null: not extracted). */
  extracted: string | null
  userId: number
  /** The signed-in user's name when known. */
  by: string | null
}

/** A correction dropped because the service's own data came to say its value. */
export interface SettledCorrection {
  documentId: number
  field: string
  value: string
}

function eventOf(
  correction: Correction,
  kind: CorrectionEvent['kind'],
  at: string,
  by: string | null,
): CorrectionEvent {
  const { documentId, field, extracted, value } = correction
  return { documentId, kind, field, extracted, value, at, by }
}

/** Writes (or replaces) a correction and logs it; answers what was stored. Errors: `storage`. */
export async function keepCorrection(store: Store, clock: Clock, input: CorrectionInput): Promise<Correction> {
  const at = clock().toISOString()
  const earlier = (await store.correctionsOf(input.documentId)).find((c) => c.field === input.field)
  // A replaced correction keeps the service's value it first corrected: that is what the
  // invoice was read as, whatever the person typed in between.
  const correction: Correction = {
    documentId: input.documentId,
    field: input.field,
    extracted: earlier ? earlier.extracted : input.extracted,
    value: input.value,
    at,
    userId: input.userId,
    by: input.by,
  }
  await store.batch([
    store.putCorrectionOp(correction),
    store.putCorrectionEventOp(eventOf(correction, 'corrected', at, input.by), ++eventSeq),
  ])
  return correction
}

/** Removes the correction of one field (nothing when there is none) and logs it. Errors: `storage`. */
export async function withdrawCorrection(
  store: Store,
  clock: Clock,
  documentId: number,
  field: string,
  by: string | null,
): Promise<void> {
  const earlier = (await store.correctionsOf(documentId)).find((c) => c.field === field)
  if (!earlier) return
  await store.batch([
    store.deleteCorrectionOp(documentId, field),
    store.putCorrectionEventOp(eventOf(earlier, 'withdrawn', clock().toISOString(), by), ++eventSeq),
  ])
}

/**
 * Drops the corrections of `documentIds` that the stored service copies now agree with, and
 * logs each as `settled`, in one batch. Documents without corrections cost one scan of the
 * (small) correction keys, nothing per document. Answers what was dropped.
 */
export async function settleCorrections(
  store: Store,
  clock: Clock,
  documentIds: Iterable<number>,
): Promise<SettledCorrection[]> {
  const corrected = await store.documentsWithCorrections()
  if (corrected.size === 0) return []
  const at = clock().toISOString()
  const ops: BatchOp[] = []
  const settled: SettledCorrection[] = []
  for (const id of new Set(documentIds)) {
    if (!corrected.has(id)) continue
    const record = await store.getDocument(id)
    if (!record) continue
    for (const correction of settledCorrections(record.doc, await store.correctionsOf(id))) {
      ops.push(
        store.deleteCorrectionOp(id, correction.field),
        store.putCorrectionEventOp(eventOf(correction, 'settled', at, null), ++eventSeq),
      )
      settled.push({ documentId: id, field: correction.field, value: correction.value })
    }
  }
  await store.batch(ops)
  return settled
}

/**
 * The view of a document with the person's corrections applied: its fields hold the corrected
 * values and `local.corrections` lists them, each with `extracted` set to the service's value
 * of the field in `view` before correcting (what the invoice was read as now). Corrections of
 * a tax line the document no longer has are left out. `view` itself is not changed.
 */
export function correctedView(view: CachedDocument, corrections: readonly Correction[]): CachedDocument {
  const applicable = corrections.filter((correction) => {
    const ref = parseFieldPath(correction.field)
    return ref !== null && (ref.section !== 'tax_lines' || view.tax_lines?.[ref.index] !== undefined)
  })
  if (applicable.length === 0) return view
  const shown = applicable.map((correction) => ({
    ...correction,
    extracted: fieldValueOf(view, parseFieldPath(correction.field)!),
  }))
  const corrected = applyCorrections(view, applicable)
  return { ...corrected, local: { ...corrected.local, corrections: shown } }
}
