import type { DocumentEvidence } from '../../../shared/evidence/types'
import type { ReferenceRateTable } from '../../../shared/checks/exchangeRate'
import { applyAcknowledgements } from '../../../shared/checks/acknowledgement'
import type { CheckResult } from '../../../shared/checks/result'
import { runChecks } from '../../../shared/checks/run'
import type { CachedDocument } from '../../offline'
import { sniffDocumentType } from '../../../shared/files/fileType'
import { MAX_ORIGINAL_FILE_BYTES } from '../../../shared/files/limits'
import type { OfflineWorkspace } from '../../offline'
import { checkAction, type DocumentAction } from '../../../shared/documents/allowedActions'
import { ALL_AGENDAS } from '../../../shared/ipc'
import { AppError } from '../errors'
import { enqueueAll } from '../outbox/enqueue'
import type { HandlersFor } from '../router'
import type { AgendaRowsSource } from './agendaRows'
import { refuseArchived, requireCachedDocument } from './cached'
import { companyOf } from './rowCache'
import { withDuplicateFlags } from './rows'
import { createPreviewImages, previewVersion, type PreviewUrlOf } from './previewImages'
import { queryAllAgendas, rowsAcrossAgendas, type AgendaRowSet } from './allAgendasQuery'
import { queryList, rowsByIds } from './rowQuery'
import { createSupplierAccounts } from './supplierAccounts'
import { correctionHandlers } from './corrections'

/** The part of the offline workspace the document handlers use. */
export type DocumentsPort = Pick<
  OfflineWorkspace,
  | 'getDocument'
  | 'getPreview'
  | 'getOriginal'
  | 'enqueue'
  | 'undo'
  | 'noteAgendaOpened'
  | 'acknowledgements'
  | 'acknowledge'
  | 'withdrawAcknowledgement'
  | 'corrections'
  | 'correct'
  | 'withdrawCorrection'
  | 'correctionEvents'
> &
  Partial<Pick<OfflineWorkspace, 'listAgendas' | 'forEachDocument' | 'listDocuments'>>

/** The document channels served from the local store and the outbox. */
export type DocumentChannel =
  | 'documents.query'
  | 'documents.rows'
  | 'documents.get'
  | 'documents.acknowledge'
  | 'documents.withdrawAcknowledgement'
  | 'documents.correct'
  | 'documents.withdrawCorrection'
  | 'documents.corrections'
  | 'documents.preview'
  | 'documents.original'
  | 'documents.setState'
  | 'documents.repair'
  | 'documents.archive'
  | 'documents.undo'
  | 'documents.delete'

export interface DocumentHandlerDeps {
  /** The offline workspace of the signed-in account (called on each request). */
  getWorkspace(): DocumentsPort
  /** The agendas' rows and duplicate candidates (shared with `agendas.list`). */
  rows: AgendaRowsSource
  /** The current time, for the overdue check (defaults to the system clock). */
  now?: () => Date
  /**
   * Where the host serves preview images (`documents.preview` answers this URL, not the bytes);
   * default {@link relativePreviewUrl}.
   */
  previewUrl?: PreviewUrlOf
  /** The exchange-rate check's reference table, asked at each read (default: the one shipped with Docket). */
  referenceRates?: () => ReferenceRateTable
  /** The signed-in user's name, recorded with each correction (null or absent: not known). */
  userName?: () => string | null
  /**
   * What Docket read from a document's own file (null while not read): with it, the checks
   * include the evidence checks (src/shared/evidence/checks.ts). Never waits for a reading.
   */
  evidence?: (documentId: number) => Promise<DocumentEvidence | null>
}

/** `/previews/<id>?v=<version>`, relative to the page's origin: the default for tests. */
export const relativePreviewUrl: PreviewUrlOf = (documentId, version) => `/previews/${documentId}?v=${version}`

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
}

/**
 * The document handlers: reads come only from the local store; actions go to the outbox
 * (with their optimistic effect) and answer the entry ids so the renderer can undo them
 * while unsent.
 *
 * `documents.preview` answers the URL the host serves the image at (see previewImages.ts);
 * `documents.original` carries only a PDF, PNG, JPEG or TIFF recognised by its bytes
 * (`unsupported_type` otherwise) of at most 50 MB (`too_large`).
 *
 * Errors: `not_found` for a document that is not cached; `archived` for an action (state,
 * repair, archive, delete) on an archived document (read-only); `too_late` from
 * `documents.undo` when an entry was already sent or is done (`details: { undone, tooLate }`); errors of the workspace
 * (e.g. `offline` for an original not cached) pass through with their code.
 */
export function createDocumentHandlers(deps: DocumentHandlerDeps): HandlersFor<DocumentChannel> {
  const { getWorkspace, rows } = deps
  const now = deps.now ?? (() => new Date())
  const previewUrl = deps.previewUrl ?? relativePreviewUrl
  const previews = createPreviewImages(getWorkspace)
  const supplierAccounts = createSupplierAccounts(async (agendaIds) =>
    (await rows.recentRowsOfEach(agendaIds)).map((read) => ('rows' in read ? read.rows.accounts : null)),
  )

  /** The checks panel of a document: every check run against the cache, the person's answers applied. */
  async function checksOf(workspace: DocumentsPort, document: CachedDocument): Promise<CheckResult[]> {
    const checks = runChecks(document, {
      today: now(),
      agenda: await rows.candidatesOf(document),
      company: await companyOf(workspace, document.agenda_id),
      supplierAccounts: await supplierAccounts.forDocument(workspace, document),
      ...(deps.referenceRates ? { rates: deps.referenceRates() } : {}),
      ...(deps.evidence ? { evidence: await deps.evidence(document.id).catch(() => null) } : {}),
    })
    return applyAcknowledgements(checks, await workspace.acknowledgements(document.id))
  }

  /**
   * The rows of every agenda of the account the local store lists, in its order. An agenda
   * the cache cannot read lists nothing rather than failing the whole queue. One call of the
   * row source for all of them; each agenda's rows are the same arrays while unchanged, so the
   * merged list and its token are kept (allAgendasQuery.ts, listToken.ts) and a view after one
   * action works out again only what that action changed, not the 14,000 rows of 200 agendas.
   */
  async function allAgendaRows(): Promise<AgendaRowSet[]> {
    const workspace = getWorkspace()
    const agendas = workspace.listAgendas ? await workspace.listAgendas() : []
    const read = await rows.rowsOfEach(agendas.map(({ id }) => id))
    const sets: AgendaRowSet[] = []
    agendas.forEach(({ id }, index) => {
      const answer = read[index]!
      if ('rows' in answer)
        sets.push({
          agendaId: id,
          rows: withDuplicateFlags(answer.rows.rows, answer.rows.byKey),
          archived: answer.rows.archived,
        })
    })
    return sets
  }

  return {
    'documents.query': async ({ agendaId, query, window }) => {
      if (agendaId === ALL_AGENDAS) {
        // The All agendas list reads what each agenda's cache holds and opens none of them:
        // making every agenda of a firm available offline would download all its clients.
        const answer = queryAllAgendas(await allAgendaRows(), query, window)
        return {
          agendaId,
          ids: answer.ids,
          agendaIds: answer.agendaIds,
          rows: answer.rows,
          counts: answer.counts,
          totals: answer.totals,
        }
      }
      // Querying an agenda's list is opening it: it becomes available offline by default (never
      // rejects), recorded before the answer so an `agendas.list` after it says so.
      const opened = getWorkspace().noteAgendaOpened(agendaId)
      const listed = await rows.flaggedRowsOf(agendaId)
      const answer = { agendaId, ...queryList(listed, query, window, await rows.archivedRowsOf(agendaId)) }
      await opened
      return answer
    },

    'documents.rows': async ({ agendaId, ids }) => {
      if (agendaId === ALL_AGENDAS) return { agendaId, ...rowsAcrossAgendas(await allAgendaRows(), ids) }
      return {
        agendaId,
        rows: rowsByIds(await rows.flaggedRowsOf(agendaId), ids, await rows.archivedRowsOf(agendaId)),
      }
    },

    'documents.get': async ({ id }) => {
      const workspace = getWorkspace()
      const document = await requireCachedDocument(workspace, id)
      return { document, checks: await checksOf(workspace, document) }
    },

    'documents.acknowledge': async ({ id, code, kind, reason }) => {
      const workspace = getWorkspace()
      const document = await requireCachedDocument(workspace, id)
      if (kind === 'not_duplicate' && code !== 'duplicate') {
        throw new AppError('invalid_input', 'Only the duplicate check can be answered "Not a duplicate".')
      }
      const check = (await checksOf(workspace, document)).find((result) => result.code === code)
      if (!check || (check.status !== 'warning' && check.status !== 'acknowledged')) {
        throw new AppError('not_warning', `The ${code} check of document ${id} shows no warning to acknowledge.`)
      }
      await workspace.acknowledge({
        documentId: id,
        code,
        kind,
        reason: reason || null,
        ...(kind === 'not_duplicate' ? { documentIds: check.documentIds ?? [] } : {}),
      })
      return { checks: await checksOf(workspace, document) }
    },

    'documents.withdrawAcknowledgement': async ({ id, code }) => {
      const workspace = getWorkspace()
      const document = await requireCachedDocument(workspace, id)
      await workspace.withdrawAcknowledgement(id, code)
      return { checks: await checksOf(workspace, document) }
    },

    ...correctionHandlers({ getWorkspace, checksOf, userName: deps.userName ?? (() => null) }),

    'documents.preview': async ({ id }) => {
      const image = await previews.image(id)
      if (!image) return null
      return {
        contentType: image.contentType,
        url: previewUrl(id, previewVersion(image.bytes)),
        bytes: image.bytes.byteLength,
      }
    },

    'documents.original': async ({ id }) => {
      const original = await getWorkspace().getOriginal(id)
      const type = sniffDocumentType(original.bytes)
      if (!type) {
        throw new AppError(
          'unsupported_type',
          `The original of document ${id} is not a PDF, PNG, JPEG or TIFF file, so Docket does not show it.`,
        )
      }
      if (original.bytes.byteLength > MAX_ORIGINAL_FILE_BYTES) {
        throw new AppError('too_large', `The original of document ${id} is larger than Docket shows (50 MB).`)
      }
      return { fileName: original.fileName, contentType: type.mimeType, base64: toBase64(original.bytes) }
    },

    'documents.setState': async ({ ids, state }) => {
      const unique = [...new Set(ids)]
      await refuseArchived(getWorkspace(), unique)
      return enqueueAll(getWorkspace(), [
        { kind: 'documents.setState' as const, items: unique.map((id) => ({ id, state })) },
      ])
    },

    'documents.repair': async ({ ids, description }) => {
      const text = description?.trim()
      await refuseArchived(getWorkspace(), [...new Set(ids)])
      // The service refuses a repair outside Not ready / Ready to export (422): say so now
      // rather than queue an action that can never succeed.
      const refused = await refusedByState(getWorkspace(), 'repair', [...new Set(ids)])
      if (refused.length > 0) {
        throw new AppError('not_allowed', 'Only documents in Not ready or Ready to export can be sent to repair.', {
          ids: refused,
        })
      }
      return enqueueAll(
        getWorkspace(),
        [...new Set(ids)].map((documentId) =>
          text
            ? { kind: 'documents.repair' as const, documentId, description: text }
            : { kind: 'documents.repair' as const, documentId },
        ),
      )
    },

    'documents.archive': async ({ ids }) => {
      const unique = [...new Set(ids)]
      await refuseArchived(getWorkspace(), unique)
      return enqueueAll(
        getWorkspace(),
        unique.map((documentId) => ({ kind: 'documents.archive' as const, documentId })),
      )
    },

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
          // An entry no longer in the outbox was sent and settled: too late as well.
          const code = (error as { code?: unknown }).code
          if (code === 'too_late' || code === 'not_found') tooLate++
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
      await refuseArchived(workspace, [documentId])
      const entry = await workspace.enqueue({ kind: 'documents.delete', documentId })
      return { queued: true, entryIds: [entry.id] }
    },
  }
}

/**
 * The ids among `ids` on which the service would refuse `action` in their cached state
 * (src/shared/documents/allowedActions.ts); documents not in the cache are left to the service.
 */
async function refusedByState(
  workspace: Pick<OfflineWorkspace, 'getDocument'>,
  action: DocumentAction,
  ids: number[],
): Promise<number[]> {
  const refused: number[] = []
  for (const id of ids) {
    const doc = await workspace.getDocument(id)
    if (doc && !checkAction(action, { state: doc.state, archived: doc.local.archived }).allowed) refused.push(id)
  }
  return refused
}
