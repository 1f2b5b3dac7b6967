import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AppServices } from '../../src/main/app'
import { EventBus } from '../../src/main/app/eventBus'
import { createHarnessDesktop, createHarnessLogFile, type HarnessDesktop } from './desktop'

const PAGE = 'http://127.0.0.1:5173'
let dir = ''
let server: FastifyInstance
let harness: HarnessDesktop
let bus: EventBus
let sent: { event: string; payload: unknown }[]
let emitted: { event: string; payload: unknown }[]
let stop: () => void

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docket-harness-desktop-'))
  bus = new EventBus(() => {})
  sent = []
  emitted = []
  bus.connect((event, payload) => void emitted.push({ event, payload }))
  // nobody signed in: the desktop needs only the bus here
  const services = {
    handlers: {},
    bus,
    session: {
      get() {
        throw new Error('not signed in')
      },
      setCacheCap: async () => {},
    },
  } as unknown as AppServices
  harness = createHarnessDesktop({
    services,
    userDataDir: dir,
    logFile: createHarnessLogFile(dir),
    send: (event, payload) => void sent.push({ event, payload }),
    log: () => {},
  })
  stop = harness.desktop.start()
  server = Fastify()
  harness.register(server, (origin) => origin === PAGE)
})

afterEach(async () => {
  stop()
  await server.close()
  await rm(dir, { recursive: true, force: true })
})

describe('the harness stand-ins for the desktop', () => {
  it('hands copied text to the page for its own clipboard', async () => {
    const answer = await harness.desktop.handlers['app.copyLink']({ target: 'document', id: 5 }, { senderUrl: PAGE })
    expect(answer).toEqual({ text: 'docket://document/5' })
    expect(sent).toContainEqual({ event: 'harness.clipboard', payload: { text: 'docket://document/5' } })
  })

  it('records notifications; a click from the page opens the target, from elsewhere it is refused', async () => {
    bus.emit('documents.repairFinished', { documentId: 12, agendaId: 1, state: 'ready' })
    await new Promise((done) => setTimeout(done, 400))
    const [notice] = harness.notifications
    expect(notice).toMatchObject({ kind: 'repairFinished', target: { target: 'document', id: 12 }, clicked: false })
    expect(sent.map((s) => s.event)).toContain('harness.notification')

    const foreign = await server.inject({
      method: 'POST',
      url: `/__harness/notifications/${notice!.id}/click`,
      headers: { origin: 'https://evil.example' },
    })
    expect(foreign.statusCode).toBe(403)
    expect(emitted.map((e) => e.event)).not.toContain('app.openLink')

    const click = await server.inject({
      method: 'POST',
      url: `/__harness/notifications/${notice!.id}/click`,
      headers: { origin: PAGE },
    })
    expect(click.statusCode).toBe(200)
    expect(emitted).toContainEqual({ event: 'app.openLink', payload: { target: 'document', id: 12 } })
    expect(harness.notifications[0]!.clicked).toBe(true)
  })

  it('does not record a kind the user turned off', async () => {
    await harness.desktop.handlers['app.setPreferences'](
      { notifications: { signInNeeded: false } },
      { senderUrl: PAGE },
    )
    bus.emit('auth.changed', { accountId: 'a', signedIn: false, reason: 'reauth_required' })
    expect(harness.notifications).toEqual([])
  })

  it('makes an update "downloaded" for the banner, only for the page', async () => {
    const body = { version: '9.9.0', releaseNotes: 'Faster.' }
    const foreign = await server.inject({ method: 'POST', url: '/__harness/update', payload: body })
    expect(foreign.statusCode).toBe(403)
    const made = await server.inject({
      method: 'POST',
      url: '/__harness/update',
      payload: body,
      headers: { origin: PAGE },
    })
    expect(made.statusCode).toBe(200)
    expect(emitted).toContainEqual({
      event: 'app.updateState',
      payload: { status: 'downloaded', version: '9.9.0', releaseNotes: 'Faster.' },
    })
    expect(await harness.desktop.handlers['app.restartToUpdate']({}, { senderUrl: PAGE })).toEqual({
      restarting: false,
    })
  })
})
