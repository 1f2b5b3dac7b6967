import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import { bindIpc } from './ipcBinding'
import { EventBus } from '../app/eventBus'
import { isAppUrl } from './appUrl'
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../../shared/ipc/transportNames'
import type { Router } from '../app/router'

describe('ipcMain binding', () => {
  it('routes calls with the sender frame URL and forwards events to live windows only', async () => {
    const handlers = new Map<string, (...args: unknown[]) => unknown>()
    const ipcMain = {
      handle: vi.fn((name: string, fn: (...args: unknown[]) => unknown) => handlers.set(name, fn)),
      removeHandler: vi.fn((name: string) => handlers.delete(name)),
    }
    const router: Router = { dispatch: vi.fn(async () => ({ ok: true as const, value: 1 })) }
    const bus = new EventBus()
    const live = { isDestroyed: () => false, getURL: () => 'app://docket/index.html', send: vi.fn() }
    const dead = { isDestroyed: () => true, getURL: () => 'app://docket/index.html', send: vi.fn() }
    const unbind = bindIpc({ ipcMain: ipcMain as never, router, bus, targets: () => [live, dead], isAppPage: isAppUrl })

    const answer = await handlers.get(IPC_INVOKE_CHANNEL)!(
      { senderFrame: { url: 'app://docket/index.html' } },
      'app.info',
      {},
    )
    expect(answer).toEqual({ ok: true, value: 1 })
    expect(router.dispatch).toHaveBeenCalledWith('app.info', {}, { senderUrl: 'app://docket/index.html' })

    bus.emit('app.notice', { level: 'info', code: 'hello', message: 'Hi' })
    expect(live.send).toHaveBeenCalledWith(IPC_EVENT_CHANNEL, 'app.notice', {
      level: 'info',
      code: 'hello',
      message: 'Hi',
    })
    expect(dead.send).not.toHaveBeenCalled()

    unbind()
    expect(handlers.has(IPC_INVOKE_CHANNEL)).toBe(false)
    bus.emit('app.notice', { level: 'info', code: 'again', message: 'Hi' })
    expect(live.send).toHaveBeenCalledTimes(1)
  })

  it('gives a call without a sender frame an empty sender URL (refused by the router)', async () => {
    let invoke: ((...args: unknown[]) => unknown) | undefined
    const router: Router = { dispatch: vi.fn(async () => ({ ok: true as const, value: null })) }
    bindIpc({
      ipcMain: {
        handle: (_n: string, fn: (...args: unknown[]) => unknown) => (invoke = fn),
        removeHandler: vi.fn(),
      } as never,
      router,
      bus: new EventBus(),
      targets: () => [],
      isAppPage: isAppUrl,
    })
    await invoke!({ senderFrame: null }, 'app.info', {})
    expect(router.dispatch).toHaveBeenCalledWith('app.info', {}, { senderUrl: '' })
  })

  it('sends events only to windows showing the app, never to a login window on the service’s page', () => {
    const bus = new EventBus()
    const window = (url: string) => ({ isDestroyed: () => false, getURL: vi.fn(() => url), send: vi.fn() })
    const app = window('app://docket/index.html#/inbox')
    const login = window('https://service.example/oauth/authorize?client_id=docket')
    const navigatedAway = window('https://evil.example/app://docket/')
    const lookalike = window('app://docket.evil.example/index.html')
    const blank = window('')
    bindIpc({
      ipcMain: { handle: vi.fn(), removeHandler: vi.fn() } as never,
      router: { dispatch: vi.fn() },
      bus,
      targets: () => [login, app, navigatedAway, lookalike, blank],
      isAppPage: (url) => isAppUrl(url),
    })
    bus.emit('app.notice', { level: 'info', code: 'synced', message: 'Synced' })
    expect(app.send).toHaveBeenCalledTimes(1)
    for (const other of [login, navigatedAway, lookalike, blank]) expect(other.send).not.toHaveBeenCalled()

    // The check is made at each event: a window that navigated to the service's page stops hearing.
    app.getURL.mockReturnValue('https://service.example/login')
    bus.emit('app.notice', { level: 'info', code: 'again', message: 'Again' })
    expect(app.send).toHaveBeenCalledTimes(1)
  })

  it('names the webContents of each call, and says when it is gone or shows a new page', async () => {
    let invoke: ((...args: unknown[]) => unknown) | undefined
    const ipcMain = {
      handle: (_n: string, fn: (...args: unknown[]) => unknown) => (invoke = fn),
      removeHandler: vi.fn(),
    }
    const router: Router = { dispatch: vi.fn(async () => ({ ok: true as const, value: null })) }
    const gone: string[] = []
    const unbind = bindIpc({
      ipcMain: ipcMain as never,
      router,
      bus: new EventBus(),
      targets: () => [],
      isAppPage: isAppUrl,
      onSenderGone: (sender) => gone.push(sender),
    })
    // A stand-in webContents: Electron's is an EventEmitter with an id.
    const contents = (id: number) => Object.assign(new EventEmitter(), { id })
    const window = contents(3)
    const other = contents(4)
    const frame = { url: 'app://docket/index.html' }
    await invoke!({ senderFrame: frame, sender: window }, 'documents.watch', {})
    await invoke!({ senderFrame: frame, sender: window }, 'documents.watch', {})
    await invoke!({ senderFrame: frame, sender: other }, 'documents.watch', {})
    expect(router.dispatch).toHaveBeenCalledWith(
      'documents.watch',
      {},
      { senderUrl: frame.url, sender: 'webContents:3' },
    )
    // Followed once, however often it calls.
    expect(window.listenerCount('did-navigate')).toBe(1)

    // A reload or a navigation: the old page is gone, the window stays followed.
    window.emit('did-navigate')
    expect(gone).toEqual(['webContents:3'])
    window.emit('render-process-gone')
    expect(gone).toEqual(['webContents:3', 'webContents:3'])
    // Closed: told once more, and no longer followed.
    window.emit('destroyed')
    expect(gone).toEqual(['webContents:3', 'webContents:3', 'webContents:3'])
    for (const event of ['did-navigate', 'render-process-gone', 'destroyed'])
      expect(window.listenerCount(event)).toBe(0)
    expect(other.listenerCount('destroyed')).toBe(1)

    // Unbound: nothing is followed any more.
    unbind()
    expect(other.listenerCount('destroyed')).toBe(0)
    other.emit('destroyed')
    expect(gone).toHaveLength(3)
  })
})
