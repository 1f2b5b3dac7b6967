import type { UploadResult } from '../../../shared/ipc'
import type { OfflineWorkspace } from '../../offline'
import type { HandlersFor } from '../router'
import { checkUploadFile, tooLargeReason } from './fileCheck'
import { planUploadRequests, type PlannedFile } from './plan'
import type { UploadProgressReporter } from './progress'

/** The part of the offline workspace upload uses (`listOutbox` to follow the entries it writes). */
export type UploadPort = Pick<OfflineWorkspace, 'enqueueUpload' | 'listOutbox'>

export interface UploadHandlerDeps {
  /** The offline workspace of the signed-in account: one `upload.files` action per request. */
  getWorkspace(): UploadPort
  /** Sends `upload.progress` and follows each entry written until its files are sent or fail. */
  progress: Pick<UploadProgressReporter, 'report' | 'follow'>
  /** Bodies stay under this many bytes (default 20 MB); tests pass small values. */
  maxBodyBytes?: number
}

/** Size in bytes of the data a standard base64 string (with padding) holds. */
function decodedSize(base64: string): number {
  return Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0)
}

/**
 * The handler of `upload.files`: checks each file by its magic bytes (PDF, PNG, JPEG; empty
 * and malformed files refused with a reason), plans requests whose JSON body stays under
 * 20 MB, and writes one `upload.files` outbox action per request (through
 * `enqueueUpload`, which stores the bytes; the sync engine sends it and the optimistic effect
 * shows the documents under Processing).
 *
 * Emits `upload.progress` per file: `checking`, then `refused` or `queued`; the reporter then
 * follows the entry (`sending`, `sent`, `failed`). Never throws for a bad file: refusals are
 * in the result; errors of the workspace pass through with their code.
 */
export function createUploadHandlers(deps: UploadHandlerDeps): HandlersFor<'upload.files'> {
  const { progress } = deps
  return {
    'upload.files': async (input) => {
      const result: UploadResult = { accepted: [], refused: [], requests: 0 }
      const checked: PlannedFile[] = []
      for (const file of input.files) {
        progress.report({ uploadId: file.uploadId, fileName: file.fileName, phase: 'checking', fraction: 0 })
        const check = checkUploadFile(file.fileName, file.base64, deps.maxBodyBytes)
        if (!check.ok) {
          result.refused.push({
            uploadId: file.uploadId,
            fileName: file.fileName,
            code: check.code,
            reason: check.reason,
          })
          progress.report({
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
        const reason = tooLargeReason(file.fileName)
        result.refused.push({ uploadId: file.uploadId, fileName: file.fileName, code: 'too_large', reason })
        progress.report({ uploadId: file.uploadId, fileName: file.fileName, phase: 'refused', fraction: 1, reason })
      }
      const workspace = deps.getWorkspace()
      for (const files of plan.requests) {
        const entry = await workspace.enqueueUpload({
          agendaId: input.agendaId,
          type: input.type,
          files: files.map((file) => ({
            fileName: file.fileName,
            contentType: file.contentType,
            bytes: Buffer.from(file.base64, 'base64'),
          })),
        })
        for (const file of files) {
          progress.report({ uploadId: file.uploadId, fileName: file.fileName, phase: 'queued', fraction: 0.25 })
          result.accepted.push({
            uploadId: file.uploadId,
            fileName: file.fileName,
            contentType: file.contentType,
            size: decodedSize(file.base64),
            entryId: entry.id,
          })
        }
        progress.follow(
          workspace,
          entry.id,
          files.map((file) => ({ uploadId: file.uploadId, fileName: file.fileName })),
        )
      }
      result.requests = plan.requests.length
      return result
    },
  }
}
