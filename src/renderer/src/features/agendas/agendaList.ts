import type { AgendaSummary } from '../../../../shared/ipc'
import type { QueueCounts } from '../../../../shared/queues'

/**
 * What the agenda sidebar reads and does: the screen that shows it (features/triage) passes
 * its own state, which has these members, so agendas never imports the screen.
 */
export interface AgendaListSource {
  /** The account's agendas with their counts; empty until {@link agendasLoaded}. */
  readonly agendas: AgendaSummary[]
  readonly agendasLoaded: boolean
  /** The agenda on screen, or null before one is chosen. */
  readonly agendaId: number | null
  /** True once the current agenda's rows (and {@link counts}) are loaded. */
  readonly rowsLoaded: boolean
  /** The current agenda's tab counts, fresher than its summary's. */
  readonly counts: QueueCounts
  /** Switches to another agenda. */
  selectAgenda(agendaId: number): Promise<void>
}
