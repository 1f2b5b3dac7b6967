import { beforeEach, describe, expect, it } from 'vitest'
import { EVERY_DOCUMENT, FIRST_ROWS } from '../../../shared/documents/testing'
import type { Handlers } from '../router'
import { seededWorkspace, type FakeWorkspace } from '../testing/fakeWorkspace'
import { routerCall } from '../testing/routerCall'
import { createTriageHandlers } from '../triage'

let call: (channel: string, input: unknown) => Promise<unknown>
let workspace: FakeWorkspace

beforeEach(() => {
  workspace = seededWorkspace()
  call = routerCall(createTriageHandlers(() => workspace) as Handlers)
})

describe('agendas.list', () => {
  it('lists cached agendas with counts per queue; without offline settings an agenda is not available offline', async () => {
    expect(await call('agendas.list', {})).toEqual({
      agendas: [
        {
          id: 1,
          name: 'Demo s.r.o.',
          homeCurrency: 'CZK',
          counts: { not_ready: 1, ready: 1, in_repair: 1, processing: 1, exported: 1, all: 5, archived: 0 },
          availableOffline: false,
          keepOriginalsOffline: false,
        },
        {
          id: 2,
          name: 'Empty',
          homeCurrency: null,
          counts: { not_ready: 0, ready: 0, in_repair: 0, processing: 0, exported: 0, all: 0, archived: 0 },
          availableOffline: false,
          keepOriginalsOffline: false,
        },
      ],
    })
  })

  it("shows each agenda's offline settings as the workspace answers them", async () => {
    workspace.offline.set(2, { availableOffline: true, keepOriginalsOffline: true })
    expect(await call('agendas.list', {})).toMatchObject({
      agendas: [
        { id: 1, availableOffline: false, keepOriginalsOffline: false },
        { id: 2, availableOffline: true, keepOriginalsOffline: true },
      ],
    })
  })

  it('documents.query records the agenda as opened (what makes it available offline by default)', async () => {
    await call('documents.query', { agendaId: 1, query: EVERY_DOCUMENT, window: FIRST_ROWS })
    expect(workspace.opened).toEqual([1])
  })
})
