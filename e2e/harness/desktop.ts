import { randomUUID } from 'node:crypto'
import { arch, platform, release } from 'node:os'
import { join } from 'node:path'
import ElectronStore from 'electron-store'
import electronLog from 'electron-log/node'
import type { FastifyInstance } from 'fastify'
import type { DeepLink } from '../../src/shared/deepLinks'
import type { UpdateState } from '../../src/shared/ipc'
import type { AppServices } from '../../src/main/app'
import { createDesktop, type Desktop, type DesktopNotice } from '../../src/main/app/desktop'
import { DesktopPreferencesStore } from '../../src/main/app/desktop/preferences'
import { createFileLogger, type FileLogger } from '../../src/main/logging/logFile'

/**
 * The desktop integration in the browser harness, with the same `createDesktop` as Electron
 * main and harness stand-ins for what only a desktop has:
 * - clipboard: the text goes to the page as `harness.clipboard`, and the bridge writes it
 *   with `navigator.clipboard.writeText` (the page's own clipboard);
 * - notifications: recorded (`GET /__harness/notifications`) and sent to the page as
 *   `harness.notification`, which shows them with the browser's Notification API when allowed;
 *   a click (the browser's, or `POST /__harness/notifications/:id/click` from a test) opens the
 *   target as a click on a native one does;
 * - updates: no feed is checked; `POST /__harness/update` makes an update "downloaded" so the
 *   banner can be seen and tried; *Restart to update* answers false;
 * - logs: a real daily log file under `<userData>/logs`, so diagnostics show real lines;
 *   the "folder" is named in a toast, as a browser cannot open one.
 */

/** A notification the harness showed. */
export interface RecordedNotification extends DesktopNotice {
  id: string
  clicked: boolean
}

export interface HarnessDesktop {
  desktop: Desktop
  notifications: RecordedNotification[]
  /** Adds the harness endpoints; `isPageOrigin` tells a call from the harness's own page. */
  register(server: FastifyInstance, isPageOrigin: (origin: unknown) => boolean): void
}

/** The harness's daily log file under `<userDataDir>/logs`, redacted as the app's is. */
export function createHarnessLogFile(userDataDir: string): FileLogger {
  return createFileLogger({
    logsDir: join(userDataDir, 'logs'),
    // an instance of its own: several harnesses may run in one test process
    instance: electronLog.create({ logId: `docket-harness-${randomUUID()}` }),
  })
}

/** Creates the harness's desktop integration; call `desktop.start()` once the services started. */
export function createHarnessDesktop(options: {
  services: AppServices
  userDataDir: string
  logFile: FileLogger
  send: (event: string, payload: unknown) => void
  log: (line: string) => void
}): HarnessDesktop {
  const { services, send, logFile: fileLogger } = options
  const preferences = new DesktopPreferencesStore(
    new ElectronStore<Record<string, unknown>>({ cwd: options.userDataDir, name: 'desktop' }),
  )
  const notifications: RecordedNotification[] = []
  let updateState: UpdateState = { status: 'idle', lastCheckAt: null }
  const setUpdateState = (state: UpdateState): UpdateState => {
    updateState = state
    desktop.updateStateChanged(state)
    return state
  }

  const desktop: Desktop = createDesktop(services, {
    clipboard: { writeText: (text) => send('harness.clipboard', { text }) },
    updater: {
      state: () => updateState,
      checkNow: async () =>
        updateState.status === 'downloaded'
          ? updateState
          : setUpdateState({ status: 'idle', lastCheckAt: new Date().toISOString() }),
      restartToUpdate: () => false,
      setChecksEnabled: (enabled) => preferences.updateSettings().setChecksEnabled(enabled),
    },
    preferences,
    logs: {
      dir: fileLogger.logsDir,
      open: async () =>
        services.bus.emit('app.notice', {
          level: 'info',
          code: 'logs_folder',
          message: `The browser cannot open folders: the logs are in ${fileLogger.logsDir}`,
        }),
    },
    notify: (notice) => {
      const recorded = { ...notice, id: randomUUID(), clicked: false }
      notifications.push(recorded)
      send('harness.notification', { id: recorded.id, title: notice.title, body: notice.body })
    },
    runtime: { os: { platform: platform(), release: release(), arch: arch() } },
    language: 'en',
    log: options.log,
  })

  return {
    desktop,
    notifications,
    register(server, isPageOrigin) {
      server.get('/__harness/notifications', async () => ({ notifications }))
      server.post<{ Params: { id: string } }>('/__harness/notifications/:id/click', async (request, reply) => {
        if (!isPageOrigin(request.headers.origin)) return reply.code(403).send({ code: 'forbidden_sender' })
        const found = notifications.find((n) => n.id === request.params.id)
        if (!found) return reply.code(404).send({ code: 'not_found' })
        found.clicked = true
        if (found.target) desktop.openLink(found.target satisfies DeepLink)
        return { ok: true }
      })
      server.post<{ Body: { version?: unknown; releaseNotes?: unknown } }>(
        '/__harness/update',
        async (request, reply) => {
          if (!isPageOrigin(request.headers.origin)) return reply.code(403).send({ code: 'forbidden_sender' })
          const { version, releaseNotes } = request.body ?? {}
          if (typeof version !== 'string') return reply.code(400).send({ code: 'validation' })
          return setUpdateState({
            status: 'downloaded',
            version,
            releaseNotes: typeof releaseNotes === 'string' ? releaseNotes : null,
          })
        },
      )
    },
  }
}
