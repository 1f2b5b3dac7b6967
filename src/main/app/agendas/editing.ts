import type { Agenda } from '../../../shared/api'
import type { AgendaView } from '../../../shared/ipc'
import type { ApiClient } from '../../api/client'
import type { OfflineWorkspace } from '../../offline'
import { AppError } from '../errors'
import type { HandlersFor } from '../router'
import { callService, needsConnection, toServiceCallError } from '../serviceCall'

/** The service calls agenda editing makes directly. */
export type AgendaClient = Pick<ApiClient, 'getAgenda' | 'createAgendas' | 'updateAgenda' | 'me'>

export interface AgendaEditingDeps {
  /** The offline workspace of the signed-in account: its cached agendas are shown offline. */
  getWorkspace(): Pick<OfflineWorkspace, 'listAgendas'>
  /** The service client of the signed-in account (called on each request). */
  getClient(): AgendaClient
}

/** Why a non-owner sees the agenda read-only (only an agenda's owner may change it). */
export const NOT_OWNER_REASON = 'Only the owner of this agenda can change it; you can view it.'

/**
 * `agendas.details`, `agendas.create` and `agendas.update`.
 *
 * They call the service directly instead of the outbox: the service's 422 field errors (e.g. a
 * taken email_alias) and 403 (not the owner) must reach the form while the user is still on
 * it, so agenda editing needs a connection; offline, `agendas.details` shows the cached agenda
 * read-only and the others answer `offline`. The rules are checked locally first (the
 * channels' input schemas, src/shared/agendaRules.ts), so nothing the service forbids is sent.
 */
export function createAgendaEditingHandlers(
  deps: AgendaEditingDeps,
): HandlersFor<'agendas.details' | 'agendas.create' | 'agendas.update'> {
  const view = async (agenda: Agenda): Promise<AgendaView> => {
    const ownerId = agenda.links?.owner?.id
    if (typeof ownerId !== 'number') return { agenda, editable: true, readOnlyReason: null }
    const me = await callService('Checking who you are', () => deps.getClient().me())
    return me.id === ownerId
      ? { agenda, editable: true, readOnlyReason: null }
      : { agenda, editable: false, readOnlyReason: NOT_OWNER_REASON }
  }

  return {
    'agendas.details': async ({ agendaId }) => {
      try {
        return await view(await deps.getClient().getAgenda(agendaId))
      } catch (error) {
        const mapped = toServiceCallError(error, 'Editing an agenda')
        if (mapped instanceof AppError && mapped.code === 'offline') {
          const cached = (await deps.getWorkspace().listAgendas()).find((a) => a.id === agendaId)
          if (cached) return { agenda: cached, editable: false, readOnlyReason: needsConnection('Editing an agenda') }
        }
        throw mapped
      }
    },
    'agendas.create': async ({ attributes }) => {
      const [id] = await callService('Creating an agenda', () => deps.getClient().createAgendas([attributes]))
      if (typeof id !== 'number') throw new AppError('bad_response', 'The service did not return the new agenda’s id.')
      return { id }
    },
    'agendas.update': async ({ agendaId, attributes }) => {
      const agenda = await callService('Editing an agenda', () => deps.getClient().updateAgenda(agendaId, attributes))
      return { agenda, editable: true, readOnlyReason: null }
    },
  }
}
