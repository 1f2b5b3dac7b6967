import type { AppInfo } from '../../shared/ipc/channels/app'
import { EventBus } from './eventBus'
import type { Handlers } from './router'
import type { FileHost } from './ports'

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
  /** Demo mode: use a sandbox already running at this URL instead of starting one in-process. */
  demoSandboxUrl?: string
  /** Extra options for the in-process demo sandbox (synthetic documents, delays...). */
  demoSandboxOptions?: Record<string, unknown>
  /** Save and open files (dialogs in Electron, downloads in the harness). */
  files: FileHost
  /** Opens a URL in the system browser (https or loopback only). */
  openExternal: (url: string) => Promise<void>
  log?: (line: string) => void
}

/** The assembled services: the handlers of every channel, the event bus, lifecycle. */
export interface AppServices {
  handlers: Handlers
  bus: EventBus
  /** Starts background work (demo sandbox, sync). Resolves when the app can answer calls. */
  start(): Promise<void>
  /** Stops background work and closes stores; safe to call twice. */
  close(): Promise<void>
  /** Base URL of the service in use (the demo sandbox's in demo mode), null before start. */
  serviceUrl(): string | null
}

/**
 * Assembles the host-agnostic services behind the IPC contract (design.md, "Processes and
 * folders"): the only place, with src/main/index.ts and e2e/harness, that wires collaborators.
 */
export function createAppServices(options: AppServicesOptions): AppServices {
  const log = options.log ?? ((line: string) => console.log(line))
  const bus = new EventBus(log)
  let serviceUrl: string | null = options.demoSandboxUrl ?? null

  const info = (): AppInfo => ({
    name: 'Docket',
    version: options.version,
    platform: options.platform,
    mode: 'demo',
    serviceUrl,
  })

  const handlers: Handlers = {
    'app.info': () => info(),
  }

  let demoSandbox: { url: string; close(): Promise<void> } | null = null

  return {
    handlers,
    bus,
    serviceUrl: () => serviceUrl,
    async start() {
      if (!options.demoSandboxUrl) {
        const { startSandbox } = await import('../../sandbox')
        demoSandbox = await startSandbox({
          port: 0,
          fixturesDir: options.demoFixturesDir,
          ...options.demoSandboxOptions,
        })
        serviceUrl = demoSandbox.url
        log(`Demo sandbox listening on ${demoSandbox.url}`)
      }
    },
    async close() {
      const sandbox = demoSandbox
      demoSandbox = null
      await sandbox?.close()
    },
  }
}
