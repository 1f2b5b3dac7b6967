import type { PullCursor } from '../store'

/** How a pull lists documents: all of them, or those changed since the last pull. */
export interface PullPlan {
  /** List every document (the first pull, and every `fullPullIntervalMs` to notice removals). */
  full: boolean
  /** For a delta: the `modified_since` to ask (the last pull's start minus the overlap). */
  modifiedSince?: Date
}

/**
 * The plan of a pull beginning at `startedAt`, given where the last one left off: a full pull
 * when there was none or the last full one is older than `fullPullIntervalMs`, otherwise a
 * delta from the last pull's start minus `overlapMs` (a document changed while that pull ran
 * is listed again rather than missed). Durations in ms.
 */
export function planPull(
  cursor: PullCursor | undefined,
  startedAt: Date,
  options: { fullPullIntervalMs: number; overlapMs: number },
): PullPlan {
  if (!cursor || startedAt.getTime() - Date.parse(cursor.lastFullPullAt) > options.fullPullIntervalMs)
    return { full: true }
  return { full: false, modifiedSince: new Date(Date.parse(cursor.lastPullAt) - options.overlapMs) }
}

/** The cursor a complete pull leaves: it began at `startedAt` and listed `agendaIds`. */
export function nextCursor(
  previous: PullCursor | undefined,
  startedAt: Date,
  plan: PullPlan,
  agendaIds: number[],
): PullCursor {
  const at = startedAt.toISOString()
  return { lastPullAt: at, lastFullPullAt: plan.full || !previous ? at : previous.lastFullPullAt, agendaIds }
}
