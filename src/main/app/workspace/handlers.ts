import { duplicateKey, runChecks, type DuplicateCandidate } from '../../../shared/checks/documentChecks'
import type { ChannelName } from '../../../shared/ipc/contract'
import type { DocumentRow, workspaceChannels } from '../../../shared/ipc/channels/workspace'
import { countQueues } from '../../../shared/queues'
import type { Handler } from '../router'
import { WorkspaceError } from './errors'
import type { CachedDocument, TriageAction, WorkspacePort } from './port'
import { AgendaRowCache, readAgendaRows, type AgendaRows, type WorkspaceEventSubscriber } from './rowCache'

/** The channel names of the triage workspace (src/shared/ipc/channels/workspace.ts). */
export type WorkspaceChannelName = keyof typeof workspaceChannels & ChannelName

/** One handler per workspace channel. */
export type WorkspaceHandlers = { [C in WorkspaceChannelName]: Handler<C> }

export interface WorkspaceHandlerOptions {
  /** The current time, for the overdue check (defaults to the system clock). */
  now?: () => Date
  /**
   * How long the supplier + invoice number index of an agenda (duplicate check) may be reused
   * by `documents.get` without reading the agenda again, in ms (default 60,000). Every
   * `documents.list` and `agendas.list` refreshes it, and the renderer lists again on each
   * `documents.changed`, so in practice it is current; reading 10,000 documents per open
   * would not be.
   */
  duplicateIndexMaxAgeMs?: number
  /**
   * The app's events (`bus.connect`). Given, the rows and duplicate index of each listed agenda
   * are kept between calls and updated from `documents.changed`
   * ({@link AgendaRowCache}), and `duplicateIndexMaxAgeMs` no longer applies; without it, every
   * listing reads the agenda again.
   */
  subscribe?: WorkspaceEventSubscriber
}

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
}

/**
 * The handlers of the triage channels (issue 6) on top of the offline workspace (issue 5):
 * reads come only from the local store; actions go to the outbox (with their optimistic
 * effect) and answer the entry ids so the renderer can undo them while unsent.
 * `getWorkspace` is called on each request (the workspace changes when the account does).
 *
 * Errors: `not_found` for a document that is not cached; `too_late` from `documents.undo`
 * when an entry was already sent; errors of the workspace (e.g. `offline` for an original
 * not cached) pass through with their code.
 */
export function createWorkspaceHandlers(
  getWorkspace: () => WorkspacePort,
  options: WorkspaceHandlerOptions = {},
): WorkspaceHandlers {
  const now = options.now ?? (() => new Date())
  const maxAge = options.duplicateIndexMaxAgeMs ?? 60_000
  const cache = options.subscribe ? new AgendaRowCache(getWorkspace, options.subscribe) : null
  /** Without the row cache: the last read of each agenda (a read in flight is shared). */
  const duplicateIndex = new Map<number, { at: number; rows: Promise<AgendaRows> }>()

  /** An agenda's rows: from the row cache, or read (refreshing the timed duplicate index). */
  const listAgenda = (agendaId: number): Promise<AgendaRows> => {
    if (cache) return cache.get(agendaId)
    const rows = readAgendaRows(getWorkspace(), agendaId)
    duplicateIndex.set(agendaId, { at: now().getTime(), rows })
    rows.catch(() => {
      if (duplicateIndex.get(agendaId)?.rows === rows) duplicateIndex.delete(agendaId)
    })
    return rows
  }

  /** The documents of the agenda that share `doc`'s duplicate key (all the check needs to see). */
  const candidatesOf = async (doc: CachedDocument): Promise<readonly DuplicateCandidate[]> => {
    const key = duplicateKey(doc.supplier?.name, doc.data?.header?.invoice_no)
    if (key === null) return []
    const timed = cache ? undefined : duplicateIndex.get(doc.agenda_id)
    const rows = await (timed && now().getTime() - timed.at <= maxAge ? timed.rows : listAgenda(doc.agenda_id))
    return rows.byKey.get(key) ?? []
  }

  const enqueueAll = async (actions: TriageAction[]): Promise<{ entryIds: string[] }> => {
    const workspace = getWorkspace()
    const entryIds: string[] = []
    for (const action of actions) entryIds.push((await workspace.enqueue(action)).id)
    return { entryIds }
  }

  const requireDocument = async (id: number) => {
    const doc = await getWorkspace().getDocument(id)
    if (!doc) throw new WorkspaceError('not_found', `Document ${id} is not in this device's cache.`)
    return doc
  }

  return {
    'agendas.list': async () => {
      const agendas = await getWorkspace().listAgendas()
      const summaries = []
      for (const agenda of agendas) {
        const { rows } = await listAgenda(agenda.id)
        summaries.push({
          id: agenda.id,
          name: agenda.name,
          homeCurrency: agenda.home_currency ?? null,
          counts: countQueues(rows.map((row) => row.state)),
        })
      }
      return { agendas: summaries }
    },

    'documents.list': async ({ agendaId }) => {
      const { rows } = await listAgenda(agendaId)
      return { agendaId, rows: rows as DocumentRow[] }
    },

    'documents.get': async ({ id }) => {
      const document = await requireDocument(id)
      const checks = runChecks(document, { today: now(), agenda: await candidatesOf(document) })
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
      if (unique.length === 1) return enqueueAll([{ kind: 'document.setState', documentId: unique[0]!, state }])
      return enqueueAll([{ kind: 'documents.setStates', items: unique.map((id) => ({ id, state })) }])
    },

    'documents.repair': async ({ ids, description }) => {
      const text = description?.trim()
      return enqueueAll(
        [...new Set(ids)].map((documentId) =>
          text ? { kind: 'document.repair', documentId, description: text } : { kind: 'document.repair', documentId },
        ),
      )
    },

    'documents.archive': async ({ ids }) =>
      enqueueAll([...new Set(ids)].map((documentId) => ({ kind: 'document.archive', documentId }))),

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
        throw new WorkspaceError(
          'too_late',
          tooLate === entryIds.length
            ? 'Too late to undo: the action was already sent.'
            : `Partly undone: ${tooLate} of ${entryIds.length} actions were already sent.`,
          { undone, tooLate },
        )
      }
      return { undone }
    },

    'comments.list': async ({ documentId }) => {
      const comments = await getWorkspace().listComments(documentId)
      return {
        comments: [...comments].sort((a, b) =>
          a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0,
        ),
      }
    },

    'comments.create': async ({ documentId, text }) => {
      await requireDocument(documentId)
      return enqueueAll([{ kind: 'comment.create', documentId, text }])
    },

    'comments.update': async ({ documentId, uuid, text }) =>
      enqueueAll([{ kind: 'comment.update', documentId, uuid, text }]),

    'comments.delete': async ({ documentId, uuid }) => enqueueAll([{ kind: 'comment.delete', documentId, uuid }]),
  }
}
