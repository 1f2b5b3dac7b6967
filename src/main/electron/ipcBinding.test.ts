import { describe, expect, it, vi } from 'vitest'
import { bindIpc } from './ipcBinding'
import { EventBus } from '../app/eventBus'
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
    const live = { isDestroyed: () => false, send: vi.fn() }
    const dead = { isDestroyed: () => true, send: vi.fn() }
    const unbind = bindIpc({ ipcMain: ipcMain as never, router, bus, targets: () => [live, dead] as never })

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
    })
    await invoke!({ senderFrame: null }, 'app.info', {})
    expect(router.dispatch).toHaveBeenCalledWith('app.info', {}, { senderUrl: '' })
  })
})
