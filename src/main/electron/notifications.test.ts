import { describe, expect, it, vi } from 'vitest'
import type { NotificationConstructorOptions } from 'electron'
import { silentLogger } from '../logging/logger'
import { MAX_NOTIFICATION_BODY, createNotifier, type NotifierDeps } from './notifications'
import type { NotificationKind } from '../../shared/ipc'

/** A fake of Electron's Notification class: records instances, lets the test click them. */
function fakeNotificationClass(supported = true) {
  const created: FakeNotification[] = []
  class FakeNotification {
    static isSupported = () => supported
    listeners = new Map<string, () => void>()
    shown = false
    closed = false
    constructor(readonly options: NotificationConstructorOptions) {
      created.push(this)
    }
    show() {
      this.shown = true
    }
    close() {
      this.closed = true
      this.listeners.get('close')?.()
    }
    on(event: string, listener: () => void) {
      this.listeners.set(event, listener)
      return this
    }
    click() {
      this.listeners.get('click')!()
    }
  }
  return { FakeNotification, created }
}

function setup(options: { off?: NotificationKind[]; supported?: boolean } = {}) {
  const { FakeNotification, created } = fakeNotificationClass(options.supported ?? true)
  const deps = {
    Notification: FakeNotification,
    isEnabled: (kind: NotificationKind) => !options.off?.includes(kind),
    focusMainWindow: vi.fn(),
    openLink: vi.fn(),
    log: silentLogger,
  } satisfies NotifierDeps
  return { notifier: createNotifier(deps), created, deps }
}

describe('desktop notifications', () => {
  it('shows a notice with its title and body', () => {
    const { notifier, created } = setup()
    expect(notifier.notify({ kind: 'repairFinished', title: 'Repaired', body: 'Invoice 2026-114 is back' })).toBe(true)
    expect(created).toHaveLength(1)
    expect(created[0]!.options).toMatchObject({ title: 'Repaired', body: 'Invoice 2026-114 is back' })
    expect(created[0]!.shown).toBe(true)
  })

  it('respects the per-kind preference', () => {
    const { notifier, created } = setup({ off: ['uploadsProcessed'] })
    expect(notifier.notify({ kind: 'uploadsProcessed', title: 'Uploads', body: '3 processed' })).toBe(false)
    expect(notifier.notify({ kind: 'actionsFailed', title: 'Failed', body: '1 action failed' })).toBe(true)
    expect(created.map((n) => n.options.title)).toEqual(['Failed'])
  })

  it('shows nothing where the OS has no notifications', () => {
    const { notifier, created } = setup({ supported: false })
    expect(notifier.notify({ kind: 'signInNeeded', title: 'Sign in', body: 'Sign in again' })).toBe(false)
    expect(created).toHaveLength(0)
  })

  it('on click focuses the main window and opens the target', () => {
    const { notifier, created, deps } = setup()
    notifier.notify({ kind: 'repairFinished', title: 'Repaired', body: 'x', target: { target: 'document', id: 42 } })
    created[0]!.click()
    expect(deps.focusMainWindow).toHaveBeenCalledOnce()
    expect(deps.openLink).toHaveBeenCalledWith({ target: 'document', id: 42 })
  })

  it('on click without a valid target only focuses the window', () => {
    const { notifier, created, deps } = setup()
    notifier.notify({ kind: 'signInNeeded', title: 'Sign in', body: 'x' })
    notifier.notify({ kind: 'repairFinished', title: 'R', body: 'x', target: { target: 'document', id: -1 } })
    created[0]!.click()
    created[1]!.click()
    expect(deps.focusMainWindow).toHaveBeenCalledTimes(2)
    expect(deps.openLink).not.toHaveBeenCalled()
  })

  it('clips long text to one line and closes what is still shown on closeAll', () => {
    const { notifier, created } = setup()
    notifier.notify({ kind: 'actionsFailed', title: 'Failed\n\nnow', body: 'y'.repeat(MAX_NOTIFICATION_BODY * 2) })
    expect(created[0]!.options.title).toBe('Failed now')
    expect(created[0]!.options.body!.length).toBe(MAX_NOTIFICATION_BODY)
    notifier.closeAll()
    expect(created[0]!.closed).toBe(true)
  })
})
