import { beforeEach, describe, expect, it } from 'vitest'
import type { Handlers } from '../router'
import { seededWorkspace } from '../testing/fakeWorkspace'
import { routerCall } from '../testing/routerCall'
import { createTriageHandlers } from '../triage'

let call: (channel: string, input: unknown) => Promise<unknown>

beforeEach(() => {
  const workspace = seededWorkspace()
  call = routerCall(createTriageHandlers(() => workspace) as Handlers)
})

describe('agendas.list', () => {
  it('lists cached agendas with counts per queue', async () => {
    expect(await call('agendas.list', {})).toEqual({
      agendas: [
        {
          id: 1,
          name: 'Demo s.r.o.',
          homeCurrency: 'CZK',
          counts: { not_ready: 1, ready: 1, in_repair: 1, processing: 1, exported: 1, all: 5 },
        },
        {
          id: 2,
          name: 'Empty',
          homeCurrency: null,
          counts: { not_ready: 0, ready: 0, in_repair: 0, processing: 0, exported: 0, all: 0 },
        },
      ],
    })
  })
})
