import { describe, expect, it } from 'vitest'
import type { Agenda, User } from '../../../shared/api'
import { channels } from '../../../shared/ipc'
import { ApiError } from '../../api/errors'
import type { Handlers } from '../router'
import { parsedCall } from '../testing/routerCall'
import { createAgendaEditingHandlers, NOT_OWNER_REASON, type AgendaClient } from './editing'

const me: User = { id: 1, email: 'demo@example.com', name: 'Demo', surname: 'User' }
const agenda = (id: number, ownerId: number): Agenda =>
  ({ id, name: `Agenda ${id}`, links: { owner: { id: ownerId, type: 'users' } }, home_currency: 'EUR' }) as Agenda

/** Agenda 3 belongs to a colleague (user 2); every other agenda to the signed-in user. */
function setup(client: Partial<AgendaClient> = {}, options: { cachedAgendas?: Agenda[] } = {}) {
  const calls: unknown[][] = []
  const fullClient: AgendaClient = {
    me: async () => me,
    getAgenda: async (id) => agenda(id, id === 3 ? 2 : 1),
    createAgendas: async (list) => {
      calls.push(['createAgendas', list])
      return [42]
    },
    updateAgenda: async (id, attrs) => {
      calls.push(['updateAgenda', id, attrs])
      return { ...agenda(id, 1), ...attrs } as Agenda
    },
    ...client,
  }
  const handlers = createAgendaEditingHandlers({
    getWorkspace: () => ({ listAgendas: async () => options.cachedAgendas ?? [] }),
    getClient: () => fullClient,
  })
  return { calls, run: parsedCall(handlers as Handlers) }
}

const validation = (errors: Record<string, unknown>) =>
  new ApiError('validation', 'Validation Failed', { status: 422, errors: errors as never })

describe('agenda editing', () => {
  it('shows the owner an editable agenda and a colleague’s agenda read-only with the reason', async () => {
    const { run } = setup()
    expect(await run('agendas.details', { agendaId: 1 })).toMatchObject({ editable: true, readOnlyReason: null })
    expect(await run('agendas.details', { agendaId: 3 })).toMatchObject({
      editable: false,
      readOnlyReason: NOT_OWNER_REASON,
    })
  })

  it('offline, shows the cached agenda read-only saying editing needs a connection', async () => {
    const { run } = setup(
      { getAgenda: async () => Promise.reject(new ApiError('network', 'connect ECONNREFUSED')) },
      { cachedAgendas: [agenda(1, 1)] },
    )
    const view = (await run('agendas.details', { agendaId: 1 })) as { editable: boolean; readOnlyReason: string }
    expect(view.editable).toBe(false)
    expect(view.readOnlyReason).toMatch(/needs a connection/)
  })

  it('creates with the country upper-cased and answers the new id', async () => {
    const { run, calls } = setup()
    expect(await run('agendas.create', { attributes: { name: 'New', address: { country: 'cz' } } })).toEqual({ id: 42 })
    expect(calls[0]).toEqual(['createAgendas', [{ name: 'New', address: { country: 'CZ' } }]])
  })

  it('refuses a rule-breaking attribute before calling the service', () => {
    expect(() => channels['agendas.create'].input.parse({ attributes: { name: 'X', email_alias: 'ab' } })).toThrow()
  })

  it('puts the service’s 422 errors on their fields', async () => {
    const { run } = setup({
      updateAgenda: async () =>
        Promise.reject(validation({ email_alias: ['has already been taken'], address: { country: ['is invalid'] } })),
    })
    await expect(
      run('agendas.update', { agendaId: 1, attributes: { email_alias: 'taken.alias' } }),
    ).rejects.toMatchObject({
      code: 'validation',
      details: { fields: { email_alias: ['has already been taken'], 'address.country': ['is invalid'] } },
    })
  })

  it('answers forbidden with the service’s message for a non-owner update (403)', async () => {
    const { run } = setup({
      updateAgenda: async () =>
        Promise.reject(new ApiError('forbidden', 'Not authorized to perform this action', { status: 403 })),
    })
    await expect(run('agendas.update', { agendaId: 3, attributes: { name: 'Mine now' } })).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Not authorized to perform this action',
    })
  })

  it('answers offline when the service cannot be reached', async () => {
    const { run } = setup({ createAgendas: async () => Promise.reject(new ApiError('network', 'ECONNREFUSED')) })
    await expect(run('agendas.create', { attributes: { name: 'X' } })).rejects.toMatchObject({ code: 'offline' })
  })
})
