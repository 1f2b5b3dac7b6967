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
 * documents. `accountsOfEach` answers the records of each agenda asked, in order, null for one
 * that cannot be read (not cached), which adds nothing.
 */
export function createSupplierAccounts(
  accountsOfEach: (agendaIds: readonly number[]) => Promise<(ReadonlyMap<number, SupplierAccountRecord> | null)[]>,
) {
  return {
    /**
     * The supplier-account records of every cached agenda, for checking `doc`; none when `doc`
     * names no account (the check is skipped then) or the workspace cannot list agendas.
     */
    async forDocument(workspace: SupplierAccountsPort, doc: CheckedDocument): Promise<SupplierAccountRecord[]> {
      if (!supplierAccountRecordOf(doc) || !workspace.listAgendas) return []
      const agendas = await workspace.listAgendas()
      const all: SupplierAccountRecord[] = []
      // One read of every agenda's records; an agenda the cache cannot read (null) adds no history.
      for (const records of await accountsOfEach(agendas.map((agenda) => agenda.id)))
        if (records) all.push(...records.values())
      return all
    },
  }
}
