import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import { createLoginWindowOpener, type LoginWindowDeps } from './loginWindow'

/** Fakes of BrowserWindow, WebContents and Session: only what the adapter touches. */
function fakeElectron() {
  const windows: FakeWindow[] = []
  const sessions: { partition: string; options: unknown; session: FakeSession }[] = []

  class FakeSession {
    beforeRequest: ((details: { url: string }, callback: (response: { cancel?: boolean }) => void) => void) | null =
      null
    cleared = false
    permission: ((wc: unknown, p: string, cb: (ok: boolean) => void) => void) | null = null
    webRequest = {
      onBeforeRequest: (listener: FakeSession['beforeRequest']) => {
        this.beforeRequest = listener
      },
    }
    setPermissionRequestHandler(h: FakeSession['permission']) {
      this.permission = h
    }
    setPermissionCheckHandler() {}
    spellChecker: boolean | null = null
    setSpellCheckerEnabled(enabled: boolean) {
      this.spellChecker = enabled
    }
    async clearStorageData() {
      this.cleared = true
    }
  }
  class FakeWebContents extends EventEmitter {
    openHandler: (() => { action: string }) | null = null
    setWindowOpenHandler(h: () => { action: string }) {
      this.openHandler = h
    }
  }
  class FakeWindow extends EventEmitter {
    webContents = new FakeWebContents()
    destroyed = false
    loaded: string | null = null
    constructor(readonly options: { webPreferences: Record<string, unknown> } & Record<string, unknown>) {
      super()
      windows.push(this)
    }
    loadURL(url: string) {
      this.loaded = url
      return Promise.resolve()
    }
    isDestroyed() {
      return this.destroyed
    }
    destroy() {
      this.destroyed = true
      this.emit('closed')
    }
  }
  const deps = {
    BrowserWindow: FakeWindow as unknown as LoginWindowDeps['BrowserWindow'],
    fromPartition: ((partition: string, options: unknown) => {
      const session = new FakeSession()
      sessions.push({ partition, options, session })
      return session
    }) as unknown as LoginWindowDeps['fromPartition'],
  }
  return { deps, windows, sessions }
}

const AUTHORIZE = 'https://svc.example/oauth/authorize?client_id=docket&state=s1'
const REDIRECT = 'http://127.0.0.1:53682/oauth/callback'

function navigate(win: { webContents: EventEmitter }, name: string, url: string): boolean {
  const event = { preventDefault: vi.fn() }
  win.webContents.emit(name, event, url)
  return event.preventDefault.mock.calls.length > 0
}

describe('login window adapter', () => {
  it('opens the page on an ephemeral partition, no preload, sandboxed and isolated', async () => {
    const { deps, windows, sessions } = fakeElectron()
    const open = createLoginWindowOpener(deps)
    const pending = open(AUTHORIZE, REDIRECT)
    const [win] = windows
    expect(win!.loaded).toBe(AUTHORIZE)
    const prefs = win!.options.webPreferences
    expect(prefs).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true })
    expect(prefs.preload).toBeUndefined()
    expect(sessions[0]!.partition).not.toMatch(/^persist:/)
    expect(prefs.session).toBe(sessions[0]!.session)
    expect(win!.webContents.openHandler!()).toEqual({ action: 'deny' })
    win!.destroy()
    await pending
  })
  it('each sign-in gets its own partition', async () => {
    const { deps, windows, sessions } = fakeElectron()
    const open = createLoginWindowOpener(deps)
    const a = open(AUTHORIZE, REDIRECT)
    const b = open(AUTHORIZE, REDIRECT)
    expect(sessions[0]!.partition).not.toBe(sessions[1]!.partition)
    windows.forEach((w) => w.destroy())
    await Promise.all([a, b])
  })
  it('intercepts the redirect (will-redirect) and cancels it, resolving with the redirect URL', async () => {
    const { deps, windows, sessions } = fakeElectron()
    const pending = createLoginWindowOpener(deps)(AUTHORIZE, REDIRECT)
    const win = windows[0]!
    expect(navigate(win, 'will-navigate', 'https://svc.example/oauth/authorize/decision')).toBe(false)
    expect(navigate(win, 'will-redirect', `${REDIRECT}?code=c1&state=s1`)).toBe(true)
    await expect(pending).resolves.toBe(`${REDIRECT}?code=c1&state=s1`)
    await new Promise((r) => setTimeout(r, 5))
    expect(win.destroyed).toBe(true)
    expect(sessions[0]!.session.cleared).toBe(true)
  })
  it('a request to the redirect URI that reaches the session is cancelled before it leaves', async () => {
    const { deps, sessions } = fakeElectron()
    const pending = createLoginWindowOpener(deps)(AUTHORIZE, REDIRECT)
    const responses: unknown[] = []
    sessions[0]!.session.beforeRequest!({ url: 'https://svc.example/style.css' }, (r) => responses.push(r))
    sessions[0]!.session.beforeRequest!({ url: `${REDIRECT}?error=access_denied&state=s1` }, (r) => responses.push(r))
    expect(responses).toEqual([{}, { cancel: true }])
    await expect(pending).resolves.toBe(`${REDIRECT}?error=access_denied&state=s1`)
  })
  it('closing the window resolves null (cancelled)', async () => {
    const { deps, windows } = fakeElectron()
    const pending = createLoginWindowOpener(deps)(AUTHORIZE, REDIRECT)
    windows[0]!.emit('closed')
    await expect(pending).resolves.toBeNull()
  })
  it('blocks navigation to non-https pages and refuses a non-https authorize URL', async () => {
    const { deps, windows } = fakeElectron()
    const open = createLoginWindowOpener(deps)
    const pending = open(AUTHORIZE, REDIRECT)
    expect(navigate(windows[0]!, 'will-navigate', 'http://evil.example/phish')).toBe(true)
    expect(navigate(windows[0]!, 'will-navigate', 'file:///etc/passwd')).toBe(true)
    windows[0]!.destroy()
    await pending
    await expect(open('http://svc.example/oauth/authorize', REDIRECT)).rejects.toMatchObject({ code: 'invalid_url' })
  })
  it('permission requests are refused and the spellchecker is off (no dictionary download)', async () => {
    const { deps, windows, sessions } = fakeElectron()
    const pending = createLoginWindowOpener(deps)(AUTHORIZE, REDIRECT)
    const answers: boolean[] = []
    sessions[0]!.session.permission!(null, 'media', (ok) => answers.push(ok))
    expect(answers).toEqual([false])
    expect(sessions[0]!.session.spellChecker).toBe(false)
    expect(windows[0]!.options.webPreferences).toMatchObject({ spellcheck: false })
    windows[0]!.destroy()
    await pending
  })
  it('every frame may navigate to https pages only, and a frame reaching the redirect URI ends the sign-in', async () => {
    const { deps, windows } = fakeElectron()
    const pending = createLoginWindowOpener(deps)(AUTHORIZE, REDIRECT)
    const frameNavigate = (url: string, isMainFrame: boolean) => {
      const details = { url, isMainFrame, preventDefault: vi.fn() }
      windows[0]!.webContents.emit('will-frame-navigate', details)
      return details.preventDefault.mock.calls.length > 0
    }
    expect(frameNavigate('https://captcha.example/frame', false)).toBe(false)
    expect(frameNavigate('http://evil.example/frame', false)).toBe(true)
    expect(frameNavigate('javascript:alert(1)', false)).toBe(true)
    expect(frameNavigate(`${REDIRECT}?code=c2&state=s1`, true)).toBe(true)
    await expect(pending).resolves.toBe(`${REDIRECT}?code=c2&state=s1`)
  })
})
