import { describe, expect, it, vi } from 'vitest'
import { EventEmitter } from 'node:events'
import { createSecureWindow, secureWebPreferences } from './secureWindow'

/** A fake of the parts of BrowserWindow and WebContents the factory touches. */
function fakeElectron() {
  const created: FakeWindow[] = []
  class FakeWebContents extends EventEmitter {
    openHandler: ((details: { url: string }) => { action: string }) | null = null
    permissionHandler: ((wc: unknown, permission: string, cb: (ok: boolean) => void) => void) | null = null
    permissionCheck: (() => boolean) | null = null
    session = {
      setPermissionRequestHandler: (h: FakeWebContents['permissionHandler']) => (this.permissionHandler = h),
      setPermissionCheckHandler: (h: () => boolean) => (this.permissionCheck = h),
    }
    setWindowOpenHandler(h: FakeWebContents['openHandler']) {
      this.openHandler = h
    }
  }
  class FakeWindow extends EventEmitter {
    webContents = new FakeWebContents()
    shown = false
    constructor(readonly options: Record<string, unknown>) {
      super()
      created.push(this)
    }
    show() {
      this.shown = true
    }
  }
  return { FakeWindow, created }
}

function navigate(win: { webContents: EventEmitter }, eventName: string, url: string) {
  const event = { preventDefault: vi.fn() }
  win.webContents.emit(eventName, event, url)
  return event.preventDefault.mock.calls.length > 0
}

/** Emits `will-frame-navigate` as Electron does (one details object); true when it was prevented. */
function frameNavigate(win: { webContents: EventEmitter }, url: string, isMainFrame = true) {
  const details = { url, isMainFrame, isSameDocument: false, frame: null, preventDefault: vi.fn() }
  win.webContents.emit('will-frame-navigate', details)
  return details.preventDefault.mock.calls.length > 0
}

describe('secure window factory', () => {
  const setup = () => {
    const { FakeWindow, created } = fakeElectron()
    const openExternal = vi.fn(async () => {})
    const window = createSecureWindow({
      BrowserWindow: FakeWindow as never,
      openExternal,
      preloadPath: '/app/preload.cjs',
    })
    return { window: window as unknown as InstanceType<typeof FakeWindow>, created, openExternal }
  }

  it('creates the window with context isolation, sandbox, no Node and web security on', () => {
    const { created } = setup()
    expect(created[0]!.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
      preload: '/app/preload.cjs',
    })
  })

  it('does not let callers weaken the web preferences', () => {
    const { FakeWindow, created } = fakeElectron()
    createSecureWindow(
      { BrowserWindow: FakeWindow as never, openExternal: vi.fn(), preloadPath: '/p.cjs' },
      { webPreferences: { sandbox: false, nodeIntegration: true } },
    )
    expect(created[0]!.options.webPreferences).toEqual(secureWebPreferences('/p.cjs'))
  })

  it('allows navigation within the app and blocks everything else', () => {
    const { window, openExternal } = setup()
    expect(frameNavigate(window, 'app://docket/index.html#/inbox')).toBe(false)
    expect(frameNavigate(window, 'https://evil.example/phish')).toBe(true)
    expect(frameNavigate(window, 'file:///etc/passwd')).toBe(true)
    expect(frameNavigate(window, 'app://docket.evil.example/index.html')).toBe(true)
    expect(navigate(window, 'will-redirect', 'https://evil.example/')).toBe(true)
    expect(openExternal).toHaveBeenCalledTimes(1)
    expect(openExternal).toHaveBeenCalledWith('https://evil.example/phish')
  })

  it('blocks a subframe navigating away from the app and opens nothing for it', () => {
    const { window, openExternal } = setup()
    expect(frameNavigate(window, 'app://docket/preview.html', false)).toBe(false)
    expect(frameNavigate(window, 'https://service.example/login', false)).toBe(true)
    expect(frameNavigate(window, 'data:text/html,<script>alert(1)</script>', false)).toBe(true)
    expect(openExternal).not.toHaveBeenCalled()
  })

  it('still blocks a main-frame navigation reported by will-navigate alone, without opening it twice', () => {
    const { window, openExternal } = setup()
    expect(navigate(window, 'will-navigate', 'app://docket/index.html')).toBe(false)
    expect(navigate(window, 'will-navigate', 'https://evil.example/phish')).toBe(true)
    expect(openExternal).not.toHaveBeenCalled()
  })

  it('turns the spellchecker off, so no dictionary is downloaded', () => {
    const { created } = setup()
    expect(created[0]!.options.webPreferences).toMatchObject({ spellcheck: false })
  })

  it('denies every window.open; an https link goes to the system browser, others nowhere', () => {
    const { window, openExternal } = setup()
    const handler = window.webContents.openHandler!
    expect(handler({ url: 'https://docs.example/help' })).toEqual({ action: 'deny' })
    expect(handler({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' })
    expect(handler({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(handler({ url: 'https://user:pw@example.com/' })).toEqual({ action: 'deny' })
    expect(openExternal.mock.calls).toEqual([['https://docs.example/help']])
  })

  it('denies every permission request and check', () => {
    const { window } = setup()
    const callback = vi.fn()
    window.webContents.permissionHandler!(null, 'media', callback)
    expect(callback).toHaveBeenCalledWith(false)
    expect(window.webContents.permissionCheck!()).toBe(false)
  })

  it('refuses to attach a <webview> and shows the window when ready', () => {
    const { window } = setup()
    expect(navigate(window, 'will-attach-webview', '')).toBe(true)
    window.emit('ready-to-show')
    expect(window.shown).toBe(true)
  })

  it('allows the loopback dev server in development only', () => {
    const { FakeWindow } = fakeElectron()
    const win = createSecureWindow({
      BrowserWindow: FakeWindow as never,
      openExternal: vi.fn(async () => {}),
      preloadPath: '/p.cjs',
      devServerUrl: 'http://localhost:5173',
    }) as unknown as InstanceType<typeof FakeWindow>
    expect(frameNavigate(win, 'http://localhost:5173/index.html')).toBe(false)
    expect(frameNavigate(win, 'http://localhost:5174/')).toBe(true)
  })
})
