import type { AgendaListPort } from './agendas/list'
import type { OfflineWorkspace } from '../offline'
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
import { crossDocumentFacts } from './documents/crossDocumentFacts'
import { DocumentWatches } from './documents/watch'
import type { SubscribeToEvents } from './eventBus'
import { documentViewSchema, type EventName, type EventPayload } from '../../shared/ipc'
import type { HandlersFor } from './router'

/** The part of the offline workspace the triage screen's channels use (the history: for watched views). */
export type TriagePort = AgendaListPort & RowsPort & DocumentsPort & CommentsPort & Pick<OfflineWorkspace, 'historyOf'>

/** Options of {@link createTriageHandlers}: the row source's, and where the host serves preview images. */
export interface TriageOptions extends AgendaRowsOptions {
  /** Builds the URL `documents.preview` answers (the host's route for preview images). */
  previewUrl?: PreviewUrlOf
  /** The signed-in user's name, recorded with each correction (absent: not known). */
  userName?: () => string | null
  /** The evidence read from a document's file, for its checks (src/main/app/evidence). */
  evidence?: DocumentHandlerDeps['evidence']
  /**
   * The events after which watched views are worked out again (default `subscribe`): a stand-in
   * store that keeps no row cache passes its own here.
   */
  changes?: SubscribeToEvents
  /** Sends the views main pushes to watched screens (`documents.view`); without it nothing is pushed. */
  emit?: <E extends EventName>(event: E, payload: EventPayload<E>) => void
  /**
   * Follows the renderers the host saw go (closed, crashed, reloaded, navigated: the `sender`
   * of their calls' context); their screens stop being worked out. Returns a stop function.
   */
  sendersGone?: (listener: (sender: string) => void) => () => void
}

/** The channels the triage screen reads and acts through, all served by the local store. */
export type TriageChannel =
  | 'agendas.list'
  | DocumentChannel
  | 'documents.watch'
  | 'documents.unwatch'
  | 'comments.list'
  | 'comments.create'
  | 'comments.update'
  | 'comments.delete'

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
  const agendas = createAgendaListHandlers(getWorkspace, rows)
  const documents = createDocumentHandlers({
    getWorkspace,
    rows,
    ...(options.now ? { now: options.now } : {}),
    ...(options.previewUrl ? { previewUrl: options.previewUrl } : {}),
    ...(options.referenceRates ? { referenceRates: options.referenceRates } : {}),
    ...(options.userName ? { userName: options.userName } : {}),
    ...(options.evidence ? { evidence: options.evidence } : {}),
  })
  const comments = createCommentHandlers(getWorkspace)
  const main = { senderUrl: 'main' }
  const emit = options.emit
  // The watches read through the channels' own handlers: a view is what the calls would answer.
  const watches = new DocumentWatches({
    reads: {
      list: async ({ agendaId, query, window }) => documents['documents.query']({ agendaId, query, window }, main),
      document: async (id) => {
        const [detail, listed] = await Promise.all([
          documents['documents.get']({ id }, main),
          comments['comments.list']({ documentId: id }, main),
        ])
        return { document: detail.document, checks: detail.checks, comments: listed.comments }
      },
      // The pane shows the data without the image when it cannot be read.
      preview: async (id) => Promise.resolve(documents['documents.preview']({ id }, main)).catch(() => null),
      // Corrections included (withCorrectionEvents); the comments still show when it cannot be read.
      history: async (id) =>
        getWorkspace()
          .historyOf(id)
          .catch(() => []),
      agendas: async () => (await agendas['agendas.list']({}, main)).agendas,
      facts: async (id) => {
        const document = await getWorkspace().getDocument(id)
        return document ? crossDocumentFacts(document) : null
      },
    },
    subscribe: (emit && (options.changes ?? options.subscribe)) || (() => () => undefined),
    push: (view) => emit?.('documents.view', documentViewSchema.parse(view)),
  })
  options.sendersGone?.((sender) => watches.forget(sender))
  return {
    ...agendas,
    ...documents,
    // An answer to a warning is kept without an event: the views read their documents' checks again.
    'documents.acknowledge': async (input, context) => {
      const answer = await documents['documents.acknowledge'](input, context)
      watches.checksChanged()
      return answer
    },
    'documents.withdrawAcknowledgement': async (input, context) => {
      const answer = await documents['documents.withdrawAcknowledgement'](input, context)
      watches.checksChanged()
      return answer
    },
    ...comments,
    'documents.watch': (watch, context) => watches.watch(watch, context.sender),
    'documents.unwatch': ({ viewId }) => ({ watching: watches.unwatch(viewId) }),
  }
}
