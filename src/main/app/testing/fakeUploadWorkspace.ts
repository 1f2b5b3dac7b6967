import type { OutboxEntry, OutboxStatus } from '../../../shared/outbox'
import type { UploadInput } from '../../offline'
import type { UploadPort } from '../upload/handlers'
import { pendingEntry } from './fakeWorkspace'

/**
 * The upload part of the offline workspace, for tests: `enqueueUpload` records what it was
 * given and writes a pending `upload.files` entry (`e1`, `e2`, ...) to an outbox the test
 * moves on itself ({@link setStatus}, {@link remove}), as the sync engine would.
 */
export class FakeUploadWorkspace implements UploadPort {
  /** Every `enqueueUpload` input, in call order. */
  readonly uploads: { agendaId: number; type: string; files: UploadInput[] }[] = []
  /** The entries not yet done, in write order. */
  entries: OutboxEntry[] = []

  async enqueueUpload(input: { agendaId: number; type: string; files: UploadInput[] }): Promise<OutboxEntry> {
    this.uploads.push(input)
    const entry = pendingEntry(`e${this.uploads.length}`, {
      kind: 'upload.files',
      agendaId: input.agendaId,
      type: input.type,
      files: input.files.map((f) => ({ fileName: f.fileName, contentType: f.contentType, size: f.bytes.byteLength })),
    })
    this.entries.push(entry)
    return entry
  }

  async listOutbox(): Promise<OutboxEntry[]> {
    return this.entries.map((entry) => ({ ...entry }))
  }

  /** Moves an entry to `status` (with the service's refusal for `failed`). */
  setStatus(entryId: string, status: OutboxStatus, error?: { code: string; message: string }): void {
    this.entries = this.entries.map((entry) =>
      entry.id === entryId ? { ...entry, status, ...(error ? { error } : {}) } : entry,
    )
  }

  /** Takes an entry out of the outbox (sent and done, or undone/discarded). */
  remove(entryId: string): void {
    this.entries = this.entries.filter((entry) => entry.id !== entryId)
  }
}
