import { dirname, join } from 'node:path'
import type { AppInfo, EventName, EventPayload } from '../../shared/ipc'
import type { DocumentPageDecoder } from '../api/pageDecoder'
import type { AccountStore } from '../credentials/accountStore'
import type { CredentialStore } from '../credentials/credentialStore'
import { createAgendaEditingHandlers } from './agendas/editing'
import { createAgendaOfflineHandlers } from './agendas/offline'
import { AuthService, type SandboxInfo } from './auth'
import { createOriginalFileHandlers } from './documents/originals'
import type { EvidenceChildLauncher } from './evidence/childLauncher'
import { inlineEvidenceReader } from './evidence/evidenceReader'
import { ProcessEvidenceReader, type EvidenceChildEntry } from './evidence/evidenceProcess'
import { createEvidenceHandlers } from './evidence/handlers'
import { createOcr } from './evidence/ocr'
import { createEvidenceService, disabledEvidenceService } from './evidence/service'
import { createPreviewImages, type PreviewImages, type PreviewUrlOf } from './documents/previewImages'
import { EventBus } from './eventBus'
import { createExportHandlers } from './export/handlers'
import { createHistoryHandlers } from './history/handlers'
import { createOutboxHandlers } from './outbox/handlers'
import type { FileHost } from './ports'
import {
  createReferenceRatesService,
  type ReferenceRatesService,
  type ReferenceRatesSettings,
} from './referenceRates/service'
import { IdleMemoryRelease } from './memory/idleRelease'
import { v8Heap } from './memory/v8Heap'
import { glibcHeap } from './memory/nativeHeap'
import type { DesktopChannel } from './desktop/handlers'
import type { ChannelName } from '../../shared/ipc'
import type { Handlers, HandlersFor } from './router'
import { EphemeralKeysCredentialStore } from './session/ephemeralCredentialStore'
import { NotSignedInError, WorkspaceSession } from './session/workspaceSession'
import { createSyncHandlers } from './sync/handlers'
import { createCacheRecoveryHandlers } from './sync/recovery'
import { createTriageHandlers } from './triage'
import { createUploadHandlers } from './upload/handlers'
import { UploadProgressReporter } from './upload/progress'
import { createWebhookHandlers } from './webhooks/handlers'

/** The sandbox's built-in registration and demo user (src/sandbox defaults), for `--sandbox URL`. */
const DEFAULT_SANDBOX_CREDENTIALS: SandboxInfo['credentials'] = {
  clientId: 'docket-desktop',
  clientSecret: 'docket-sandbox-secret',
  redirectUri: 'http://127.0.0.1:53682/oauth/callback',
  users: [{ email: 'demo@docket.test', password: 'demo-password-1' }],
}

/** Synthetic documents in the demo's second agenda, so every queue has something to show. */
export const DEMO_SYNTHETIC_DOCUMENTS = 120

/** Everything the app services need from their host (Electron main or the browser harness). */
export interface AppServicesOptions {
  /** The app's version (package.json). */
  version: string
  /** `process.platform`. */
  platform: string
  /** Per-user data folder (Electron `userData`, or a folder the harness chose). */
  userDataDir: string
  /** Where the demo invoices ship (resources/demo/invoices). */
  demoFixturesDir: string
  /** Start demo mode when no account is configured (default true; false shows the sign-in screen). */
  demo?: boolean
  /** Demo mode: use a sandbox already running at this URL instead of starting one in-process. */
  demoSandboxUrl?: string
  /** Extra options for the in-process demo sandbox (synthetic documents, delays, faults, admin...). */
  demoSandboxOptions?: Record<string, unknown>
  /** Account records (no secrets): ElectronAccountStore in `userDataDir`. */
  accountStore: AccountStore
  /** The OS keychain (KeytarCredentialStore); demo-sandbox keys are kept in memory instead. */
  credentialStore: CredentialStore
  /**
   * Opens the service's login page and resolves with the redirect URL it reached, or null
   * when the user closed it (Electron: a BrowserWindow on an ephemeral session).
   */
  openLoginWindow: (authorizeUrl: string, redirectUri: string) => Promise<string | null>
  /** Opens a URL in the system browser (https or loopback only). */
  openExternal: (url: string) => Promise<void>
  /** Save and open files (dialogs in Electron, downloads in the harness). */
  files: FileHost
  /**
   * Where the host serves preview images from {@link AppServices.previews} (the app protocol in
   * Electron, a route of the harness): `documents.preview` answers this URL. Default: a
   * relative `/previews/<id>` (tests that serve no images).
   */
  previewUrl?: PreviewUrlOf
  /** The service accepts any loopback redirect port (RFC 8252 §7.3): the system-browser flow listens on port 0. */
  loopbackAnyPort?: boolean
  /**
   * Decodes the pages of pulls (a `WorkerPageDecoder`: off the main thread); default: on the
   * calling thread. The services close it when they close.
   */
  pageDecoder?: DocumentPageDecoder
  /** Where the exchange-rate check's reference rates are fetched from (tests); default the ECB. */
  referenceRates?: ReferenceRatesSettings
  /**
   * The evidence child process (src/main/app/evidence/evidenceChild.ts, built or as source)
   * and how the host starts it (Electron's utility process, Node's fork): PDFs, QR codes and
   * OCR are read there, never in this process. Without it PDFs and QR codes are read on the
   * calling thread and OCR in a tesseract worker thread of this process (tests).
   */
  evidenceChild?: EvidenceChildEntry & { launch: EvidenceChildLauncher }
  /** OCR of scans without a text layer (tesseract.js; default true). */
  ocr?: boolean
  /**
   * Reads the invoices for evidence (default true). False switches the whole pipeline off (no
   * file fetched or read, every document's evidence `none`): the benchmarks' before and after.
   */
  evidence?: boolean
  log?: (line: string) => void
}

/** The channels the services answer: every channel but the desktop's (app/desktop adds those). */
export type ServiceChannel = Exclude<ChannelName, DesktopChannel>

/** The assembled services: the handlers of every channel, the event bus, lifecycle. */
export interface AppServices {
  /** One per {@link ServiceChannel}: with the desktop's handlers, the router's complete table. */
  handlers: HandlersFor<ServiceChannel>
  bus: EventBus
  auth: AuthService
  session: WorkspaceSession
  /**
   * The preview images the host serves at `previewUrl` (PNG and JPEG only, size-capped). A
   * host reads this property on every request, so a test host may swap it.
   */
  previews: PreviewImages
  /**
   * The exchange-rate check's reference rates: updated after a sync while the host's
   * preference allows it (`setEnabled`, off until called).
   */
  referenceRates: Pick<ReferenceRatesService, 'setEnabled' | 'status' | 'update'>
  /** Starts demo mode when no account is configured, or opens the current account's workspace. */
  start(): Promise<void>
  /** Stops background work and closes stores; safe to call twice. */
  close(): Promise<void>
  /** Base URL of the service in use (the demo sandbox's in demo mode), null when none. */
  serviceUrl(): string | null
  /**
   * The host saw a renderer go (window closed, crashed, reloaded or navigated; `sender` as in
   * its calls' context): what it stated is let go (its watched screens stop being worked out).
   */
  senderGone(sender: string): void
}

/**
 * Assembles the host-agnostic services behind the IPC contract (docs/architecture.md): auth
 * and accounts, the offline workspace of the current account, and the handlers of every
 * domain (agendas, documents, comments, outbox, sync, export, upload, webhooks). With
 * src/main/index.ts and e2e/harness, the only place that wires collaborators.
 *
 * Demo mode: when no account other than the demo one is configured, `start()` starts the
 * sandbox in-process (or uses `demoSandboxUrl`) and signs in as its demo user.
 */
export function createAppServices(options: AppServicesOptions): AppServices {
  const log = options.log ?? ((line: string) => console.log(line))
  const demoEnabled = options.demo ?? true
  const bus = new EventBus(log)
  const emit = (event: string, payload: unknown): void =>
    bus.emit(event as EventName, payload as EventPayload<EventName>)
  let demoSandbox: { url: string; close(): Promise<void> } | null = null
  let demoBaseUrl: string | null = null
  /** The demo sandbox's registration and users, once the demo started. */
  let demoInfo: SandboxInfo | null = null

  const credentialStore = new EphemeralKeysCredentialStore(
    options.credentialStore,
    (key) => demoBaseUrl !== null && key.startsWith(`${demoBaseUrl}#`),
  )

  // eslint-disable-next-line prefer-const -- assigned after the session that uses it
  let auth: AuthService
  const session = new WorkspaceSession({
    userDataDir: options.userDataDir,
    clientFor: (accountId) => auth.clientFor(accountId),
    emit,
    log,
  })

  auth = new AuthService({
    accountStore: options.accountStore,
    credentialStore,
    openLoginWindow: options.openLoginWindow,
    openExternal: options.openExternal,
    loopbackAnyPort: options.loopbackAnyPort ?? false,
    clearAccountCache: (accountId, clearOptions) => session.clearCache(accountId, clearOptions),
    queuedActions: (accountId) => session.queuedActions(accountId),
    ...(options.pageDecoder ? { clientOptions: { pageDecoder: options.pageDecoder } } : {}),
    log,
    // The windows hear of a sign-in once its workspace is open (and of a sign-out once it is
    // closed): the screen they then show reads it at once, never a half-opened one.
    emit: (event, payload) => {
      void onAuthChanged(payload)
        .catch((error: unknown) =>
          log(`Could not follow ${payload.reason}: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => bus.emit(event, payload))
    },
  })

  async function activateCurrent(): Promise<void> {
    const id = options.accountStore.getCurrentId()
    const account = id ? options.accountStore.get(id) : undefined
    if (!account?.user) return
    await session.activate(account.id, account.user.id, displayName(account.user))
  }

  async function onAuthChanged(change: { accountId: string | null; reason: string; message?: string }): Promise<void> {
    if (!change.accountId) return
    switch (change.reason) {
      case 'signed_in':
        await activateCurrent()
        break
      case 'signed_out':
      case 'account_removed':
        await session.deactivate(change.accountId)
        break
      case 'reauth_required':
        if (session.accountId() === change.accountId) {
          session.pause({ code: 'reauth_required', message: change.message ?? 'Sign in again to continue syncing.' })
        }
        break
    }
  }

  const serviceUrl = (): string | null => {
    const id = options.accountStore.getCurrentId()
    return (
      (id ? options.accountStore.get(id)?.baseUrl : undefined) ?? demoSandbox?.url ?? options.demoSandboxUrl ?? null
    )
  }

  const info = (): AppInfo => {
    const id = options.accountStore.getCurrentId()
    const current = id ? options.accountStore.get(id) : undefined
    return {
      name: 'Docket',
      version: options.version,
      platform: options.platform,
      mode: current ? (current.demo ? 'demo' : 'account') : demoEnabled ? 'demo' : 'account',
      serviceUrl: serviceUrl(),
    }
  }

  const getWorkspace = () => session.get()
  const currentClient = () => {
    const id = session.accountId() ?? options.accountStore.getCurrentId()
    if (!id) throw new NotSignedInError()
    return auth.clientFor(id)
  }

  const referenceRates = createReferenceRatesService({
    ...options.referenceRates,
    userDataDir: options.userDataDir,
    serviceUrl: () => serviceUrl(),
    subscribe: (listener) => bus.connect(listener),
    emit: (event, payload) => bus.emit(event, payload),
    log,
  })

  const files = options.files
  const uploadProgress = new UploadProgressReporter((progress) => bus.emit('upload.progress', progress))
  bus.connect((event, payload) => uploadProgress.onEvent(event, payload))
  const outbox = createOutboxHandlers(getWorkspace)
  const evidenceReader =
    options.evidence !== false && options.evidenceChild
      ? new ProcessEvidenceReader({ ...options.evidenceChild, log })
      : null
  const evidence =
    options.evidence === false
      ? disabledEvidenceService()
      : createEvidenceService({
          getWorkspace,
          reader: evidenceReader ?? inlineEvidenceReader,
          ocr: options.ocr === false ? null : (evidenceReader?.ocr ?? createOcr()),
          log,
          // The document's checks read the evidence: the pane re-reads the document.
          onRead: (documentId) => bus.emit('documents.changed', { documentIds: [documentId], agendaIds: [] }),
        })
  // A document's evidence for its checks: what is stored, or read at once from a cached original.
  // Never fetches: the view reads the documents ahead too, and only the one the user stays on
  // is worth a download (the pane asks `documents.evidence` for it after a moment).
  async function evidenceOfOpened(documentId: number) {
    return (await evidence.evidenceOf(documentId, { waitMs: 0 })).evidence
  }
  const goneListeners = new Set<(sender: string) => void>()
  // The row cache follows the workspace's events to stay exact (src/main/app/documents/rowCache.ts).
  const triage = createTriageHandlers(getWorkspace, {
    sendersGone: (listener) => {
      goneListeners.add(listener)
      return () => goneListeners.delete(listener)
    },
    evidence: evidenceOfOpened,
    subscribe: (listener) => bus.connect(listener),
    emit: (event, payload) => bus.emit(event, payload),
    referenceRates: () => referenceRates.table(),
    userName: () => {
      const id = options.accountStore.getCurrentId()
      const user = id ? options.accountStore.get(id)?.user : null
      return user ? `${user.name} ${user.surname}`.trim() || user.email : null
    },
    ...(options.previewUrl ? { previewUrl: options.previewUrl } : {}),
  })

  // Quiet means no call and no event: a sync or the offline copies emit as they go.
  const memory = new IdleMemoryRelease({ heap: v8Heap(), nativeHeap: glibcHeap(), log })
  bus.connect(() => memory.noteActivity())

  const authHandlers = auth.handlers()
  const handlers: HandlersFor<ServiceChannel> = {
    'app.info': () => info(),
    ...referenceRates.handlers,
    ...authHandlers,
    // After *Sign out* the demo account signs in again as the sandbox's demo user, as at start:
    // its login page would ask for a password nobody was told.
    // The answer waits for the account's workspace to be open, so the screen it brings back
    // can read the agendas at once (activating the open account again is a no-op).
    'auth.signIn': async (input, context) => {
      const account = options.accountStore.get(input.accountId)
      const user = demoInfo?.credentials.users[0]
      const result =
        account?.demo && user && account.baseUrl === demoBaseUrl
          ? await auth.signInWithPassword(account.id, user.email, user.password)
          : await authHandlers['auth.signIn'](input, context)
      if (result.status === 'signed_in') await activateCurrent()
      return result
    },
    'auth.switchAccount': async (input, context) => {
      const result = await authHandlers['auth.switchAccount'](input, context)
      if (result.status === 'signed_in') await activateCurrent()
      return result
    },
    ...createSyncHandlers(getWorkspace),
    ...createCacheRecoveryHandlers(getWorkspace),
    ...outbox,
    ...triage,
    ...createAgendaEditingHandlers({ getWorkspace, getClient: currentClient }),
    ...createAgendaOfflineHandlers(getWorkspace),
    ...createOriginalFileHandlers({ getWorkspace, files }),
    ...createEvidenceHandlers({ getWorkspace, evidence }),
    ...createExportHandlers({ getWorkspace, files }),
    ...createHistoryHandlers(getWorkspace),
    ...createUploadHandlers({ getWorkspace, progress: uploadProgress }),
    ...createWebhookHandlers({ getClient: currentClient }),
    // An upload entry the user undoes or discards is reported as such, not as sent.
    'outbox.undo': (input, context) =>
      uploadProgress.duringRemoval('undone', async () => outbox['outbox.undo'](input, context)),
    'outbox.discard': (input, context) =>
      uploadProgress.duringRemoval('discarded', async () => outbox['outbox.discard'](input, context)),
    'documents.undo': (input, context) =>
      uploadProgress.duringRemoval('undone', async () => triage['documents.undo'](input, context)),
  }

  async function startDemo(): Promise<void> {
    let sandbox: SandboxInfo
    if (options.demoSandboxUrl) {
      sandbox = { url: options.demoSandboxUrl, credentials: DEFAULT_SANDBOX_CREDENTIALS }
    } else {
      const { startSandbox } = await import('../../sandbox')
      const started = await startSandbox({
        port: 0,
        fixturesDir: options.demoFixturesDir,
        // Invoices with a misread value beside the demo invoices: what the evidence checks catch.
        plantedFixturesDir: join(dirname(options.demoFixturesDir), 'planted'),
        documents: DEMO_SYNTHETIC_DOCUMENTS,
        ...options.demoSandboxOptions,
      })
      demoSandbox = started
      sandbox = started
      log(`Demo sandbox listening on ${started.url}`)
    }
    demoBaseUrl = sandbox.url.replace(/\/+$/, '')
    demoInfo = sandbox
    await auth.ensureDemoAccount(sandbox)
    await activateCurrent()
  }

  return {
    handlers: notingCalls(handlers, () => memory.noteActivity()),
    bus,
    auth,
    session,
    previews: createPreviewImages(getWorkspace),
    referenceRates,
    serviceUrl,
    senderGone(sender) {
      for (const listener of goneListeners) listener(sender)
    },
    async start() {
      memory.start()
      const accounts = options.accountStore.list()
      const real = accounts.filter((account) => !account.demo)
      if (real.length === 0) {
        if (demoEnabled) await startDemo()
        else if (accounts.some((account) => account.demo)) options.accountStore.setCurrentId(null)
        return
      }
      const currentId = options.accountStore.getCurrentId()
      const current = currentId ? options.accountStore.get(currentId) : undefined
      if (!current || current.demo) {
        // Accounts exist: no demo; the user picks an account on the sign-in screen.
        options.accountStore.setCurrentId(null)
        return
      }
      try {
        if (await auth.current()) await activateCurrent()
      } catch (error) {
        log(`Could not open the current account: ${error instanceof Error ? error.message : String(error)}`)
      }
    },
    async close() {
      memory.stop()
      await evidence.close()
      await referenceRates.close()
      await session.close()
      await auth.close()
      await options.pageDecoder?.close()
      const sandbox = demoSandbox
      demoSandbox = null
      await sandbox?.close()
    },
  }
}

/** "Name Surname" of a signed-in user, as the documents' history names who acted; undefined when blank. */
function displayName(user: { name?: string; surname?: string }): string | undefined {
  return [user.name, user.surname].filter(Boolean).join(' ').trim() || undefined
}

/** `handlers`, each calling `note` before it runs. */
function notingCalls<T extends Handlers>(handlers: T, note: () => void): T {
  const noted: Record<string, unknown> = {}
  for (const [channel, handler] of Object.entries(handlers) as [string, (...args: unknown[]) => unknown][]) {
    noted[channel] = (...args: unknown[]) => {
      note()
      return handler(...args)
    }
  }
  return noted as T
}
