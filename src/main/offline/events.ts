import type { EventPayload } from '../../shared/ipc/contract'

/** Event emitter the workspace was given: an event name of the IPC contract and its payload. */
export type Emit = (event: string, payload: unknown) => void

/** A document whose human review ended (`documents.repairFinished`). */
export type RepairFinished = EventPayload<'documents.repairFinished'>

/** What the sync status shows (`sync.status`). */
export type SyncStatus = EventPayload<'sync.status'>

/**
 * The events the offline workspace sends the renderer, one method each. A failing listener
 * must never break a sync or leave an entry half settled: its error is dropped here (the
 * store stays the source of truth, and the renderer re-reads it).
 */
export class SyncEvents {
  constructor(private readonly emit: Emit) {}

  /** The sync status changed. */
  status(status: SyncStatus): void {
    this.send('sync.status', status)
  }

  /** Outbox entries were added, sent, failed, retried or removed; `counts` after the change. */
  outboxChanged(counts: { pending: number; failed: number }, entryIds: string[]): void {
    this.send('outbox.changed', { ...counts, entryIds })
  }

  /**
   * Cached documents or agendas changed: readers re-read the documents named and the agendas
   * named whole (see the event's description in the IPC contract).
   */
  documentsChanged(documentIds: number[], agendaIds: number[]): void {
    this.send('documents.changed', { documentIds, agendaIds })
  }

  /** The human review of a document sent for repair ended. */
  repairFinished(repaired: RepairFinished): void {
    this.send('documents.repairFinished', repaired)
  }

  /** Corrections were dropped: the service's own data now says the corrected values. */
  correctionsSettled(settled: EventPayload<'documents.correctionsSettled'>['settled']): void {
    if (settled.length > 0) this.send('documents.correctionsSettled', { settled })
  }

  private send(event: string, payload: unknown): void {
    try {
      this.emit(event, payload)
    } catch {
      /* the host's problem, see the class comment */
    }
  }
}
