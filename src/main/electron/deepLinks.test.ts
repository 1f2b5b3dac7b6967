import { EventEmitter } from 'node:events'
import { resolve } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { silentLogger } from '../logging/logger'
import { startDeepLinks, type DeepLinkApp, type DeepLinkDeps } from './deepLinks'

function fakeApp(options: { locked?: boolean; registers?: boolean } = {}) {
  return Object.assign(new EventEmitter(), {
    requestSingleInstanceLock: vi.fn(() => options.locked ?? true),
    setAsDefaultProtocolClient: vi.fn(() => options.registers ?? true),
  })
}

function setup(options: { argv?: string[]; locked?: boolean; devLaunch?: DeepLinkDeps['devLaunch'] } = {}) {
  const app = fakeApp({ locked: options.locked })
  const onSecondInstance = vi.fn()
  const receiver = startDeepLinks({
    app: app as unknown as DeepLinkApp,
    argv: options.argv ?? ['/opt/Docket/docket'],
    devLaunch: options.devLaunch,
    onSecondInstance,
    log: silentLogger,
  })
  const links: unknown[] = []
  return { app, receiver, onSecondInstance, links, listen: () => receiver.deliverTo((link) => links.push(link)) }
}

const openUrl = (app: EventEmitter, url: string) => {
  const event = { preventDefault: vi.fn() }
  app.emit('open-url', event, url)
  return event
}

describe('deep links from the operating system', () => {
  it('registers the docket scheme once it holds the single-instance lock', () => {
    const { app, receiver } = setup()
    expect(receiver.isPrimary).toBe(true)
    expect(app.setAsDefaultProtocolClient).toHaveBeenCalledWith('docket')
  })

  it('registers electron with the app folder when running unpackaged', () => {
    const { app } = setup({ devLaunch: { execPath: '/n/electron', appPath: '.' } })
    expect(app.setAsDefaultProtocolClient).toHaveBeenCalledWith('docket', '/n/electron', [resolve('.')])
  })

  it('a second process quits without listening or registering: the first one gets its link', () => {
    const { app, receiver } = setup({ locked: false })
    expect(receiver.isPrimary).toBe(false)
    expect(app.setAsDefaultProtocolClient).not.toHaveBeenCalled()
    expect(app.listenerCount('second-instance')).toBe(0)
  })

  it('keeps the link that started the app (Windows, Linux) until a handler is set', () => {
    const { listen, links } = setup({ argv: ['/opt/Docket/docket', '--no-sandbox', 'docket://document/42'] })
    expect(links).toEqual([])
    listen()
    expect(links).toEqual([{ target: 'document', id: 42 }])
  })

  it('reads the link in the argv of a second instance and brings the window forward', () => {
    const { app, listen, links, onSecondInstance } = setup()
    listen()
    app.emit('second-instance', {}, ['C:\\Docket\\Docket.exe', 'docket://agenda/7/'], 'C:\\')
    app.emit('second-instance', {}, ['C:\\Docket\\Docket.exe'], 'C:\\')
    expect(onSecondInstance).toHaveBeenCalledTimes(2)
    expect(links).toEqual([{ target: 'agenda', id: 7 }])
  })

  it('takes macOS open-url events, also before the window exists, and ignores other links', () => {
    const { app, listen, links } = setup()
    const event = openUrl(app, 'docket://document/5')
    expect(event.preventDefault).toHaveBeenCalled()
    listen()
    openUrl(app, 'docket://document/6?delete=true')
    openUrl(app, 'docket://settings/1')
    openUrl(app, 'docket://agenda/3')
    expect(links).toEqual([
      { target: 'document', id: 5 },
      { target: 'agenda', id: 3 },
    ])
  })
})
