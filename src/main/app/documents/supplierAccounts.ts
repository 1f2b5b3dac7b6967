import { supplierAccountRecordOf, type SupplierAccountRecord } from '../../../shared/checks/bankAccount'
import type { CheckedDocument } from '../../../shared/checks/context'
import type { OfflineWorkspace } from '../../offline'

/** The part of the workspace the supplier-account history reads. */
export type SupplierAccountsPort = Partial<Pick<OfflineWorkspace, 'listAgendas'>>

/**
 * The bank accounts of the account's suppliers as the local cache holds them, in every agenda
 * (the bank-account check compares a supplier's invoice with its earlier ones, wherever they
 * were booked). Each agenda's records come with its rows (`accountsOf`: the row cache keeps
 * them, patched document by document like the rows), so opening a document reads no agenda's
 * documents. An agenda that cannot be read (not cached) adds nothing.
 */
export function createSupplierAccounts(
  accountsOf: (agendaId: number) => Promise<ReadonlyMap<number, SupplierAccountRecord>>,
) {
  async function recordsOf(agendaId: number): Promise<Iterable<SupplierAccountRecord>> {
    return (await accountsOf(agendaId)).values()
  }

  return {
    /**
     * The supplier-account records of every cached agenda, for checking `doc`; none when `doc`
     * names no account (the check is skipped then) or the workspace cannot list agendas.
     */
    async forDocument(workspace: SupplierAccountsPort, doc: CheckedDocument): Promise<SupplierAccountRecord[]> {
      if (!supplierAccountRecordOf(doc) || !workspace.listAgendas) return []
      const all: SupplierAccountRecord[] = []
      for (const agenda of await workspace.listAgendas()) {
        try {
          all.push(...(await recordsOf(agenda.id)))
        } catch {
          // An agenda the cache cannot read adds no history; the check still runs on the others.
        }
      }
      return all
    },
  }
}
