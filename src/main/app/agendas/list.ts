import { countQueues } from '../../../shared/queues'
import type { OfflineWorkspace } from '../../offline'
import type { AgendaRowsSource } from '../documents/agendaRows'
import type { HandlersFor } from '../router'

/** The part of the offline workspace the agenda list uses. */
export type AgendaListWorkspace = Pick<OfflineWorkspace, 'listAgendas'>

/**
 * `agendas.list`: the cached agendas (with those created offline) and their document counts
 * per inbox queue, counted from the same rows `documents.list` answers.
 */
export function createAgendaListHandlers(
  getWorkspace: () => AgendaListWorkspace,
  rows: AgendaRowsSource,
): HandlersFor<'agendas.list'> {
  return {
    'agendas.list': async () => {
      const agendas = await getWorkspace().listAgendas()
      const summaries = []
      for (const agenda of agendas) {
        const listed = await rows.rowsOf(agenda.id)
        summaries.push({
          id: agenda.id,
          name: agenda.name,
          homeCurrency: agenda.home_currency ?? null,
          counts: countQueues(listed.rows.map((row) => row.state)),
        })
      }
      return { agendas: summaries }
    },
  }
}
