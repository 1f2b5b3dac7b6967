/**
 * Which actions the service accepts on a document in which state: the state table of
 * docs/service-interface.md ("Document states", "Repair", "Archive", "Delete") as one pure rule,
 * for the renderer (buttons, shortcuts and palette entries enabled only where the action can
 * succeed, with the reason when not) and for main (refusing early what the service would).
 *
 * | Action | Accepted from |
 * |---|---|
 * | mark ready, mark exported (`PATCH` state) | any state; refused here when already in it (a no-op) |
 * | send to repair (`POST .../repair`) | `ready` or `not_ready` only (the service answers 422 otherwise) |
 * | archive (`PUT .../archive`) | any state, unless already archived |
 * | delete (`DELETE`) | any state |
 * | comment (add, edit, delete) | any state, archived documents included |
 *
 * An archived document is read-only apart from its comments: it has left the service's
 * listings, and Docket shows it only so that a slip can be seen and commented on.
 */

/** An action a user can take on a document. */
export type DocumentAction = 'ready' | 'exported' | 'repair' | 'archive' | 'delete' | 'comment'

/** Why an action is not offered, as a code a program can branch on (the renderer words it). */
export type ActionRefusal = 'alreadyReady' | 'alreadyExported' | 'repairOnlyFromReview' | 'archived'

/** The facts the rule needs about a document: its state, and whether it is archived. */
export interface ActionSubject {
  /** The service's state (`not_ready`, `ready`, `exported`...; unknown states are kept). */
  state: string
  /** True once archived (locally or on the service). */
  archived?: boolean
}

/** The answer for one action: allowed, or not with the reason. */
export type ActionCheck = { allowed: true } | { allowed: false; reason: ActionRefusal }

/** The states a repair may start from (the service refuses the others with 422). */
export const REPAIRABLE_STATES: ReadonlySet<string> = new Set(['ready', 'not_ready'])
/** The states that count as exported (the service's own export sets `auto_exported`). */
const EXPORTED_STATES: ReadonlySet<string> = new Set(['exported', 'auto_exported'])

const ALLOWED: ActionCheck = { allowed: true }
const refuse = (reason: ActionRefusal): ActionCheck => ({ allowed: false, reason })

/** Whether the service accepts `action` on `subject` (see the module's table). */
export function checkAction(action: DocumentAction, subject: ActionSubject): ActionCheck {
  if (action === 'comment') return ALLOWED
  if (subject.archived) return refuse('archived')
  switch (action) {
    case 'ready':
      return subject.state === 'ready' ? refuse('alreadyReady') : ALLOWED
    case 'exported':
      return EXPORTED_STATES.has(subject.state) ? refuse('alreadyExported') : ALLOWED
    case 'repair':
      return REPAIRABLE_STATES.has(subject.state) ? ALLOWED : refuse('repairOnlyFromReview')
    case 'archive':
    case 'delete':
      return ALLOWED
  }
}

/** Refusals that only mean "nothing to do": the document is already where the action would put it. */
const NO_OP_REFUSALS: ReadonlySet<ActionRefusal> = new Set(['alreadyReady', 'alreadyExported'])

/**
 * Whether `action` may run on all of `subjects` at once. Refused when the service would refuse
 * it for any of them (the reason of the first such one), or when it would change none of them
 * (all already in that state); documents already in the target state are otherwise simply
 * left as they are. An empty list is allowed (nothing to refuse).
 */
export function checkActionOnAll(action: DocumentAction, subjects: readonly ActionSubject[]): ActionCheck {
  let noOp: ActionCheck | null = null
  let changes = subjects.length === 0
  for (const subject of subjects) {
    const check = checkAction(action, subject)
    if (check.allowed) changes = true
    else if (NO_OP_REFUSALS.has(check.reason)) noOp ??= check
    else return check
  }
  return changes || !noOp ? ALLOWED : noOp
}
