import type { UploadProgress, UploadResult } from '../../../shared/ipc/channels/folders'
import type { Handler } from '../router'
import type { FolderWorkspacePort } from '../folders/port'
import { checkUploadFile } from './fileCheck'
import { planUploadRequests, type PlannedFile } from './plan'

/** One planned request, for a host that sends uploads itself instead of through the outbox. */
export interface UploadRequestToSend {
  agendaId: number
  type: string
  files: PlannedFile[]
}

export interface UploadHandlerDeps {
  /** The offline workspace of the signed-in account: one `documents.upload` action per request. */
  getWorkspace(): FolderWorkspacePort
  /** Sends an `upload.progress` event (the lead wires `bus.emit('upload.progress', p)`). */
  emitProgress(progress: UploadProgress): void
  /**
   * Optional: send each request at once instead of through the outbox (e.g.
   * `(r) => client.uploadDocuments({ agendaId: r.agendaId, type: r.type, files: ... })`),
   * for a host whose workspace does not handle `documents.upload` yet. Resolves with the new
   * document ids in file order. Progress `sending`, `sent` and `failed` are then emitted here.
   */
  sendDirect?: (request: UploadRequestToSend) => Promise<number[]>
  /** Bodies stay under this many bytes (default 20 MB); tests pass small values. */
  maxBodyBytes?: number
}

/** What happened to an upload outbox entry, as the sync engine reports it. */
export type UploadEntryOutcome =
  { status: 'in_flight' } | { status: 'done'; documentIds?: number[] } | { status: 'failed'; message: string }

export interface UploadHandlers {
  'upload.files': Handler<'upload.files'>
  /** Resolves when direct sends started so far are finished (tests, shutdown). */
  idle(): Promise<void>
  /**
   * Turns the sync engine's news about an upload entry (by outbox entry id) into per-file
   * `upload.progress` events (`sending`, `sent` with the new document ids in file order,
   * `failed`). Unknown ids (entries of an earlier session) are ignored.
   */
  reportUploadEntry(entryId: string, outcome: UploadEntryOutcome): void
}

/**
 * The handler of `upload.files` (issue 7 "Upload"): checks each file by its magic bytes
 * (PDF, PNG, JPEG; empty and malformed files refused with a reason), plans requests whose
 * JSON body stays under 20 MB, and writes one `documents.upload` outbox action per request
 * (through `enqueueUpload`, which stores the bytes; the sync engine sends it and the
 * optimistic effect shows the documents under Processing).
 * Emits `upload.progress` per file: `checking`, then `refused` or `queued` (and with
 * `sendDirect`, `sending`, `sent` or `failed`). Never throws for a bad file: refusals are
 * in the result; errors of the workspace pass through with their code.
 */
export function createUploadHandlers(deps: UploadHandlerDeps): UploadHandlers {
  let pending: Promise<void> = Promise.resolve()
  /** Files of each upload outbox entry written in this session, for progress events. */
  const entries = new Map<string, { uploadId: string; fileName: string }[]>()

  const emit = (progress: UploadProgress) => {
    try {
      deps.emitProgress(progress)
    } catch {
      /* a progress event must never fail the upload */
    }
  }

  const sendInBackground = (requests: UploadRequestToSend[]) => {
    const send = deps.sendDirect!
    pending = pending.then(async () => {
      for (const request of requests) {
        for (const file of request.files)
          emit({ uploadId: file.uploadId, fileName: file.fileName, phase: 'sending', fraction: 0.5 })
        try {
          const ids = await send(request)
          request.files.forEach((file, i) =>
            emit({
              uploadId: file.uploadId,
              fileName: file.fileName,
              phase: 'sent',
              fraction: 1,
              ...(typeof ids[i] === 'number' ? { documentId: ids[i] } : {}),
            }),
          )
        } catch (error) {
          const reason = error instanceof Error ? error.message : 'The upload failed.'
          for (const file of request.files)
            emit({ uploadId: file.uploadId, fileName: file.fileName, phase: 'failed', fraction: 1, reason })
        }
      }
    })
  }

  return {
    idle: () => pending,
    reportUploadEntry(entryId, outcome) {
      const files = entries.get(entryId)
      if (!files) return
      files.forEach((file, i) => {
        if (outcome.status === 'in_flight') emit({ ...file, phase: 'sending', fraction: 0.5 })
        else if (outcome.status === 'failed') emit({ ...file, phase: 'failed', fraction: 1, reason: outcome.message })
        else {
          const documentId = outcome.documentIds?.[i]
          emit({ ...file, phase: 'sent', fraction: 1, ...(typeof documentId === 'number' ? { documentId } : {}) })
        }
      })
      if (outcome.status !== 'in_flight') entries.delete(entryId)
    },
    'upload.files': async (input) => {
      const result: UploadResult = { accepted: [], refused: [], requests: 0 }
      const checked: PlannedFile[] = []
      for (const file of input.files) {
        emit({ uploadId: file.uploadId, fileName: file.fileName, phase: 'checking', fraction: 0 })
        const check = checkUploadFile(file.fileName, file.base64)
        if (!check.ok) {
          result.refused.push({
            uploadId: file.uploadId,
            fileName: file.fileName,
            code: check.code,
            reason: check.reason,
          })
          emit({
            uploadId: file.uploadId,
            fileName: file.fileName,
            phase: 'refused',
            fraction: 1,
            reason: check.reason,
          })
          continue
        }
        checked.push({
          uploadId: file.uploadId,
          fileName: file.fileName,
          contentType: check.contentType,
          base64: Buffer.from(check.bytes.buffer, check.bytes.byteOffset, check.bytes.byteLength).toString('base64'),
        })
      }
      const plan = planUploadRequests(input.agendaId, input.type, checked, deps.maxBodyBytes)
      for (const file of plan.tooLarge) {
        const reason = `${file.fileName} is too large to upload (each request must stay under 20 MB, so a file may be about 15 MB at most).`
        result.refused.push({ uploadId: file.uploadId, fileName: file.fileName, code: 'too_large', reason })
        emit({ uploadId: file.uploadId, fileName: file.fileName, phase: 'refused', fraction: 1, reason })
      }
      const requests = plan.requests.map((files) => ({ agendaId: input.agendaId, type: input.type, files }))
      const entryOf = new Map<string, string>()
      if (!deps.sendDirect) {
        const workspace = deps.getWorkspace()
        for (const request of requests) {
          const entry = await workspace.enqueueUpload({
            agendaId: request.agendaId,
            type: request.type,
            files: request.files.map((file) => ({
              fileName: file.fileName,
              contentType: file.contentType,
              bytes: Buffer.from(file.base64, 'base64'),
            })),
          })
          for (const file of request.files) entryOf.set(file.uploadId, entry.id)
          entries.set(
            entry.id,
            request.files.map((file) => ({ uploadId: file.uploadId, fileName: file.fileName })),
          )
          for (const file of request.files)
            emit({ uploadId: file.uploadId, fileName: file.fileName, phase: 'queued', fraction: 0.25 })
        }
      } else {
        for (const request of requests)
          for (const file of request.files)
            emit({ uploadId: file.uploadId, fileName: file.fileName, phase: 'queued', fraction: 0.25 })
        sendInBackground(requests)
      }
      for (const request of requests) {
        for (const file of request.files) {
          result.accepted.push({
            uploadId: file.uploadId,
            fileName: file.fileName,
            contentType: file.contentType,
            size:
              Math.floor((file.base64.length * 3) / 4) -
              (file.base64.endsWith('==') ? 2 : file.base64.endsWith('=') ? 1 : 0),
            ...(entryOf.has(file.uploadId) ? { entryId: entryOf.get(file.uploadId)! } : {}),
          })
        }
      }
      result.requests = requests.length
      return result
    },
  }
}
