import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Handlers } from '../router'
import { parsedCall } from '../testing/routerCall'
import { startSandboxService, type SandboxService } from '../testing/sandboxService'
import { createAgendaEditingHandlers } from './editing'

/**
 * Agenda editing against the sandbox over real HTTP with the real service client: the
 * agenda rules, 422 field errors and 403 for a non-owner.
 */

let s: SandboxService
let run: ReturnType<typeof parsedCall>
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- results are checked with toMatchObject
type Loose = any

beforeAll(async () => {
  s = await startSandboxService()
  run = parsedCall(
    createAgendaEditingHandlers({
      getWorkspace: () => ({ listAgendas: async () => [] }),
      getClient: () => s.client,
    }) as Handlers,
  )
})

afterAll(async () => {
  await s?.close()
})

describe('agendas on the sandbox', () => {
  it('shows agenda 3 (owned by a colleague) read-only, and PUT answers forbidden with the service message', async () => {
    const view = await run('agendas.details', { agendaId: 3 })
    expect(view).toMatchObject({ editable: false, agenda: { name: 'Colleague Shared' } })
    await expect(run('agendas.update', { agendaId: 3, attributes: { name: 'Taken over' } })).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Not authorized to perform this action',
    })
    expect((await s.state()).agendas.find((a: { id: number }) => a.id === 3).name).toBe('Colleague Shared')
  })

  it('creates an agenda with a lowercase country stored uppercase', async () => {
    const { id } = (await run('agendas.create', {
      attributes: {
        name: 'Nová, "agenda"',
        address: { country: 'sk', city: 'Košice' },
        home_currency: 'EUR',
        email_alias: 'nova.agenda-1',
      },
    })) as Loose
    const created = (await s.state()).agendas.find((a: { id: number }) => a.id === id)
    expect(created).toMatchObject({ name: 'Nová, "agenda"', email_alias: 'nova.agenda-1', address: { country: 'SK' } })
  })

  it('puts the service 422 for a taken email_alias on the email_alias field', async () => {
    await expect(run('agendas.update', { agendaId: 2, attributes: { email_alias: 'demo-sro' } })).rejects.toMatchObject(
      {
        code: 'validation',
        details: { fields: { email_alias: expect.any(Array) } },
      },
    )
  })

  it('updates the owner’s agenda', async () => {
    const view = (await run('agendas.update', {
      agendaId: 2,
      attributes: { external_id: 'ext-42', address: { country: 'ie' } },
    })) as Loose
    expect(view.agenda).toMatchObject({ external_id: 'ext-42' })
    const stored = (await s.state()).agendas.find((a: { id: number }) => a.id === 2)
    expect(stored).toMatchObject({ external_id: 'ext-42', address: { country: 'IE' } })
  })
})
