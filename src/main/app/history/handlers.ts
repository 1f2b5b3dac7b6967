import type { OfflineWorkspace } from '../../offline'
import type { HandlersFor } from '../router'

/** The part of the offline workspace the history handlers use. */
export type HistoryWorkspace = Pick<OfflineWorkspace, 'historyOf' | 'importHistory'>

/**
 * The history handlers: a document's history read from the signed-in account's store
 * (src/main/offline/history.ts), and the one-time import of the history an earlier Docket kept in
 * the window's storage. `getWorkspace` is called on each request (it changes with the account).
 * Errors of the workspace (`not_signed_in`, `storage`, `closed`) pass through with their code.
 */
export function createHistoryHandlers(
  getWorkspace: () => HistoryWorkspace,
): HandlersFor<'history.list' | 'history.import'> {
  return {
    'history.list': async ({ documentId }) => ({ items: await getWorkspace().historyOf(documentId) }),
    'history.import': async ({ events }) => getWorkspace().importHistory(events),
  }
}
