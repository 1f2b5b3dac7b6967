import { describe, expect, it, vi } from 'vitest'
import { silentLogger } from '../logging/logger'
import {
  UPDATE_CHECK_INTERVAL_MS,
  createUpdater,
  type UpdateCheck,
  type UpdaterEngine,
  type UpdateState,
} from './updater'

/** A fake autoUpdater: each check answers the next queued result. */
function fakeEngine(results: (UpdateCheck | null | Error)[] = []) {
  const engine = {
    autoDownload: true,
    autoInstallOnAppQuit: false,
    allowDowngrade: true,
    allowPrerelease: true,
    disableWebInstaller: false,
    logger: null,
    verifyUpdateCodeSignature: 'the signature check electron-updater ships',
    setFeedURL: vi.fn(),
    checkForUpdates: vi.fn(async () => {
      const next = results.length > 1 ? results.shift()! : results[0]
      if (next instanceof Error) throw next
      return next ?? null
    }),
    downloadUpdate: vi.fn(async () => ['/cache/Docket-0.2.0.exe']),
    quitAndInstall: vi.fn(),
  } satisfies UpdaterEngine & { verifyUpdateCodeSignature: string }
  return engine
}

/** A fake timer: records the one pending callback and its delay. */
function fakeTimers() {
  const pending = new Map<number, { callback: () => void; ms: number }>()
  let next = 0
  return {
    pending,
    setTimeout: (callback: () => void, ms: number) => (pending.set(++next, { callback, ms }), next),
    clearTimeout: (handle: unknown) => void pending.delete(handle as number),
    fire() {
      const [handle, entry] = [...pending.entries()][0]!
      pending.delete(handle)
      entry.callback()
    },
  }
}

function fakeSettings(enabled = true) {
  return {
    value: enabled,
    checksEnabled() {
      return this.value
    },
    setChecksEnabled(on: boolean) {
      this.value = on
    },
  }
}

const available = (version = '0.2.0', files = [{ url: `Docket-Setup-${version}.exe` }]): UpdateCheck => ({
  isUpdateAvailable: true,
  updateInfo: { version, files, releaseNotes: '<p>Faster sync.</p><ul><li>Copy link</li></ul>' },
})
const none: UpdateCheck = { isUpdateAvailable: false, updateInfo: { version: '0.1.0', files: [] } }
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function setup(results: (UpdateCheck | null | Error)[], options: { enabled?: boolean } = {}) {
  const engine = fakeEngine(results)
  const timers = fakeTimers()
  const settings = fakeSettings(options.enabled ?? true)
  const states: UpdateState[] = []
  const updater = createUpdater({
    engine,
    feedUrl: 'https://updates.example/docket/',
    settings,
    timers,
    now: () => new Date('2026-11-03T09:00:00Z'),
    log: silentLogger,
    onStateChange: (state) => states.push(state),
  })
  return { engine, timers, settings, states, updater }
}

describe('updater: feed and engine settings', () => {
  it('refuses an http feed, and a loopback one unless the test flag is set', () => {
    const base = { engine: fakeEngine(), settings: fakeSettings(), log: silentLogger }
    expect(() => createUpdater({ ...base, feedUrl: 'http://updates.example/' })).toThrow(
      expect.objectContaining({ code: 'insecure_feed' }),
    )
    expect(() => createUpdater({ ...base, feedUrl: 'http://127.0.0.1:8080/' })).toThrow(
      expect.objectContaining({ code: 'insecure_feed' }),
    )
    expect(() =>
      createUpdater({ ...base, feedUrl: 'http://updates.example/', allowLoopbackFeedForTests: true }),
    ).toThrow(expect.objectContaining({ code: 'insecure_feed' }))
    expect(() => createUpdater({ ...base, feedUrl: 'https://u:p@updates.example/' })).toThrow(
      expect.objectContaining({ code: 'insecure_feed' }),
    )
    expect(base.engine.setFeedURL).not.toHaveBeenCalled()
    createUpdater({ ...base, feedUrl: 'http://127.0.0.1:8080/feed', allowLoopbackFeedForTests: true })
    expect(base.engine.setFeedURL).toHaveBeenCalledWith({ provider: 'generic', url: 'http://127.0.0.1:8080/feed/' })
  })

  it('downloads itself, installs on quit, refuses downgrades and web installers, keeps the signature check', () => {
    const { engine } = setup([])
    expect(engine).toMatchObject({
      autoDownload: false,
      autoInstallOnAppQuit: true,
      allowDowngrade: false,
      allowPrerelease: false,
      disableWebInstaller: true,
      verifyUpdateCodeSignature: 'the signature check electron-updater ships',
    })
    expect(engine.setFeedURL).toHaveBeenCalledWith({ provider: 'generic', url: 'https://updates.example/docket/' })
  })
})

describe('updater: checks', () => {
  it('checks at start, downloads a newer version and reports its plain-text release notes', async () => {
    const { engine, states, updater } = setup([available()])
    updater.start()
    await settle()
    expect(engine.checkForUpdates).toHaveBeenCalledTimes(1)
    expect(engine.downloadUpdate).toHaveBeenCalledTimes(1)
    expect(states.map((s) => s.status)).toEqual(['checking', 'available', 'downloaded'])
    expect(updater.state()).toEqual({
      status: 'downloaded',
      version: '0.2.0',
      releaseNotes: 'Faster sync.\n- Copy link',
    })
  })

  it('checks again every 6 hours with one timer', async () => {
    const { engine, timers, updater } = setup([none])
    updater.start()
    await settle()
    expect([...timers.pending.values()].map((t) => t.ms)).toEqual([UPDATE_CHECK_INTERVAL_MS])
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(6 * 60 * 60 * 1000)
    timers.fire()
    await settle()
    expect(engine.checkForUpdates).toHaveBeenCalledTimes(2)
    expect(timers.pending.size).toBe(1)
    expect(updater.state()).toEqual({ status: 'idle', lastCheckAt: '2026-11-03T09:00:00.000Z' })
  })

  it('turning checks off stops the timer; turning them on checks and restarts it', async () => {
    const { engine, timers, settings, updater } = setup([none])
    updater.start()
    await settle()
    updater.setChecksEnabled(false)
    expect(settings.value).toBe(false)
    expect(timers.pending.size).toBe(0)
    updater.setChecksEnabled(true)
    await settle()
    expect(engine.checkForUpdates).toHaveBeenCalledTimes(2)
    expect(timers.pending.size).toBe(1)
  })

  it('does not check at start when checks are off, but still on request', async () => {
    const { engine, timers, updater } = setup([none], { enabled: false })
    updater.start()
    await settle()
    expect(engine.checkForUpdates).not.toHaveBeenCalled()
    expect(timers.pending.size).toBe(0)
    await updater.checkNow()
    expect(engine.checkForUpdates).toHaveBeenCalledTimes(1)
    expect(timers.pending.size).toBe(0)
  })

  it('stop() clears the timer', async () => {
    const { timers, updater } = setup([none])
    updater.start()
    await settle()
    updater.stop()
    expect(timers.pending.size).toBe(0)
  })

  it('refuses to download a file the feed lists at an http address', async () => {
    const { engine, updater } = setup([available('0.2.0', [{ url: 'http://mirror.example/Docket-Setup-0.2.0.exe' }])])
    const state = await updater.checkNow()
    expect(state).toMatchObject({ status: 'error', code: 'insecure_url' })
    expect(engine.downloadUpdate).not.toHaveBeenCalled()
  })

  it('reports a checksum mismatch or a bad signature as such, and other failures generically', async () => {
    const checksum = Object.assign(new Error('sha512 checksum mismatch, expected x, got y'), {
      code: 'ERR_CHECKSUM_MISMATCH',
    })
    const signature = Object.assign(new Error('not signed'), { code: 'ERR_UPDATER_INVALID_SIGNATURE' })
    for (const [error, code] of [
      [checksum, 'checksum_mismatch'],
      [signature, 'signature_invalid'],
      [new Error('getaddrinfo ENOTFOUND'), 'update_failed'],
    ] as const) {
      const { engine, updater } = setup([available()])
      engine.downloadUpdate.mockRejectedValueOnce(error)
      expect(await updater.checkNow()).toMatchObject({ status: 'error', code })
    }
  })

  it('runs one check at a time', async () => {
    const { engine, updater } = setup([none])
    await Promise.all([updater.checkNow(), updater.checkNow()])
    expect(engine.checkForUpdates).toHaveBeenCalledTimes(1)
  })

  it('stays idle in an unpackaged app, where electron-updater answers null', async () => {
    const { engine, updater } = setup([null])
    expect(await updater.checkNow()).toEqual({ status: 'idle', lastCheckAt: '2026-11-03T09:00:00.000Z' })
    expect(engine.downloadUpdate).not.toHaveBeenCalled()
  })
})

describe('updater: restart to update', () => {
  it('calls quitAndInstall once an update is downloaded, and not before', async () => {
    const { engine, updater } = setup([available()])
    expect(updater.restartToUpdate()).toBe(false)
    expect(engine.quitAndInstall).not.toHaveBeenCalled()
    await updater.checkNow()
    expect(updater.restartToUpdate()).toBe(true)
    expect(engine.quitAndInstall).toHaveBeenCalledWith(false, true)
  })
})
