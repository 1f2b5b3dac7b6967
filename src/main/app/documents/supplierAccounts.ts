import type { DocumentRow } from '../../../shared/ipc'
import { supplierAccountRecordOf, type SupplierAccountRecord } from '../../../shared/checks/bankAccount'
import type { CheckedDocument } from '../../../shared/checks/context'
import type { CachedDocument, OfflineWorkspace } from '../../offline'

/** The part of the workspace the supplier-account history reads. */
export type SupplierAccountsPort = Partial<Pick<OfflineWorkspace, 'listAgendas' | 'forEachDocument' | 'listDocuments'>>

/**
 * The bank accounts of the account's suppliers as the local cache holds them, in every agenda
 * (the bank-account check compares a supplier's invoice with its earlier ones, wherever they
 * were booked). One list per agenda is kept while that agenda's rows are the same array
 * (`rowsOf`: the row cache hands out a new one after any change), so opening documents does not
 * read every agenda again. An agenda that cannot be read (not cached) adds nothing.
 */
export function createSupplierAccounts(rowsOf: (agendaId: number) => Promise<readonly DocumentRow[]>) {
  const byAgenda = new Map<number, { stamp: readonly DocumentRow[]; records: SupplierAccountRecord[] }>()

  async function recordsOf(workspace: SupplierAccountsPort, agendaId: number): Promise<SupplierAccountRecord[]> {
    const stamp = await rowsOf(agendaId)
    const known = byAgenda.get(agendaId)
    if (known && known.stamp === stamp) return known.records
    const records: SupplierAccountRecord[] = []
    const visit = (doc: CachedDocument) => {
      const record = supplierAccountRecordOf(doc as CheckedDocument)
      if (record) records.push(record)
    }
    if (workspace.forEachDocument) await workspace.forEachDocument(agendaId, visit)
    else if (workspace.listDocuments) for (const doc of await workspace.listDocuments(agendaId)) visit(doc)
    byAgenda.set(agendaId, { stamp, records })
    return records
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
          all.push(...(await recordsOf(workspace, agenda.id)))
        } catch {
          // An agenda the cache cannot read adds no history; the check still runs on the others.
        }
      }
      return all
    },
  }
}
