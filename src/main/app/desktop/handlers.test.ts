import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import type { UpdateState } from '../../../shared/ipc'
import { routerCall } from '../testing/routerCall'
import { createDesktopHandlers, type DesktopHandlerDeps, type DiagnosticsFacts } from './handlers'
import { DesktopPreferencesStore } from './preferences'

const facts: DiagnosticsFacts = {
  appName: 'Docket',
  appVersion: '1.4.0',
  os: { platform: 'linux', release: '6.1.0', arch: 'x64' },
  mode: 'account',
  serviceUrl: 'https://user:demo-password-1@api.example.test/v1?access_token=abc#frag',
  sync: { online: true, syncing: false, paused: false, lastSyncAt: '2026-11-24T10:00:00.000Z', lastError: null },
  outbox: { pending: 2, failed: 1 },
}

async function setup(overrides: Partial<DesktopHandlerDeps> = {}) {
  const logsDir = await mkdtemp(join(tmpdir(), 'docket-desktop-'))
  onTestFinished(() => rm(logsDir, { recursive: true, force: true }))
  const data: Record<string, unknown> = {}
  const preferences = new DesktopPreferencesStore({ get: (k) => data[k], set: (k, v) => void (data[k] = v) })
  let state: UpdateState = { status: 'idle', lastCheckAt: null }
  const updater = {
    state: () => state,
    checkNow: vi.fn(async () => (state = { status: 'downloaded', version: '1.5.0', releaseNotes: 'Faster sync.' })),
    restartToUpdate: vi.fn(() => state.status === 'downloaded'),
    setChecksEnabled: vi.fn((enabled: boolean) => preferences.updateSettings().setChecksEnabled(enabled)),
  }
  const clipboard = { writeText: vi.fn() }
  const logs = { dir: logsDir, open: vi.fn(async () => {}) }
  const applyCacheCap = vi.fn(async (_capBytes: number) => {})
  const preferencesChanged = vi.fn()
  const handlers = createDesktopHandlers({
    applyCacheCap,
    preferencesChanged,
    clipboard,
    updater,
    preferences,
    logs,
    diagnostics: async () => facts,
    now: () => new Date('2026-11-24T12:00:00.000Z'),
    ...overrides,
  })
  return {
    call: routerCall(handlers),
    clipboard,
    updater,
    logs,
    logsDir,
    preferences,
    applyCacheCap,
    preferencesChanged,
  }
}

describe('desktop channels', () => {
  it('copies diagnostics with version, OS, the service URL without credentials and the recent log, redacted', async () => {
    const { call, clipboard, logsDir } = await setup()
    await writeFile(
      join(logsDir, 'docket-2026-11-24.log'),
      [
        '[2026-11-24T11:59:00.000Z] [info]  Sync finished: 3 documents',
        '[2026-11-24T11:59:01.000Z] [warn]  Retrying with Authorization: Bearer abc.def.ghi',
        '[2026-11-24T11:59:02.000Z] [info]  body {"refresh_token":"r-123","password":"demo-password-1"}',
      ].join('\n'),
    )
    const { text } = (await call('app.diagnostics', {})) as { text: string }
    expect(text).toContain('Version: 1.4.0')
    expect(text).toContain('OS: linux 6.1.0 x64')
    expect(text).toContain('Service: https://api.example.test/v1')
    expect(text).toContain('Outbox: 2 pending, 1 failed')
    expect(text).toContain('Sync finished: 3 documents')
    for (const secret of ['demo-password-1', 'abc.def.ghi', 'r-123', 'access_token=abc'])
      expect(text).not.toContain(secret)
    expect(clipboard.writeText).toHaveBeenCalledWith(text)
  })

  it('copies a document link in its one canonical form and refuses anything else', async () => {
    const { call, clipboard } = await setup()
    expect(await call('app.copyLink', { target: 'document', id: 42 })).toEqual({ text: 'docket://document/42' })
    expect(clipboard.writeText).toHaveBeenCalledWith('docket://document/42')
    await expect(call('app.copyLink', { target: 'document', id: -1 })).rejects.toMatchObject({ code: 'validation' })
    await expect(call('app.copyLink', { target: 'file', id: 1 })).rejects.toMatchObject({ code: 'validation' })
  })

  it('opens the logs folder and turns a failure into open_failed', async () => {
    const { call, logs } = await setup()
    expect(await call('app.openLogsFolder', {})).toEqual({ ok: true })
    expect(logs.open).toHaveBeenCalledOnce()
    logs.open.mockRejectedValueOnce(new Error('no file manager'))
    await expect(call('app.openLogsFolder', {})).rejects.toMatchObject({ code: 'open_failed' })
  })

  it('checks for updates on demand and restarts only with a downloaded update', async () => {
    const { call } = await setup()
    expect(await call('app.restartToUpdate', {})).toEqual({ restarting: false })
    expect(await call('app.checkForUpdates', {})).toMatchObject({ status: 'downloaded', version: '1.5.0' })
    expect(await call('app.updateState', {})).toMatchObject({ status: 'downloaded' })
    expect(await call('app.restartToUpdate', {})).toEqual({ restarting: true })
  })

  it('changes preferences kind by kind and tells the updater when checks are turned off', async () => {
    const { call, updater } = await setup()
    const after = await call('app.setPreferences', { updateChecks: false, notifications: { actionsFailed: false } })
    expect(after).toMatchObject({
      updateChecks: false,
      notifications: { repairFinished: true, uploadsProcessed: true, actionsFailed: false, signInNeeded: true },
    })
    expect(updater.setChecksEnabled).toHaveBeenCalledWith(false)
    expect(await call('app.preferences', {})).toEqual(after)
    await expect(call('app.setPreferences', { notifications: { toasts: false } })).rejects.toMatchObject({
      code: 'validation',
    })
  })

  it('changes theme, language, formats and sign-in method, tells the windows, and answers them all', async () => {
    const { call, preferencesChanged, applyCacheCap } = await setup()
    const after = await call('app.setPreferences', {
      theme: 'dark',
      language: 'cs',
      dateFormat: 'dmy',
      numberFormat: 'comma',
      signInMethod: 'browser',
      openNextAfterAction: false,
    })
    expect(after).toMatchObject({
      theme: 'dark',
      language: 'cs',
      dateFormat: 'dmy',
      numberFormat: 'comma',
      signInMethod: 'browser',
      openNextAfterAction: false,
      cacheCapMb: 500,
    })
    expect(preferencesChanged).toHaveBeenCalledWith(after)
    expect(applyCacheCap).not.toHaveBeenCalled()
    expect(await call('app.preferences', {})).toEqual(after)
  })

  it('applies a changed cache cap to the open cache in bytes, and only when it changed', async () => {
    const { call, applyCacheCap } = await setup()
    await call('app.setPreferences', { cacheCapMb: 250 })
    expect(applyCacheCap).toHaveBeenCalledWith(250 * 1024 * 1024)
    await call('app.setPreferences', { cacheCapMb: 250 })
    expect(applyCacheCap).toHaveBeenCalledOnce()
  })

  it('refuses values outside the choices, leaving the stored preferences as they were', async () => {
    const { call, preferencesChanged } = await setup()
    for (const patch of [
      { theme: 'purple' },
      { language: 'de' },
      { dateFormat: 'yyyy-mm' },
      { numberFormat: 'space' },
      { cacheCapMb: 10 },
      { cacheCapMb: 500.5 },
      { signInMethod: 'sms' },
      { openNext: true },
    ])
      await expect(call('app.setPreferences', patch)).rejects.toMatchObject({ code: 'validation' })
    expect(preferencesChanged).not.toHaveBeenCalled()
    expect(await call('app.preferences', {})).toMatchObject({ theme: 'system', language: 'system', cacheCapMb: 500 })
  })
})
