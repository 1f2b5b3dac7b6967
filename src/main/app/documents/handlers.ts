import { runChecks } from '../../../shared/checks/documentChecks'
import type { DocumentRow } from '../../../shared/ipc'
import type { OfflineWorkspace } from '../../offline'
import { AppError } from '../errors'
import { enqueueAll } from '../outbox/enqueue'
import type { HandlersFor } from '../router'
import type { AgendaRowsSource } from './agendaRows'
import { requireCachedDocument } from './cached'
import { withDuplicateFlags } from './rows'

/** The part of the offline workspace the document handlers use. */
export type DocumentsWorkspace = Pick<
  OfflineWorkspace,
  'getDocument' | 'getPreview' | 'getOriginal' | 'enqueue' | 'undo'
>

/** The document channels served from the local store and the outbox. */
export type DocumentChannel =
  | 'documents.list'
  | 'documents.get'
  | 'documents.preview'
  | 'documents.original'
  | 'documents.setState'
  | 'documents.repair'
  | 'documents.archive'
  | 'documents.undo'
  | 'documents.delete'

export interface DocumentHandlerDeps {
  /** The offline workspace of the signed-in account (called on each request). */
  getWorkspace(): DocumentsWorkspace
  /** The agendas' rows and duplicate candidates (shared with `agendas.list`). */
  rows: AgendaRowsSource
  /** The current time, for the overdue check (defaults to the system clock). */
  now?: () => Date
}

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
}

/**
 * The document handlers: reads come only from the local store; actions go to the outbox
 * (with their optimistic effect) and answer the entry ids so the renderer can undo them
 * while unsent.
 *
 * Errors: `not_found` for a document that is not cached; `too_late` from `documents.undo`
 * when an entry was already sent (`details: { undone, tooLate }`); errors of the workspace
 * (e.g. `offline` for an original not cached) pass through with their code.
 */
export function createDocumentHandlers(deps: DocumentHandlerDeps): HandlersFor<DocumentChannel> {
  const { getWorkspace, rows } = deps
  const now = deps.now ?? (() => new Date())

  return {
    'documents.list': async ({ agendaId }) => {
      const listed = await rows.rowsOf(agendaId)
      return { agendaId, rows: withDuplicateFlags(listed.rows, listed.byKey) as DocumentRow[] }
    },

    'documents.get': async ({ id }) => {
      const document = await requireCachedDocument(getWorkspace(), id)
      const checks = runChecks(document, { today: now(), agenda: await rows.candidatesOf(document) })
      return { document, checks }
    },

    'documents.preview': async ({ id }) => {
      const preview = await getWorkspace().getPreview(id)
      return preview ? { contentType: preview.contentType, base64: toBase64(preview.bytes) } : null
    },

    'documents.original': async ({ id }) => {
      const original = await getWorkspace().getOriginal(id)
      return { fileName: original.fileName, contentType: original.contentType, base64: toBase64(original.bytes) }
    },

    'documents.setState': async ({ ids, state }) => {
      const unique = [...new Set(ids)]
      const actions =
        unique.length === 1
          ? [{ kind: 'document.setState' as const, documentId: unique[0]!, state }]
          : [{ kind: 'documents.setStates' as const, items: unique.map((id) => ({ id, state })) }]
      return enqueueAll(getWorkspace(), actions)
    },

    'documents.repair': async ({ ids, description }) => {
      const text = description?.trim()
      return enqueueAll(
        getWorkspace(),
        [...new Set(ids)].map((documentId) =>
          text
            ? { kind: 'document.repair' as const, documentId, description: text }
            : { kind: 'document.repair' as const, documentId },
        ),
      )
    },

    'documents.archive': async ({ ids }) =>
      enqueueAll(
        getWorkspace(),
        [...new Set(ids)].map((documentId) => ({ kind: 'document.archive' as const, documentId })),
      ),

    'documents.undo': async ({ entryIds }) => {
      const workspace = getWorkspace()
      let undone = 0
      let tooLate = 0
      // Newest first, so an action that depends on an earlier one is undone before it.
      for (const entryId of [...entryIds].reverse()) {
        try {
          await workspace.undo(entryId)
          undone++
        } catch (error) {
          if ((error as { code?: unknown }).code === 'too_late') tooLate++
          else throw error
        }
      }
      if (tooLate > 0) {
        throw new AppError(
          'too_late',
          tooLate === entryIds.length
            ? 'Too late to undo: the action was already sent.'
            : `Partly undone: ${tooLate} of ${entryIds.length} actions were already sent.`,
          { undone, tooLate },
        )
      }
      return { undone }
    },

    'documents.delete': async ({ documentId }) => {
      const workspace = getWorkspace()
      await requireCachedDocument(workspace, documentId)
      await workspace.enqueue({ kind: 'document.delete', documentId })
      return { queued: true }
    },
  }
}
