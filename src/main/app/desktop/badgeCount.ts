import type { AgendaSummary } from '../../../shared/ipc'
import type { SubscribeToEvents } from '../eventBus'

/**
 * Keeps the app icon's badge at the number of *Not ready* documents across all agendas: the
 * count is read again (from the same counts the agenda sidebar shows) after the events that
 * can change it, a burst of events making one read.
 */

/** Events after which the count is read again. */
const RECOUNT_ON = new Set(['documents.changed', 'outbox.changed', 'auth.changed', 'documents.repairFinished'])

/** Reads of the count are at most this often, in ms (a pull emits many events). */
export const BADGE_RECOUNT_DELAY_MS = 1_000

/** The sum of the `not_ready` counts of `agendas` (the `agendas.list` answer). */
export function notReadyTotal(agendas: readonly Pick<AgendaSummary, 'counts'>[]): number {
  return agendas.reduce((sum, agenda) => sum + Math.max(0, agenda.counts.not_ready), 0)
}

export interface BadgeFollowerDeps {
  subscribe: SubscribeToEvents
  /** The agendas with their queue counts; rejects when nobody is signed in (the badge is then cleared). */
  listAgendas(): Promise<readonly Pick<AgendaSummary, 'counts'>[]>
  /** Shows the count on the icon (0 clears it). */
  show(count: number): void
  delayMs?: number
}

/** Shows the count now and after every change; returns the function that stops following. */
export function followNotReadyBadge(deps: BadgeFollowerDeps): () => void {
  const delayMs = deps.delayMs ?? BADGE_RECOUNT_DELAY_MS
  let timer: ReturnType<typeof setTimeout> | null = null
  let stopped = false
  let last: number | null = null

  const recount = async (): Promise<void> => {
    timer = null
    let count = 0
    try {
      count = notReadyTotal(await deps.listAgendas())
    } catch {
      // signed out or the store is closing: nothing waits for this user here
    }
    if (stopped || count === last) return
    last = count
    deps.show(count)
  }
  const schedule = (): void => {
    if (!stopped) timer ??= setTimeout(() => void recount(), delayMs)
  }

  const unsubscribe = deps.subscribe((event) => {
    if (RECOUNT_ON.has(event)) schedule()
  })
  void recount()
  return () => {
    stopped = true
    unsubscribe()
    if (timer) clearTimeout(timer)
  }
}
