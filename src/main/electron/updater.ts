import type { UpdateErrorCode, UpdateState } from '../../shared/ipc'
import type { Logger } from '../logging/logger'
import {
  checkUpdateFeedUrl,
  checkUpdateFileUrls,
  releaseNotesText,
  UpdateUrlError,
  type FeedReleaseNotes,
} from './updateFeed'

/**
 * Background updates through electron-updater: one job, one timer, `start()`/`stop()`. It
 * checks the generic feed at start and every {@link UPDATE_CHECK_INTERVAL_MS}, downloads a
 * newer version in the background, and lets electron-updater install it on the next quit
 * or at once on {@link Updater.restartToUpdate}.
 *
 * Security: the feed must be https (checkUpdateFeedUrl); every file the feed lists must be
 * https too, checked before the download starts (so the download is started here, not by
 * electron-updater's autoDownload); electron-updater's own checks stay as shipped: the
 * sha512 of every download is verified against the feed, and on Windows the installer's
 * Authenticode signature is verified against the publisher (`verifyUpdateCodeSignature`,
 * never replaced); downgrades and web installers are refused.
 */

/** How often the feed is checked, in ms: 6 hours, the rhythm of a desktop app used all day. */
export const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000

/** The update state and its error codes are part of the IPC contract (`app.updateState`). */
export type { UpdateErrorCode, UpdateState }

/** What a check of the feed answers (electron-updater's `UpdateCheckResult`, in part). */
export interface UpdateCheck {
  isUpdateAvailable: boolean
  updateInfo: {
    version: string
    releaseNotes?: FeedReleaseNotes
    files: readonly { url: string }[]
    /** Deprecated single-file form some feeds still carry. */
    path?: string
  }
}

/**
 * The parts of electron-updater's `autoUpdater` (an `AppUpdater`) the adapter uses; tests
 * pass a fake, or a real updater built for Node.
 */
export interface UpdaterEngine {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  allowDowngrade: boolean
  allowPrerelease: boolean
  disableWebInstaller: boolean
  logger: Pick<Logger, 'info' | 'warn' | 'error'> | null
  setFeedURL(options: { provider: 'generic'; url: string }): void
  /** Null when updates are inactive (an unpackaged app). */
  checkForUpdates(): Promise<UpdateCheck | null>
  downloadUpdate(): Promise<string[]>
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void
}

/** The one timer the adapter holds (the global `setTimeout`/`clearTimeout` in the app). */
export interface UpdateTimers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** Where the *Check for updates automatically* preference lives. */
export interface UpdateSettings {
  checksEnabled(): boolean
  setChecksEnabled(enabled: boolean): void
}

export interface UpdaterDeps {
  engine: UpdaterEngine
  /** The generic feed (`UPDATE_FEED_URL` in the app); refused unless https. */
  feedUrl: string
  /** Lets tests serve the feed from `http://127.0.0.1`; the app never sets it. */
  allowLoopbackFeedForTests?: boolean
  settings: UpdateSettings
  timers?: UpdateTimers
  now?: () => Date
  log: Logger
  /** Told of every state change (the UI's `app.updateState` event). */
  onStateChange?: (state: UpdateState) => void
}

/** The updater the app and the UI talk to. */
export interface Updater {
  /** Checks now (when checks are on) and then every 6 hours. */
  start(): void
  /** Clears the timer; a check or download in progress finishes on its own. */
  stop(): void
  state(): UpdateState
  checksEnabled(): boolean
  /** Stores the preference; off clears the timer, on checks now and restarts the timer. */
  setChecksEnabled(enabled: boolean): void
  /** Checks now (e.g. *Check for updates…*), even with automatic checks off; resolves to the state after it. */
  checkNow(): Promise<UpdateState>
  /** Quits and installs the downloaded update, then starts the new version. False when none is downloaded. */
  restartToUpdate(): boolean
}

/**
 * Creates the updater and configures the engine (feed, no auto-download, install on quit,
 * no downgrade, no prerelease, no web installer). Throws UpdateUrlError `insecure_feed` when
 * `feedUrl` breaks the https rule, before the engine is touched.
 */
export function createUpdater(deps: UpdaterDeps): Updater {
  const rule = { allowLoopbackHttp: deps.allowLoopbackFeedForTests === true }
  const feed = checkUpdateFeedUrl(deps.feedUrl, rule)
  const timers = deps.timers ?? {
    setTimeout: (f, ms) => setTimeout(f, ms),
    clearTimeout: (h) => clearTimeout(h as never),
  }
  const now = deps.now ?? (() => new Date())
  const { engine, log } = deps

  engine.logger = log
  engine.setFeedURL({ provider: 'generic', url: feed.toString() })
  engine.autoDownload = false
  engine.autoInstallOnAppQuit = true
  engine.allowDowngrade = false
  engine.allowPrerelease = false
  engine.disableWebInstaller = true

  let current: UpdateState = { status: 'idle', lastCheckAt: null }
  let timer: unknown = null
  let running = false
  let inFlight: Promise<UpdateState> | null = null

  const setState = (next: UpdateState): UpdateState => {
    current = next
    deps.onStateChange?.(next)
    return next
  }

  const clearTimer = (): void => {
    if (timer !== null) timers.clearTimeout(timer)
    timer = null
  }

  const scheduleNext = (): void => {
    clearTimer()
    if (!running || !deps.settings.checksEnabled()) return
    timer = timers.setTimeout(() => {
      timer = null
      void checkNow().finally(scheduleNext)
    }, UPDATE_CHECK_INTERVAL_MS)
  }

  const runCheck = async (): Promise<UpdateState> => {
    const previous = current
    setState({ status: 'checking' })
    try {
      const result = await engine.checkForUpdates()
      const checkedAt = now().toISOString()
      if (!result) {
        log.info('Updates are checked only in the packaged app.')
        return setState({ status: 'idle', lastCheckAt: checkedAt })
      }
      if (!result.isUpdateAvailable) return setState({ status: 'idle', lastCheckAt: checkedAt })
      const { version } = result.updateInfo
      const files = result.updateInfo.files.map((file) => file.url)
      checkUpdateFileUrls(result.updateInfo.path ? [...files, result.updateInfo.path] : files, feed, rule)
      const releaseNotes = releaseNotesText(result.updateInfo.releaseNotes)
      setState({ status: 'available', version, releaseNotes })
      log.info(`Downloading update ${version}.`)
      await engine.downloadUpdate()
      log.info(`Update ${version} downloaded; it installs on the next quit.`)
      return setState({ status: 'downloaded', version, releaseNotes })
    } catch (error) {
      const failure = describeFailure(error)
      log.warn(`Update check failed (${failure.code}): ${error instanceof Error ? error.message : String(error)}`)
      // a failed later check does not hide an update that is already downloaded
      if (previous.status === 'downloaded') return setState(previous)
      return setState({ status: 'error', ...failure, lastCheckAt: now().toISOString() })
    }
  }

  const checkNow = (): Promise<UpdateState> => {
    // one download is enough: the next quit installs it, later versions are found after that
    if (current.status === 'downloaded') return Promise.resolve(current)
    inFlight ??= runCheck().finally(() => (inFlight = null))
    return inFlight
  }

  return {
    start() {
      if (running) return
      running = true
      if (!deps.settings.checksEnabled()) return
      void checkNow().finally(scheduleNext)
    },
    stop() {
      running = false
      clearTimer()
    },
    state: () => current,
    checksEnabled: () => deps.settings.checksEnabled(),
    setChecksEnabled(enabled) {
      deps.settings.setChecksEnabled(enabled)
      if (!enabled) return clearTimer()
      if (running && timer === null) void checkNow().finally(scheduleNext)
    },
    checkNow,
    restartToUpdate() {
      if (current.status !== 'downloaded') return false
      log.info(`Restarting to install update ${current.version}.`)
      // not silent, so the installer shows its progress; run the new version after it
      engine.quitAndInstall(false, true)
      return true
    },
  }
}

/** Maps an error of a check or download to a code and a sentence for the UI. */
function describeFailure(error: unknown): { code: UpdateErrorCode; message: string } {
  const code = (error as { code?: unknown } | null)?.code
  if (error instanceof UpdateUrlError) return { code: 'insecure_url', message: error.message }
  if (code === 'ERR_CHECKSUM_MISMATCH' || /sha512 checksum mismatch/i.test(String(error)))
    return { code: 'checksum_mismatch', message: 'The downloaded update did not match its checksum and was discarded.' }
  if (code === 'ERR_UPDATER_INVALID_SIGNATURE')
    return { code: 'signature_invalid', message: 'The downloaded update is not signed by Docket and was discarded.' }
  return { code: 'update_failed', message: 'Docket could not check for updates. It will try again later.' }
}
