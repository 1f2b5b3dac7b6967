import type { Document } from '../../shared/api/document'
import { IDS_PER_QUERY, PULLED_TYPES, type WorkspaceClient } from './client'
import type { Connectivity } from './connectivity'
import type { RepairFinished, SyncEvents } from './events'
import type { Clock } from './options'
import { classifyRequestError } from './outcomes'
import { settleCorrections } from './corrections'
import { serverCopyOps } from './serverCopies'
import { isStorageFailure } from './storageFailure'
import type { Store } from './store'
import { Timer } from './timers'

/**
 * Polls the documents in repair (the service's human review) every `intervalMs` while the
 * service can be used, and tells the renderer about those whose review ended
 * (`documents.repairFinished`). One job, one timer: {@link start} / {@link stop}.
 */
export class RepairPoller {
  private readonly timer = new Timer()
  private stopped = true

  constructor(
    private readonly deps: {
      store: Store
      client: WorkspaceClient
      clock: Clock
      connectivity: Connectivity
      events: SyncEvents
    },
    private readonly policy: { intervalMs: number },
  ) {}

  /** Polls every `intervalMs` from now on (the first poll after one interval). */
  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.schedule()
  }

  /** Stops polling; a poll under way finishes but schedules none. */
  stop(): void {
    this.stopped = true
    this.timer.cancel()
  }

  private schedule(): void {
    this.timer.start(this.policy.intervalMs, async () => {
      if (this.stopped) return
      if (this.deps.connectivity.usable) await this.poll().catch((error: unknown) => this.failed(error))
      if (!this.stopped) this.schedule()
    })
  }

  /**
   * A poll failed past its requests (a store read or write): shown as the last error, never
   * dropped; a storage failure was already told to the engine by the store's guard.
   */
  private failed(error: unknown): void {
    if (isStorageFailure(error)) return
    this.deps.connectivity.noteError({
      code: 'internal',
      message: `Docket could not check the documents in repair: ${error instanceof Error ? error.message : String(error)}`,
    })
  }

  /**
   * Re-reads the documents in repair (100 per request) and writes those whose review ended.
   * A failed read goes to connectivity and ends the poll (what was read is kept). Returns the
   * documents whose review ended.
   */
  async poll(): Promise<RepairFinished[]> {
    const { store, client, clock, connectivity, events } = this.deps
    const ids = await store.documentsInRepair()
    const finished: RepairFinished[] = []
    for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
      let docs: Document[]
      const sentUnder = connectivity.signInEpoch
      try {
        docs = await client.listDocuments({ ids: ids.slice(i, i + IDS_PER_QUERY), types: PULLED_TYPES })
      } catch (error) {
        connectivity.noteFailure(classifyRequestError(error), undefined, sentUnder)
        return finished
      }
      connectivity.reached()
      const written = await serverCopyOps(
        store,
        docs.filter((d) => d.state !== 'repairing'),
        clock().toISOString(),
      )
      await store.batch(written.ops)
      // A finished review is when the service corrects its data: corrections it agrees with are dropped.
      events.correctionsSettled(
        await settleCorrections(
          store,
          clock,
          written.repaired.map((f) => f.documentId),
        ),
      )
      finished.push(...written.repaired)
    }
    if (finished.length > 0) {
      events.documentsChanged(
        finished.map((f) => f.documentId),
        [...new Set(finished.map((f) => f.agendaId))],
      )
      for (const f of finished) events.repairFinished(f)
    }
    return finished
  }
}
