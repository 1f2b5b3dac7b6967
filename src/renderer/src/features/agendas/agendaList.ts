import type { AgendaScope, AgendaSummary } from '../../../../shared/ipc'
import type { QueueCounts } from '../../../../shared/queues'

/**
 * What the agenda sidebar reads and does: the screen that shows it (features/triage) passes
 * its own state, which has these members, so agendas never imports the screen.
 */
export interface AgendaListSource {
  /** The account's agendas with their counts; empty until {@link agendasLoaded}. */
  readonly agendas: AgendaSummary[]
  readonly agendasLoaded: boolean
  /** The agenda on screen (`all`: the All agendas queue), or null before one is chosen. */
  readonly agendaId: AgendaScope | null
  /** True once the current agenda's rows (and {@link counts}) are loaded. */
  readonly rowsLoaded: boolean
  /** The current agenda's tab counts, fresher than its summary's. */
  readonly counts: QueueCounts
  /** The current list's tab counts, filters aside (All agendas: the sums over every agenda). */
  readonly totals: QueueCounts
  /** Documents to review across every agenda: the sum of the agendas' own counts. */
  readonly toReviewAcross: number
  /** Switches to another agenda, or to every agenda in one queue (`all`). */
  selectAgenda(agendaId: AgendaScope): Promise<void>
}
