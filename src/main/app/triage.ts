import type { AgendaListPort } from './agendas/list'
import { createAgendaListHandlers } from './agendas/list'
import { createCommentHandlers, type CommentsPort } from './comments/handlers'
import { createAgendaRowsSource, type AgendaRowsOptions } from './documents/agendaRows'
import {
  createDocumentHandlers,
  type DocumentChannel,
  type DocumentHandlerDeps,
  type DocumentsPort,
} from './documents/handlers'
import type { PreviewUrlOf } from './documents/previewImages'
import type { RowsPort } from './documents/rowCache'
import type { HandlersFor } from './router'

/** The part of the offline workspace the triage screen's channels use. */
export type TriagePort = AgendaListPort & RowsPort & DocumentsPort & CommentsPort

/** Options of {@link createTriageHandlers}: the row source's, and where the host serves preview images. */
export interface TriageOptions extends AgendaRowsOptions {
  /** Builds the URL `documents.preview` answers (the host's route for preview images). */
  previewUrl?: PreviewUrlOf
  /** The signed-in user's name, recorded with each correction (absent: not known). */
  userName?: () => string | null
  /** The evidence read from a document's file, for its checks (src/main/app/evidence). */
  evidence?: DocumentHandlerDeps['evidence']
}

/** The channels the triage screen reads and acts through, all served by the local store. */
export type TriageChannel =
  'agendas.list' | DocumentChannel | 'comments.list' | 'comments.create' | 'comments.update' | 'comments.delete'

/**
 * The handlers of the triage screen: `agendas.list`, the local-store `documents.*` channels
 * and `comments.*`, sharing one source of agenda rows so the sidebar counts, the inbox list
 * and the duplicate check read each agenda once. Everything comes from the workspace alone
 * (no service client, no host), which is also what lets a test or the e2e fake-store harness
 * serve the triage screen from an in-memory workspace.
 */
export function createTriageHandlers(
  getWorkspace: () => TriagePort,
  options: TriageOptions = {},
): HandlersFor<TriageChannel> {
  const rows = createAgendaRowsSource(getWorkspace, options)
  return {
    ...createAgendaListHandlers(getWorkspace, rows),
    ...createDocumentHandlers({
      getWorkspace,
      rows,
      ...(options.now ? { now: options.now } : {}),
      ...(options.previewUrl ? { previewUrl: options.previewUrl } : {}),
      ...(options.referenceRates ? { referenceRates: options.referenceRates } : {}),
      ...(options.userName ? { userName: options.userName } : {}),
      ...(options.evidence ? { evidence: options.evidence } : {}),
    }),
    ...createCommentHandlers(getWorkspace),
  }
}
