import type { OutboxEntry } from '../../../shared/outbox/entry'
import type { Connectivity } from '../connectivity'
import type { SyncEvents } from '../events'
import { changesOf, type Changes } from '../outbox'
import { isStorageFailure } from '../storageFailure'
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
  /** An unexpected error of a send (not an outcome of the request): the engine shows it, never drops it. */
  unexpected(error: unknown): void
}

/**
 * Pushes the outbox: in write order per lane (document or agenda), in parallel across lanes
 * (`pushConcurrency`), each entry marked in flight, sent by the performer of its kind, and
 * settled with its outcome in one atomic write. Single flight: a call while a push runs asks
 * for one more round. An entry held back until its `nextAttemptAt` wakes the engine then; the
 * timer goes with {@link stop}.
 *
 * When the outcome cannot be written (the local cache fails: a full disk), the entry stays in
 * flight in the store (its lane waits) and its outcome is kept here: it is written first at
 * the next push, once the cache can be written again, so an action the service applied is
 * never sent twice nor lost. If the process ends meanwhile, the entry is found in flight on
 * open and checked against the service (uncertain) before anything is sent again.
 */
export class Pusher {
  private running: Promise<void> | null = null
  private again = false
  /** Outcomes whose write failed (the cache could not be written), by entry id, in the order they came. */
  private readonly parked = new Map<string, { entry: OutboxEntry; outcome: EntryOutcome; sentUnder: number }>()
  private stopped = false
  private readonly wakeTimer = new Timer({ unref: true })
  /** Entries to send at the next chance even before their `nextAttemptAt` (*Try now*); each once. */
  private readonly waitLifted = new Set<string>()

  constructor(private readonly deps: PusherDeps) {}

  /** The push under way, if any (`close()` waits for it). */
  get busy(): Promise<void> | null {
    return this.running
  }

  /** Outcomes waiting for the cache to be writable again. */
  get parkedCount(): number {
    return this.parked.size
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

  /**
   * *Try now*: sends the pending entries held back until their `nextAttemptAt` (a Retry-After,
   * a backoff) at once, each once; one that fails again waits for its new `nextAttemptAt`.
   */
  async tryNow(): Promise<void> {
    // A push under way may be writing the very hold being lifted (a 429 answered a moment ago):
    // let it finish, so the entry's new `nextAttemptAt` is seen and lifted too.
    if (this.running) await this.running.catch(() => undefined)
    const now = this.deps.settlement.clock().getTime()
    for (const entry of await this.deps.settlement.store.outboxEntries())
      if (entry.status === 'pending' && entry.nextAttemptAt && Date.parse(entry.nextAttemptAt) > now)
        this.waitLifted.add(entry.id)
    await this.pushAll()
  }

  /** Stops scheduling: no wake-up, and outcomes other than `done` of sends still running are not written. */
  stop(): void {
    this.stopped = true
    this.wakeTimer.cancel()
  }

  private async round(): Promise<void> {
    const { settlement, policy } = this.deps
    if (!(await this.settleParked())) return
    const running = new Map<string, Promise<void>>()
    let wakeAt = Number.POSITIVE_INFINITY
    for (;;) {
      if (!this.deps.canSend()) break
      const entries = await settlement.store.outboxEntries()
      const plan = planPush(entries, new Set(running.keys()), settlement.clock().getTime(), this.waitLifted)
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

  /**
   * Sends one entry and settles it. Never rejects: a failure to mark it in flight or to settle
   * it that is not the cache's (the cache's park the outcome) goes to `unexpected`.
   */
  private async send(stale: OutboxEntry): Promise<void> {
    this.waitLifted.delete(stale.id)
    try {
      const entry = await markInFlight(this.deps.settlement, stale)
      if (!entry) return
      this.deps.events.outboxChanged(this.deps.counts(), [entry.id])
      const sentUnder = this.deps.connectivity.signInEpoch
      let outcome: EntryOutcome
      try {
        outcome = await perform(entry, this.deps.context)
      } catch (error) {
        outcome = outcomeOfError(entry, error, this.deps.policy)
      }
      await this.settle(entry, outcome, sentUnder)
    } catch (error) {
      // A storage failure was told to the engine by the store's guard: the entry is still pending.
      if (!isStorageFailure(error)) this.deps.unexpected(error)
    }
  }

  /** Writes the outcomes parked while the cache failed, in order; false when the cache still fails. */
  private async settleParked(): Promise<boolean> {
    for (const [id, { entry, outcome, sentUnder }] of [...this.parked]) {
      this.parked.delete(id)
      if (!(await this.settle(entry, outcome, sentUnder))) return false
    }
    return true
  }

  /**
   * Writes the outcome, then tells connectivity what the request said about the service.
   * False when the write failed for the cache's sake: the outcome is parked for the next push.
   * `sentUnder` is the sign-in the entry was sent under ({@link Connectivity.signInEpoch}): a
   * refusal of an older sign-in puts the entry back without pausing, and the round sends it again.
   */
  private async settle(entry: OutboxEntry, outcome: EntryOutcome, sentUnder: number): Promise<boolean> {
    if (this.stopped && outcome.type !== 'done') return true
    let changes: Changes
    try {
      changes = await writeOutcome(this.deps.settlement, entry, outcome)
    } catch (error) {
      if (!isStorageFailure(error)) throw error
      this.parked.set(entry.id, { entry, outcome, sentUnder })
      return false
    }
    const { connectivity, events } = this.deps
    if (outcome.type === 'done') {
      connectivity.reached()
      // Clean-up of files the service no longer needs: a failure leaves a stray file, and says so.
      await outcome.after?.().catch((error: unknown) => this.deps.unexpected(error))
      for (const repaired of outcome.repaired ?? []) events.repairFinished(repaired)
    } else if (outcome.type === 'failed') {
      connectivity.reached()
    } else if (outcome.type === 'retry') {
      if (outcome.offline) connectivity.unreachable(outcome.error)
      else if (outcome.serviceFailing) {
        const at = this.deps.settlement.clock().getTime()
        connectivity.noteServiceFailing(outcome.error, outcome.delayMs === undefined ? undefined : at + outcome.delayMs)
      }
    } else {
      connectivity.pause(outcome.error, sentUnder)
    }
    await this.deps.outboxChanged(changes)
    return true
  }
}
