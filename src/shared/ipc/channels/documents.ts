import { z } from 'zod'
import { documentSchema } from '../../api/document'
import { MAX_ACKNOWLEDGEMENT_REASON } from '../../checks/acknowledgement'
import { correctionEventSchema, correctionSchema, fieldPathSchema, MAX_CORRECTION_INPUT } from '../../corrections'
import { historyItemSchema } from '../../history/events'
import { checkCodeSchema, checkResultSchema } from '../../checks/result'
import { base64LengthOf, MAX_ORIGINAL_FILE_BYTES } from '../../files/limits'
import { agendaRefSchema, documentIdSchema, stateItemSchema } from '../../outbox/actions'
import { QUEUES } from '../../queues'
import { defineChannels, defineEvents } from '../define'
import { agendaSummarySchema, queueCountsSchema } from './agendas'
import { cachedCommentSchema } from './comments'
import { actionResultSchema } from './outbox'

const id = documentIdSchema
/** Up to 10,000 documents per action (a whole agenda selected with Ctrl+A). */
const ids = z.array(id).min(1).max(10_000)

/**
 * Why an outbox action failed (sync engine), shown beside the document; `kind` is the failed
 * action's kind (the renderer words the refusal by code and kind).
 */
export const localFailureSchema = z.object({ code: z.string(), message: z.string(), kind: z.string().optional() })

/**
 * One inbox row: the compact projection of a cached document the list shows. Money in the
 * document's currency; dates YYYY-MM-DD as extracted (or null).
 */
export const documentRowSchema = z.object({
  id,
  /** PurchaseInvoice, SalesInvoice, ... */
  type: z.string(),
  /** Document state (docs/service-interface.md, "States"), optimistic while an action is pending. */
  state: z.string(),
  supplierName: z.string().nullable(),
  /**
   * The other party of the invoice as the agenda sees it: the customer of a sales invoice,
   * the supplier of anything else (the agenda's own company is the supplier of its sales).
   */
  counterpartyName: z.string().nullable(),
  invoiceNo: z.string().nullable(),
  variableSymbol: z.string().nullable(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  total: z.number().nullable(),
  /** ISO 4217 code of `total`; null when not extracted. */
  currency: z.string().nullable(),
  commentsCount: z.number().int().nonnegative(),
  /** Outbox actions on this document not yet confirmed by the service. */
  pending: z.number().int().nonnegative(),
  /** The last failed outbox action on this document, if any. */
  failed: localFailureSchema.nullable(),
  /**
   * The checks of the checks panel this document fails, in its order, for the inbox flags:
   * the document's own checks (`rowWarnings` of src/shared/checks, against the agenda's
   * company and home currency) and IBAN, plus `duplicate` when another document of the agenda
   * looks like the same invoice. `overdue` is left out: the due date column shows it, and it
   * changes with the day, not with the document. A warning the person answered (*Not a
   * duplicate*, *Acknowledge*) is not here but in `acknowledged`: it no longer counts.
   */
  warnings: z.array(checkCodeSchema),
  /**
   * The checks this document fails whose warning the person answered (kept per account,
   * src/shared/checks/acknowledgement.ts): shown quietly, never counted as a warning (the
   * *Clean* filter, the tab counts and *Mark clean ones ready* treat them as answered).
   * Absent or empty when none.
   */
  acknowledged: z.array(checkCodeSchema).optional(),
})
export type DocumentRow = z.infer<typeof documentRowSchema>

/** A cached document: the wire Document plus where it lives and what is pending locally. */
export const cachedDocumentSchema = documentSchema.extend({
  agenda_id: z.number().int(),
  local: z.looseObject({
    pendingActions: z.number().int().nonnegative(),
    failed: localFailureSchema.nullable(),
    archived: z.boolean(),
    /**
     * The person's corrections in force (only when there is one): the document's fields
     * already hold the corrected values; `extracted` is the service's value now.
     */
    corrections: z.array(correctionSchema).optional(),
    /** SHA-256 of the newest version of the original, when Docket held its bytes. */
    contentSha256: z.string().optional(),
  }),
})
export type CachedDocumentView = z.infer<typeof cachedDocumentSchema>

/** The longest base64 of an original file handed to the renderer (the client accepts at most 50 MB). */
const MAX_ORIGINAL_BASE64_LENGTH = base64LengthOf(MAX_ORIGINAL_FILE_BYTES)

/**
 * A preview image as the renderer gets it: a URL the host serves it at (the app protocol in
 * Electron, the harness's server in a browser), never the bytes, so a large image does not
 * cross IPC. Only PNG and JPEG previews are served.
 */
export const previewImageSchema = z.object({
  contentType: z.enum(['image/png', 'image/jpeg']),
  /** Absolute (`app://docket/cache/previews/<id>?v=<version>`) or relative to the page's origin. */
  url: z.string().min(1).max(2048),
  /** Size of the image in bytes. */
  bytes: z.number().int().nonnegative(),
})
export type PreviewImageView = z.infer<typeof previewImageSchema>

/**
 * What the inbox shows of an agenda: the tab, the type, checks and search filters and the
 * sort (src/shared/documents/listQuery.ts applies them). The search is at most 200 characters.
 */
export const listQuerySchema = z
  .object({
    queue: z.enum(QUEUES),
    type: z.enum(['all', 'PurchaseInvoice', 'SalesInvoice']),
    warnings: z.enum(['all', 'warnings', 'clean']),
    search: z.string().max(200),
    sort: z
      .object({
        key: z.enum(['received', 'issueDate', 'dueDate', 'total', 'supplier']),
        direction: z.enum(['asc', 'desc']),
      })
      .strict(),
  })
  .strict()
export type ListQuery = z.infer<typeof listQuerySchema>

/** The agenda reference of the *All agendas* list: every agenda of the account in one queue. */
export const ALL_AGENDAS = 'all'
/**
 * Which list `documents.query` and `documents.rows` answer: one agenda (its id, negative for
 * one created offline) or {@link ALL_AGENDAS}.
 */
export const agendaScopeSchema = z.union([agendaRefSchema, z.literal(ALL_AGENDAS)])
export type AgendaScope = z.infer<typeof agendaScopeSchema>
/** The agenda of each listed id or row, at the same position (the All agendas list only). */
const agendaIdsSchema = z.array(z.number().int())

/** Rows answered with a query, and asked by id at once, at most (a screen is about 30). */
export const MAX_ROWS_PER_CALL = 500

/** The window of positions of a list whose rows to answer (those on screen and around). */
const rowWindowSchema = z
  .object({ start: z.number().int().min(0), count: z.number().int().min(0).max(MAX_ROWS_PER_CALL) })
  .strict()

/** What `documents.query` answers: the list of one query of an agenda. */
export const documentListSchema = z.object({
  agendaId: agendaScopeSchema,
  /** Every document of the list, in its order: the tab, filters and sort applied. */
  ids: z.array(id),
  /** All agendas: the agenda of each of `ids`. */
  agendaIds: agendaIdsSchema.optional(),
  /** The rows of `ids` from `window.start`, at most `window.count` of them. */
  rows: z.array(documentRowSchema),
  /** Tab counts under the type, checks and search filters. */
  counts: queueCountsSchema,
  /** Tab counts of the whole agenda, filters aside. */
  totals: queueCountsSchema,
})
export type DocumentList = z.infer<typeof documentListSchema>

/** Characters of a list's or the agendas' token at most (`documents.watch`). */
export const LIST_TOKEN_MAX = 100

/** Documents loaded ahead of the open one by a watch, at most (the next six in the direction of travel and one back). */
export const MAX_WATCHED_AHEAD = 8

/**
 * What a screen shows, as it tells main (`documents.watch`): the agenda and list query with the
 * window of rows on screen, the open document and those it may step to next. `viewId` names the
 * screen (one per renderer); `revision` counts its statements, so a view answered for an older
 * one is told apart.
 */
export const documentWatchSchema = z
  .object({
    viewId: z.string().min(1).max(64),
    revision: z.number().int().min(0),
    /** The agenda listed ({@link ALL_AGENDAS}: every agenda), or null when none is chosen yet (no list is answered). */
    agendaId: agendaScopeSchema.nullable(),
    query: listQuerySchema,
    window: rowWindowSchema,
    /** The document open in the pane, or null. */
    openId: id.nullable(),
    /** Documents the next step (j / k) may open, loaded with the view so the step shows one at once. */
    ahead: z.array(id).max(MAX_WATCHED_AHEAD),
    /**
     * The {@link watchedListSchema} `token` of the list the screen holds (that of the last view
     * it applied): main leaves that list's ids out of a view whose list is still the same one.
     * Null or absent (a screen that holds no list yet, a new renderer): the whole list.
     */
    listToken: z.string().min(1).max(LIST_TOKEN_MAX).nullable().optional(),
    /**
     * The {@link documentViewSchema} `agendasToken` of the sidebar's agendas the screen holds
     * (those of the last view that carried them): main leaves the agendas out of a view whose
     * agendas are still those. Null or absent (none held, a new renderer, agendas read
     * otherwise since): the agendas.
     */
    agendasToken: z.string().min(1).max(LIST_TOKEN_MAX).nullable().optional(),
  })
  .strict()
export type DocumentWatch = z.infer<typeof documentWatchSchema>

/**
 * The list of a watched query as a view carries it: a `documents.query` answer with a `token`
 * naming the list's content (its agenda, ids and their agendas, in order). The ids (and
 * `agendaIds`), O(n) in the length of the list, are left out when the watch stated that token
 * as the one it holds (`listToken`): the screen keeps the list it has. The rows of the window,
 * the counts and the totals always come. A screen told of a token it does not hold states
 * itself again without one (and gets the whole list).
 */
export const watchedListSchema = documentListSchema.extend({
  /** Every document of the list, in its order; absent when the list is the one of `listToken` the watch stated. */
  ids: z.array(id).optional(),
  /** Names this list's content: the same agenda, ids and agendas in the same order give the same token. */
  token: z.string().min(1).max(LIST_TOKEN_MAX),
})
export type WatchedList = z.infer<typeof watchedListSchema>

/** A document as the pane shows it: the cached document, its checks, comments, history and preview image. */
export const openedDocumentSchema = z.object({
  document: cachedDocumentSchema,
  checks: z.array(checkResultSchema),
  comments: z.array(cachedCommentSchema),
  /**
   * Its history in the signed-in account (as `history.list` answers it: actions with who, when
   * and where they are now, returns from repair, answers to warnings, corrections), oldest
   * first; given for the open document only (those ahead get it once opened).
   */
  history: z.array(historyItemSchema).optional(),
  /**
   * Where the host serves its preview image, or null when none can be shown; given for the open
   * document only (those ahead are read without it: finding an image may mean a download).
   */
  preview: previewImageSchema.nullable().optional(),
})
export type OpenedDocumentView = z.infer<typeof openedDocumentSchema>

/**
 * What main answers a watch with and pushes (`documents.view`) after every change of the store
 * (an action enqueued, settled or undone, a pull): the list, the open document and those ahead,
 * the sidebar's agendas. `version` grows with every view main works out for `viewId`.
 * The list's ids and the agendas are left out when the watch names them as held (its tokens).
 */
export const documentViewSchema = z.object({
  viewId: z.string(),
  revision: z.number().int(),
  version: z.number().int(),
  /** The list of the watched query (its ids left out when the watch holds it already), or null when no agenda is watched. */
  list: watchedListSchema.nullable(),
  /** The open document (when readable) and those ahead that could be read, open one first. */
  documents: z.array(openedDocumentSchema),
  /** Why the open document could not be read (e.g. `not_found`: gone since listed), or null. */
  openError: z.object({ code: z.string(), message: z.string() }).nullable(),
  /**
   * Every agenda of the account with its counts and offline settings (the sidebar); absent when
   * they are the ones of the `agendasToken` the watch stated: the screen keeps those it holds.
   */
  agendas: z.array(agendaSummarySchema).optional(),
  /**
   * Names the agendas' content (every field of each, in order), present whether `agendas` is or
   * not: equal agendas give the same token. A view without agendas naming a token the screen
   * does not hold has it state itself again without one (and get the agendas).
   */
  agendasToken: z.string().min(1).max(LIST_TOKEN_MAX),
})
export type DocumentView = z.infer<typeof documentViewSchema>

/**
 * Channels of documents. Reads come from the local store; actions go through the outbox and
 * answer the entry ids they wrote, so the renderer can undo them while unsent. Saving and
 * opening the original go through the host (save dialog, system viewer).
 */
export const documentChannels = defineChannels({
  'documents.watch': {
    input: documentWatchSchema,
    output: documentViewSchema,
    description:
      'States what a screen shows (agenda, list query, row window, open document and those ahead) and answers ' +
      'its view; main then pushes the view again (`documents.view`) after every change of the store until unwatched.',
  },
  'documents.unwatch': {
    input: z.object({ viewId: z.string().min(1).max(64) }).strict(),
    output: z.object({ watching: z.boolean() }),
    description: 'Stops the pushes of a screen (it closed); answers whether it was watched.',
  },
  'documents.query': {
    input: z
      .object({
        agendaId: agendaScopeSchema,
        query: listQuerySchema,
        /** The positions in the list whose rows to answer with the ids (those on screen and around). */
        window: z
          .object({ start: z.number().int().min(0), count: z.number().int().min(0).max(MAX_ROWS_PER_CALL) })
          .strict(),
      })
      .strict(),
    output: documentListSchema,
    description:
      'The inbox list of an agenda, worked out in the services: the ids in order, the tab counts ' +
      'and the rows of a window of it. Opening an agenda this way makes it available offline by default. ' +
      'With agendaId "all", the list over every agenda of the account (agendaIds names the agenda of each id); ' +
      'that does not make any agenda available offline.',
  },
  'documents.rows': {
    input: z.object({ agendaId: agendaScopeSchema, ids: z.array(id).max(MAX_ROWS_PER_CALL) }).strict(),
    output: z.object({
      agendaId: agendaScopeSchema,
      rows: z.array(documentRowSchema),
      /** All agendas: the agenda of each of `rows`. */
      agendaIds: agendaIdsSchema.optional(),
    }),
    description:
      'The inbox rows of the given documents of an agenda (those about to be shown), in the order ' +
      'asked; ids no longer listed in the agenda are left out. With agendaId "all", of any agenda of the account.',
  },
  'documents.get': {
    input: z.object({ id }).strict(),
    output: z.object({ document: cachedDocumentSchema, checks: z.array(checkResultSchema) }),
    description:
      "The full cached document with the results of the checks panel; not_found when not cached. The person's " +
      'corrections are applied (the fields hold the corrected values, local.corrections lists them).',
  },
  'documents.acknowledge': {
    input: z
      .object({
        id,
        code: checkCodeSchema,
        /** `not_duplicate` only for the `duplicate` check; `acknowledged` for any warning. */
        kind: z.enum(['not_duplicate', 'acknowledged']),
        reason: z.string().trim().max(MAX_ACKNOWLEDGEMENT_REASON).optional(),
      })
      .strict(),
    output: z.object({ checks: z.array(checkResultSchema) }),
    description:
      "Keeps the person's answer to a warning of the checks panel (Not a duplicate, Acknowledge with a reason) " +
      "in the account's local store, across syncs; answers the checks again. not_warning when the check does not warn.",
  },
  'documents.withdrawAcknowledgement': {
    input: z.object({ id, code: checkCodeSchema }).strict(),
    output: z.object({ checks: z.array(checkResultSchema) }),
    description: 'Removes the answer to a warning (Undo acknowledgement); answers the checks again.',
  },
  'documents.correct': {
    input: z
      .object({
        id,
        /** A correctable field's path (src/shared/corrections): `summary.total`, `tax_lines.0.vat_total`, ... */
        field: fieldPathSchema,
        /** The value as typed; checked and normalised by the field's kind in main. */
        value: z.string().max(MAX_CORRECTION_INPUT),
      })
      .strict(),
    output: z.object({ document: cachedDocumentSchema, checks: z.array(checkResultSchema) }),
    description:
      "Keeps the person's correction of an extracted field in the account's local store (the service takes no " +
      'corrected fields); answers the document as Docket now reads it and its checks. invalid_value (details.reason) ' +
      'when the value does not fit the field; a value the service already says withdraws the correction.',
  },
  'documents.withdrawCorrection': {
    input: z.object({ id, field: fieldPathSchema }).strict(),
    output: z.object({ document: cachedDocumentSchema, checks: z.array(checkResultSchema) }),
    description:
      "Removes the correction of a field: the service's value is read again; answers the document and its checks.",
  },
  'documents.corrections': {
    input: z.object({ id }).strict(),
    output: z.object({ corrections: z.array(correctionSchema), events: z.array(correctionEventSchema) }),
    description:
      'The corrections of a document in force (extracted: the service value now) and what happened to its corrections, oldest first (made, withdrawn, settled by the service).',
  },
  'documents.preview': {
    input: z.object({ id }).strict(),
    output: previewImageSchema.nullable(),
    description:
      'Where the host serves the preview image of a document (null when none is cached yet, or it is not a PNG or JPEG).',
  },
  'documents.original': {
    input: z.object({ id }).strict(),
    output: z.object({
      /** The type its bytes were recognised as: a PDF, PNG, JPEG or TIFF, nothing else. */
      contentType: z.enum(['application/pdf', 'image/png', 'image/jpeg', 'image/tiff']),
      base64: z.string().max(MAX_ORIGINAL_BASE64_LENGTH),
      fileName: z.string(),
    }),
    description:
      'The original file (PDF) of a document for the in-app view; offline when not cached and no connection, unsupported_type when its bytes are not a PDF, PNG, JPEG or TIFF.',
  },
  'documents.setState': {
    input: z.object({ ids, state: stateItemSchema.shape.state }).strict(),
    output: actionResultSchema,
    description:
      'Mark documents ready or exported through the outbox (one documents.setState action; one id is sent as a single PATCH, several as one batch).',
  },
  'documents.repair': {
    input: z.object({ ids, description: z.string().max(2000).optional() }).strict(),
    output: actionResultSchema,
    description: 'Send documents to human repair with an optional description (one outbox action per document).',
  },
  'documents.archive': {
    input: z.object({ ids }).strict(),
    output: actionResultSchema,
    description: 'Archive documents through the outbox (one action per document).',
  },
  'documents.undo': {
    input: z.object({ entryIds: z.array(z.string().min(1)).min(1).max(10_000) }).strict(),
    output: z.object({ undone: z.number().int() }),
    description:
      'Undo the outbox entries of the last action while not yet sent; too_late when one was already sent (the others are still undone).',
  },
  'documents.delete': {
    input: z.object({ documentId: id }).strict(),
    /** `entryIds`: the outbox entry, for `documents.undo` while it waits (10 s) unsent. */
    output: z.object({ queued: z.boolean(), entryIds: z.array(z.string()) }),
    description:
      'Removes a document (through the outbox; it disappears from the list at once, and can be undone until sent).',
  },
  'documents.saveOriginal': {
    input: z.object({ documentId: id }).strict(),
    output: z.object({ saved: z.boolean(), path: z.string().optional() }),
    description: 'Saves the uploaded original file through a save dialog (a download in the harness).',
  },
  'documents.openOriginal': {
    input: z.object({ documentId: id }).strict(),
    output: z.object({ opened: z.boolean() }),
    description: "Opens the original file with the system's default viewer.",
  },
})

/** Payload of `documents.changed`: which cached documents and agendas to read again. */
export const documentsChangedSchema = z.object({
  documentIds: z.array(z.number().int()),
  agendaIds: z.array(z.number().int()),
})
export type DocumentsChanged = z.infer<typeof documentsChangedSchema>

/** Payload of `documents.repairFinished`. */
export const repairFinishedSchema = z.object({
  documentId: z.number().int(),
  agendaId: z.number().int(),
  state: z.string(),
})
export type RepairFinished = z.infer<typeof repairFinishedSchema>

/**
 * Payload of `documents.correctionsSettled`: corrections dropped because the service's own
 * data came to say the corrected value (field paths of src/shared/corrections).
 */
export const correctionsSettledSchema = z.object({
  settled: z.array(z.object({ documentId: z.number().int(), field: z.string(), value: z.string() })),
})
export type CorrectionsSettled = z.infer<typeof correctionsSettledSchema>

/** Events about cached documents. */
export const documentEvents = defineEvents({
  'documents.view': {
    payload: documentViewSchema,
    description:
      'The view of a watched screen, worked out again after a change of the store (coalesced); a screen applies only its own viewId.',
  },
  'documents.changed': {
    payload: documentsChangedSchema,
    description:
      'Cached documents or agendas changed (pull, action, rollback): re-read the documents named; re-read the agendas named whole (listed in full, record changed, documents removed); both empty: everything. A pull that changed nothing says nothing.',
  },
  'documents.repairFinished': {
    payload: repairFinishedSchema,
    description: 'The service finished the human review of a document sent for repair.',
  },
  'documents.correctionsSettled': {
    payload: correctionsSettledSchema,
    description:
      "The service's data now says what the person corrected: those corrections were dropped (the document's history keeps them).",
  },
})
