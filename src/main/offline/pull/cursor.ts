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

/**
 * The `modified_since` of one agenda's delta: when its last listing began (a background pull
 * lists only the agendas due, so agendas part ways) minus `overlapMs`.
 */
export function agendaSince(cursor: PullCursor, agendaId: number, overlapMs: number): Date {
  return new Date(Date.parse(agendaPulledAt(cursor, agendaId)) - overlapMs)
}

/** When `agendaId`'s last listing began, as the cursor says (UTC ISO 8601). */
export function agendaPulledAt(cursor: PullCursor, agendaId: number): string {
  return cursor.agendaPulledAt?.[String(agendaId)] ?? cursor.lastPullAt
}

/**
 * The cursor a complete pull leaves: it began at `startedAt`, the account has `agendaIds`, and
 * it listed `listed` of them (default: all). An agenda it did not list keeps the time of its
 * own last listing, so its next delta still reaches back to it.
 */
export function nextCursor(
  previous: PullCursor | undefined,
  startedAt: Date,
  plan: PullPlan,
  agendaIds: number[],
  listed?: ReadonlySet<number>,
): PullCursor {
  const at = startedAt.toISOString()
  const cursor: PullCursor = {
    lastPullAt: at,
    lastFullPullAt: plan.full || !previous ? at : previous.lastFullPullAt,
    agendaIds,
  }
  if (!previous || !listed) return cursor
  const earlier: Record<string, string> = {}
  for (const id of agendaIds) if (!listed.has(id)) earlier[String(id)] = agendaPulledAt(previous, id)
  if (Object.keys(earlier).length > 0) cursor.agendaPulledAt = earlier
  return cursor
}
