import type { Agenda } from '../../../shared/api/agenda'
import type { BatchOp, Store } from '../store'

/**
 * The writes that make the cached agendas what the service listed: agendas gone are deleted,
 * new or changed ones written, unchanged ones left alone (a delta usually writes none: one
 * fsync less, bench B2). `touched` names the agendas a reader must read again whole.
 */
export function reconcileAgendas(
  store: Store,
  stored: readonly Agenda[],
  listed: readonly Agenda[],
): { ops: BatchOp[]; touched: number[] } {
  const ops: BatchOp[] = []
  const touched: number[] = []
  const listedIds = new Set(listed.map((a) => a.id))
  const storedJson = new Map<number, string>()
  for (const agenda of stored) {
    if (listedIds.has(agenda.id)) storedJson.set(agenda.id, JSON.stringify(agenda))
    else {
      ops.push(store.deleteAgendaOp(agenda.id))
      touched.push(agenda.id)
    }
  }
  for (const agenda of listed) {
    if (storedJson.get(agenda.id) === JSON.stringify(agenda)) continue
    ops.push(store.putAgendaOp(agenda))
    touched.push(agenda.id)
  }
  return { ops, touched }
}
