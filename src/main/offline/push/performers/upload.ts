import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PULLED_TYPES } from '../../client'
import { contentHashOps } from '../../contentHashes'
import { OfflineError } from '../../errors'
import { serverCopyOps } from '../../serverCopies'
import { findUploadedDocuments } from '../alreadyApplied'
import { done } from '../entryOutcome'
import { realAgendaId } from '../idMap'
import type { Performer } from './performer'

/**
 * Upload of the files stored beside the outbox (`<dir>/uploads/<entry id>/<index>`). Not
 * idempotent: after a lost or partly done upload, the files already on the service are found
 * first (push/alreadyApplied.ts) and only the others are sent. The documents created are
 * claimed (no later upload takes them for its own) and cached, each with the SHA-256 of the
 * bytes sent (its content hash: contentHashes.ts); their bytes are removed once the entry is
 * done. Error `upload_file_missing` when a stored file is gone.
 */
export const upload: Performer<'upload.files'> = async (entry, ctx) => {
  const { action } = entry
  const { client, store, outbox, clock } = ctx
  const agendaId = await realAgendaId(store, action.agendaId)
  const dir = outbox.uploadDir(entry.id)
  const contents: Uint8Array[] = []
  for (const [index, file] of action.files.entries()) {
    try {
      contents.push(await readFile(join(dir, String(index))))
    } catch {
      throw new OfflineError('upload_file_missing', `The file ${file.fileName} to upload is no longer on this device.`)
    }
  }
  const ids = entry.uncertain
    ? await findUploadedDocuments(ctx, entry, action, agendaId)
    : action.files.map((): number | undefined => undefined)
  const missing = action.files.map((_, i) => i).filter((i) => ids[i] === undefined)
  if (missing.length > 0) {
    const created = await client.uploadDocuments({
      agendaId,
      type: action.type,
      files: missing.map((i) => ({
        filename: action.files[i]!.fileName,
        contentType: action.files[i]!.contentType,
        content: contents[i]!,
      })),
    })
    missing.forEach((fileIndex, k) => (ids[fileIndex] = created[k]))
  }
  const newIds = ids.filter((id): id is number => id !== undefined)
  const ops = newIds.map((id) => store.putUploadClaimOp(id, entry.id))
  const at = clock().toISOString()
  for (const [index, id] of ids.entries()) {
    if (id !== undefined) ops.push(...(await contentHashOps(store, id, contents[index]!, at)))
  }
  try {
    const docs =
      newIds.length > 0
        ? await client.listDocuments({ ids: newIds, types: [...new Set([action.type, ...PULLED_TYPES])] })
        : []
    ops.push(...(await serverCopyOps(store, docs, clock().toISOString(), { agendaId })).ops)
  } catch {
    /* the next pull brings them */
  }
  return {
    ...done(ops, { documentIds: newIds, agendaIds: [agendaId] }),
    after: () => outbox.cleanUploads([entry]),
  }
}
