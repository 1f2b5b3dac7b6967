import type { OfflineWorkspace } from '../../offline'
import type { AgendaRowsSource } from '../documents/agendaRows'
import { queueTotals } from '../documents/rowQuery'
import type { HandlersFor } from '../router'

/** The part of the offline workspace the agenda list uses. */
export type AgendaListPort = Pick<OfflineWorkspace, 'listAgendas' | 'agendaOfflineSettings'>

/**
 * `agendas.list`: the cached agendas (with those created offline), their document counts
 * per inbox queue, counted from the same rows `documents.query` lists, and whether they are
 * available offline (default: opened in the last 30 days) and keep their originals offline.
 */
export function createAgendaListHandlers(
  getWorkspace: () => AgendaListPort,
  rows: AgendaRowsSource,
): HandlersFor<'agendas.list'> {
  return {
    'agendas.list': async () => {
      const workspace = getWorkspace()
      const agendas = await workspace.listAgendas()
      const offline = await workspace.agendaOfflineSettings()
      const read = await rows.rowsOfEach(agendas.map(({ id }) => id))
      const summaries = []
      for (const [index, agenda] of agendas.entries()) {
        const answer = read[index]!
        // An agenda that cannot be read fails the list, as it did when each was asked in turn.
        if ('error' in answer) throw answer.error
        const listed = answer.rows
        summaries.push({
          id: agenda.id,
          name: agenda.name,
          homeCurrency: agenda.home_currency ?? null,
          counts: queueTotals(listed.rows, listed.archived.length),
          availableOffline: offline.get(agenda.id)?.availableOffline ?? false,
          keepOriginalsOffline: offline.get(agenda.id)?.keepOriginalsOffline ?? false,
        })
      }
      return { agendas: summaries }
    },
  }
}
