import type { Clock } from '../options'

/** The intervals of background pulls, in ms. */
export interface PollPolicy {
  /** The agenda the person has open: pulled this often (default 1 min). */
  pullIntervalMs: number
  /** The longest wait for any agenda (default 10 min): agendas not opened today wait this long. */
  maxPullIntervalMs: number
}

/** Agendas per step of the interval: each 25 agendas of the account add one base interval. */
export const AGENDAS_PER_STEP = 25

/** What the schedule knows of one agenda. */
interface AgendaPolls {
  /** Epoch ms when its last listing began. */
  pulledAt: number
  /** Pulls in a row that changed nothing. */
  quiet: number
}

/**
 * When each agenda is pulled in the background, so that an accounting firm's 200 agendas do
 * not cost the service 200 requests a minute:
 * - the agenda the person has open: every `pullIntervalMs` (1 min);
 * - an agenda opened today: `pullIntervalMs` x (1 + agendas / 25, rounded down) x 2^(quiet
 *   pulls in a row), at most `maxPullIntervalMs`: 1, 2, 4, 8, 10 min for a small account;
 * - an agenda not opened today: every `maxPullIntervalMs` (10 min).
 * Any activity of the person (opening an agenda, a document, an action) clears the quiet
 * streaks, so what they work on is fresh again. A pull that brought changes clears its
 * agenda's streak. "Today" is the local calendar day of the workspace's clock.
 */
export class PollSchedule {
  private readonly agendas = new Map<number, AgendaPolls>()
  private readonly openedAt = new Map<number, number>()
  private open: number | null = null

  constructor(
    private readonly policy: PollPolicy,
    private readonly clock: Clock,
  ) {}

  /** The agenda the person has open now (the last one opened), or null. */
  get openAgenda(): number | null {
    return this.open
  }

  /** The person opened agenda `agendaId` (or acted in it): it becomes the open one. */
  opened(agendaId: number): void {
    this.open = agendaId
    this.openedAt.set(agendaId, this.clock().getTime())
    this.activity()
  }

  /** The person did something: quiet agendas are pulled at their shortest interval again. */
  activity(): void {
    for (const polls of this.agendas.values()) polls.quiet = 0
  }

  /** A listing of `agendaId` began at `at` (epoch ms) and completed; `changed`: it brought changes. */
  pulled(agendaId: number, at: number, changed: boolean): void {
    const previous = this.agendas.get(agendaId)
    this.agendas.set(agendaId, { pulledAt: at, quiet: changed ? 0 : (previous?.quiet ?? 0) + 1 })
  }

  /** Agenda `agendaId` was last listed at `at` (epoch ms) in an earlier session. */
  remember(agendaId: number, at: number): void {
    if (!this.agendas.has(agendaId)) this.agendas.set(agendaId, { pulledAt: at, quiet: 0 })
  }

  /** Keeps only the agendas of the account. */
  retain(agendaIds: readonly number[]): void {
    const keep = new Set(agendaIds)
    for (const id of this.agendas.keys()) if (!keep.has(id)) this.agendas.delete(id)
  }

  /** The wait between background pulls of `agendaId` now (ms). */
  intervalMs(agendaId: number): number {
    const { pullIntervalMs: base, maxPullIntervalMs: max } = this.policy
    if (agendaId === this.open) return base
    const opened = this.openedAt.get(agendaId)
    if (opened === undefined || !sameDay(opened, this.clock().getTime())) return max
    const quiet = Math.min(this.agendas.get(agendaId)?.quiet ?? 0, 16)
    const step = 1 + Math.floor(this.agendas.size / AGENDAS_PER_STEP)
    return Math.min(max, base * step * 2 ** quiet)
  }

  /** The agendas (of those known) due for a pull now. */
  due(): number[] {
    const now = this.clock().getTime()
    return [...this.agendas.entries()]
      .filter(([id, polls]) => polls.pulledAt + this.intervalMs(id) <= now)
      .map(([id]) => id)
  }

  /** How long until the next agenda is due (ms, 0 when one is due now; `maxPullIntervalMs` when none is known). */
  nextDueInMs(): number {
    const now = this.clock().getTime()
    let next = this.policy.maxPullIntervalMs
    for (const [id, polls] of this.agendas) next = Math.min(next, polls.pulledAt + this.intervalMs(id) - now)
    return Math.max(0, next)
  }
}

function sameDay(a: number, b: number): boolean {
  return new Date(a).toDateString() === new Date(b).toDateString()
}
