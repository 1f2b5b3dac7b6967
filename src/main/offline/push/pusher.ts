import type { OutboxEntry } from '../../../shared/outbox/entry'
import type { Connectivity } from '../connectivity'
import type { SyncEvents } from '../events'
import { changesOf, type Changes } from '../outbox'
import { Timer } from '../timers'
import type { PushContext } from './context'
import { outcomeOfError, type EntryOutcome, type RetryPolicy } from './entryOutcome'
import { perform } from './performers'
import { planPush } from './planner'
import { failDependents, markInFlight, writeOutcome, type SettlementContext } from './settlement'

/** What the pusher needs besides the entries' context. */
export interface PusherDeps {
  settlement: SettlementContext
  context: PushContext
  connectivity: Connectivity
  events: SyncEvents
  policy: RetryPolicy & { /** Lanes sent in parallel. */ pushConcurrency: number }
  /** True while entries may be sent (open, online, not paused). */
  canSend(): boolean
  /** Re-counts the outbox and tells the renderer (the engine's). */
  outboxChanged(changes: Changes): Promise<void>
  /** The outbox counts last told, for the event of an entry going in flight. */
  counts(): { pending: number; failed: number }
  /** Asks for another push (at an entry's `nextAttemptAt`). */
  wake(): void
}

/**
 * Pushes the outbox: in write order per lane (document or agenda), in parallel across lanes
 * (`pushConcurrency`), each entry marked in flight, sent by the performer of its kind, and
 * settled with its outcome in one atomic write. Single flight: a call while a push runs asks
 * for one more round. An entry held back until its `nextAttemptAt` wakes the engine then; the
 * timer goes with {@link stop}.
 */
export class Pusher {
  private running: Promise<void> | null = null
  private again = false
  private stopped = false
  private readonly wakeTimer = new Timer({ unref: true })

  constructor(private readonly deps: PusherDeps) {}

  /** The push under way, if any (`close()` waits for it). */
  get busy(): Promise<void> | null {
    return this.running
  }

  /** Pushes until nothing is runnable; resolves when done. */
  pushAll(): Promise<void> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = (async () => {
      try {
        do {
          this.again = false
          await this.round()
        } while (this.again && this.deps.canSend())
      } finally {
        this.running = null
      }
    })()
    return this.running
  }

  /** Stops scheduling: no wake-up, and outcomes other than `done` of sends still running are not written. */
  stop(): void {
    this.stopped = true
    this.wakeTimer.cancel()
  }

  private async round(): Promise<void> {
    const { settlement, policy } = this.deps
    const running = new Map<string, Promise<void>>()
    let wakeAt = Number.POSITIVE_INFINITY
    for (;;) {
      if (!this.deps.canSend()) break
      const entries = await settlement.store.outboxEntries()
      const plan = planPush(entries, new Set(running.keys()), settlement.clock().getTime())
      if (plan.dependencyFailed.length > 0) {
        await this.deps.outboxChanged(changesOf(await failDependents(settlement, plan.dependencyFailed)))
        continue
      }
      wakeAt = plan.wakeAt
      for (const entry of plan.runnable) {
        if (running.size >= policy.pushConcurrency) break
        running.set(
          entry.id,
          this.send(entry).finally(() => running.delete(entry.id)),
        )
      }
      if (running.size === 0) break
      await Promise.race(running.values())
    }
    await Promise.allSettled(running.values())
    if (Number.isFinite(wakeAt) && !this.stopped) {
      const delay = Math.max(10, wakeAt - settlement.clock().getTime())
      this.wakeTimer.start(delay, () => this.deps.wake())
    }
  }

  private async send(stale: OutboxEntry): Promise<void> {
    const entry = await markInFlight(this.deps.settlement, stale)
    if (!entry) return
    this.deps.events.outboxChanged(this.deps.counts(), [entry.id])
    let outcome: EntryOutcome
    try {
      outcome = await perform(entry, this.deps.context)
    } catch (error) {
      outcome = outcomeOfError(entry, error, this.deps.policy)
    }
    await this.settle(entry, outcome)
  }

  /** Writes the outcome, then tells connectivity what the request said about the service. */
  private async settle(entry: OutboxEntry, outcome: EntryOutcome): Promise<void> {
    if (this.stopped && outcome.type !== 'done') return
    const changes = await writeOutcome(this.deps.settlement, entry, outcome)
    const { connectivity, events } = this.deps
    if (outcome.type === 'done') {
      connectivity.reached()
      await outcome.after?.().catch(() => undefined)
      for (const repaired of outcome.repaired ?? []) events.repairFinished(repaired)
    } else if (outcome.type === 'failed') {
      connectivity.reached()
    } else if (outcome.type === 'retry') {
      if (outcome.offline) connectivity.unreachable(outcome.error)
    } else {
      connectivity.pause(outcome.error)
    }
    await this.deps.outboxChanged(changes)
  }
}
