import type { Agenda } from '../../../../shared/api/agenda'
import { OfflineError } from '../../errors'
import { findCreatedAgenda } from '../alreadyApplied'
import { done } from '../entryOutcome'
import { realAgendaId } from '../idMap'
import type { Performer } from './performer'

/**
 * Agenda create. Not idempotent: after a lost answer the service is searched first
 * (push/alreadyApplied.ts). The real id is mapped from the local (negative) one in the same
 * batch, so updates and uploads written offline follow it.
 */
export const createAgenda: Performer<'agendas.create'> = async (entry, ctx) => {
  const attrs = entry.action.agenda
  let agenda = entry.uncertain ? await findCreatedAgenda(ctx, entry, attrs) : undefined
  if (!agenda) {
    const [id] = await ctx.client.createAgendas([attrs])
    if (id === undefined) throw new OfflineError('bad_response', 'The service created no agenda.')
    // The create succeeded: a failed read of it must not send it again; the next pull corrects the copy.
    agenda = await ctx.client.getAgenda(id).catch(() => ({ ...attrs, id, address: attrs.address ?? null }) as Agenda)
  }
  const ops = [ctx.store.putAgendaOp(agenda)]
  if (entry.localAgendaId !== undefined) ops.push(ctx.store.putAgendaIdOp(entry.localAgendaId, agenda.id))
  return done(ops, { agendaIds: [agenda.id] })
}

/** Agenda update (of an agenda created offline: once its create gave it a real id). */
export const updateAgenda: Performer<'agendas.update'> = async ({ action }, { client, store }) => {
  const agendaId = await realAgendaId(store, action.agendaId)
  const agenda = await client.updateAgenda(agendaId, action.attrs)
  return done([store.putAgendaOp(agenda)], { agendaIds: [agenda.id] })
}
