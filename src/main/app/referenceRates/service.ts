import type { ReferenceRateTable } from '../../../shared/checks/exchangeRate'
import { isLoopbackHost } from '../../../shared/api/serviceUrl'
import type { EventName, EventPayload, ReferenceRatesStatus, SyncStatus } from '../../../shared/ipc'
import {
  ecbSource,
  ReferenceRateUpdater,
  sandboxSource,
  type FetchFeedOptions,
  type RateSource,
  type UpdateOutcome,
} from '../../ecbRates'
import type { SubscribeToEvents } from '../eventBus'
import type { HandlersFor } from '../router'

/** Test and host settings of the reference-rate updates. */
export interface ReferenceRatesSettings {
  /** The folder of the ECB's files (tests: a local server standing in for the ECB); default the ECB's. */
  feedBaseUrl?: string
  fetch?: FetchFeedOptions
  now?: () => Date
}

export interface ReferenceRatesServiceOptions extends ReferenceRatesSettings {
  /** Where the fetched ECB days are kept (the user-data folder). */
  userDataDir: string
  /** Base URL of the service in use, null when none: a loopback one means the sandbox. */
  serviceUrl(): string | null
  /** The app's events (`bus.connect`): a completed sync starts an update. */
  subscribe: SubscribeToEvents
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void
  log?: (line: string) => void
}

/** The reference rates of the running app: the checks' table, its status, the preference, the update. */
export interface ReferenceRatesService {
  /** The table the checks use now. */
  table(): ReferenceRateTable
  status(): ReferenceRatesStatus
  /** The user's preference: updates run only while it is on (off until the host says). */
  setEnabled(enabled: boolean): void
  /** Updates now if the rules allow (what a completed sync calls). Never rejects. */
  update(): Promise<UpdateOutcome | { kind: 'skipped'; reason: 'disabled' }>
  handlers: HandlersFor<'app.referenceRates'>
  /** Stops following events and any update in flight. */
  close(): Promise<void>
}

/**
 * The reference rates wired into the app: after every sync that completed online, the table
 * of the source in use is updated by the once-a-day rule of {@link ReferenceRateUpdater}, if
 * the user allows it (the preference *Update exchange rates from the European Central Bank*;
 * turned on after such a sync, it updates at once).
 * While the service in use is on a loopback address (demo mode, the harness, tests), the
 * source is that service's `/_sandbox/ecb/` route, never the internet, and nothing is kept on
 * disk. When new days arrive, `documents.changed` (everything) makes the row flags and the
 * open document's checks be computed again with them, without a restart, and
 * `app.referenceRatesChanged` tells the preferences.
 */
export function createReferenceRatesService(options: ReferenceRatesServiceOptions): ReferenceRatesService {
  const log = options.log ?? (() => undefined)
  const updaters = new Map<string, ReferenceRateUpdater>()
  let enabled = false
  /** The last sync status seen completed online: turning the preference on then updates at once. */
  let syncedOnline = false

  const sourceInUse = (): RateSource => {
    const url = options.serviceUrl()
    if (url) {
      try {
        if (isLoopbackHost(new URL(url).hostname)) return sandboxSource(url)
      } catch {
        // not a URL: the service's own checks report it; the rates come from the ECB
      }
    }
    return ecbSource(options.feedBaseUrl)
  }

  const updater = (): ReferenceRateUpdater => {
    const source = sourceInUse()
    const key = `${source.id} ${source.feedBaseUrl}`
    let found = updaters.get(key)
    if (!found) {
      found = new ReferenceRateUpdater({
        source,
        dataDir: options.userDataDir,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.now ? { now: options.now } : {}),
        log,
      })
      updaters.set(key, found)
    }
    return found
  }

  const status = (): ReferenceRatesStatus => ({ ...updater().status(), updatesEnabled: enabled })

  async function update(): Promise<UpdateOutcome | { kind: 'skipped'; reason: 'disabled' }> {
    if (!enabled) return { kind: 'skipped', reason: 'disabled' }
    const outcome = await updater().update()
    if (outcome.kind === 'updated') options.emit('documents.changed', { documentIds: [], agendaIds: [] })
    if (outcome.kind !== 'skipped') options.emit('app.referenceRatesChanged', status())
    return outcome
  }

  const stopFollowing = options.subscribe((event, payload) => {
    if (event !== 'sync.status') return
    const sync = payload as SyncStatus
    syncedOnline = sync.online && !sync.syncing && !sync.paused && sync.lastSyncAt !== null && sync.lastError === null
    if (syncedOnline) void update()
  })

  return {
    table: () => updater().table(),
    status,
    setEnabled(next) {
      if (next === enabled) return
      enabled = next
      options.emit('app.referenceRatesChanged', status())
      if (enabled && syncedOnline) void update()
    },
    update,
    handlers: { 'app.referenceRates': () => status() },
    async close() {
      stopFollowing()
      await Promise.all([...updaters.values()].map((each) => each.close()))
    },
  }
}
