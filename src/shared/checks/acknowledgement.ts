import { z } from 'zod'
import { checkCodeSchema, type CheckResult } from './result'

/** The longest reason a person may give for acknowledging a warning. */
export const MAX_ACKNOWLEDGEMENT_REASON = 500

/**
 * A person's answer to a warning of the checks panel, kept per account in the local store
 * (never sent to the service, kept across syncs):
 * - `not_duplicate`: the `duplicate` warning is wrong for the documents in `documentIds`; a
 *   document that looks like a duplicate later (an id not in the list) is flagged again.
 * - `acknowledged`: the warning was seen and is accepted for `reason`.
 * `at` is UTC ISO 8601; `userId` is the signed-in user who answered.
 */
export const acknowledgementSchema = z.object({
  documentId: z.number().int().positive(),
  code: checkCodeSchema,
  kind: z.enum(['not_duplicate', 'acknowledged']),
  reason: z.string().max(MAX_ACKNOWLEDGEMENT_REASON).nullable(),
  documentIds: z.array(z.number().int()).optional(),
  at: z.string(),
  userId: z.number().int(),
})
export type Acknowledgement = z.infer<typeof acknowledgementSchema>

/**
 * The checks with the person's acknowledgements applied: a warning that has one becomes
 * status `acknowledged` with `acknowledged` (who, when, why), keeping its variant and figures so
 * the panel still says what the problem was. A `not_duplicate` answer applies only while every
 * document the warning names was among those dismissed. Passes, skips and warnings without an
 * answer are unchanged.
 */
export function applyAcknowledgements(
  checks: readonly CheckResult[],
  acknowledgements: readonly Acknowledgement[],
): CheckResult[] {
  return checks.map((check) => {
    if (check.status !== 'warning') return check
    const answer = acknowledgements.find((ack) => ack.code === check.code && covers(ack, check))
    if (!answer) return check
    const { kind, reason, at, userId } = answer
    return { ...check, status: 'acknowledged', acknowledged: { kind, reason, at, userId } }
  })
}

function covers(ack: Acknowledgement, check: CheckResult): boolean {
  if (ack.kind === 'acknowledged') return true
  if (check.code !== 'duplicate') return false
  const dismissed = new Set(ack.documentIds ?? [])
  return (check.documentIds ?? []).every((id) => dismissed.has(id))
}
