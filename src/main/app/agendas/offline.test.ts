import { describe, expect, it } from 'vitest'
import { useTestWorkspace } from '../testing/offlineWorkspace'
import { createAgendaOfflineHandlers } from './offline'

const context = { senderUrl: 'app://docket/index.html' }
const current = useTestWorkspace()

describe('agendas.setOffline', () => {
  it('writes the toggles; agendas.list then shows them', async () => {
    const handlers = createAgendaOfflineHandlers(() => current().workspace)
    expect(await handlers['agendas.setOffline']({ agendaId: 2, availableOffline: true }, context)).toEqual({ ok: true })
    await handlers['agendas.setOffline']({ agendaId: 2, keepOriginalsOffline: true }, context)
    expect((await current().workspace.agendaOfflineSettings()).get(2)).toEqual({
      availableOffline: true,
      keepOriginalsOffline: true,
    })
  })
})
