import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import { hardenApp, hardenSession, type HardenedApp } from './appHardening'

function fakeApp(ready = false) {
  const app = Object.assign(new EventEmitter(), { enableSandbox: vi.fn(), isReady: () => ready })
  return app as typeof app & HardenedApp
}

describe('process-wide hardening', () => {
  it('sandboxes every renderer with app.enableSandbox() before ready', () => {
    const app = fakeApp()
    hardenApp(app)
    expect(app.enableSandbox).toHaveBeenCalledTimes(1)
  })

  it('fails at startup when called after ready, where enableSandbox would do nothing', () => {
    const app = fakeApp(true)
    expect(() => hardenApp(app)).toThrow(/before the app is ready/)
    expect(app.enableSandbox).not.toHaveBeenCalled()
  })

  it('makes every webContents created later refuse to attach a <webview>', () => {
    const app = fakeApp()
    hardenApp(app)
    const contents = new EventEmitter()
    app.emit('web-contents-created', {}, contents)
    const event = { preventDefault: vi.fn() }
    contents.emit('will-attach-webview', event, {}, {})
    expect(event.preventDefault).toHaveBeenCalled()
  })

  it('hardens a session: permissions refused, spellchecker off', () => {
    const session = {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      setSpellCheckerEnabled: vi.fn(),
    }
    hardenSession(session)
    expect(session.setSpellCheckerEnabled).toHaveBeenCalledWith(false)
    const answer = vi.fn()
    session.setPermissionRequestHandler.mock.calls[0]![0](null, 'notifications', answer)
    expect(answer).toHaveBeenCalledWith(false)
    expect(session.setPermissionCheckHandler.mock.calls[0]![0]()).toBe(false)
  })
})
