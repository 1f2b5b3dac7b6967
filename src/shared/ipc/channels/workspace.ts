/*
 * The triage workspace's channels (issue 6), merged into contract.ts by `...workspaceChannels`.
 * Handlers: `createWorkspaceHandlers(() => offlineWorkspace)` in src/main/app/workspace.
 * The renderer also listens to events of channels/sync.ts: 'documents.changed',
 * 'outbox.changed', 'sync.status', 'documents.repairFinished'; and calls 'sync.status'.
 */
import { z } from 'zod'
import { commentSchema } from '../../api/comment'
import { documentSchema, settableStateSchema } from '../../api/document'
import { checkResultSchema } from '../../checks/result'
import { defineChannels } from '../define'

const id = z.number().int().positive()
/** An agenda id: positive, or negative for one created offline and not yet sent. */
const agendaId = z
  .number()
  .int()
  .refine((n) => n !== 0, 'agenda id must not be 0')
/** Up to 10,000 documents per action (a whole agenda selected with Ctrl+A). */
const ids = z.array(id).min(1).max(10_000)

/** Why an outbox action failed (sync engine), shown beside the document. */
export const localFailureSchema = z.object({ code: z.string(), message: z.string() })

/**
 * One inbox row: the compact projection of a cached document the list shows (issue 6,
 * "Layout"). Money in the document's currency; dates YYYY-MM-DD as extracted (or null).
 */
export const documentRowSchema = z.object({
  id,
  /** PurchaseInvoice, SalesInvoice, ... */
  type: z.string(),
  /** Document state (spec "States and transitions"), optimistic while an action is pending. */
  state: z.string(),
  supplierName: z.string().nullable(),
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
})
export type DocumentRow = z.infer<typeof documentRowSchema>

/** Counts per inbox tab (src/shared/queues.ts). */
export const queueCountsSchema = z.object({
  to_review: z.number().int(),
  in_repair: z.number().int(),
  processing: z.number().int(),
  exported: z.number().int(),
  all: z.number().int(),
})

/** An agenda in the sidebar with its queue counts. */
export const agendaSummarySchema = z.object({
  id: agendaId,
  name: z.string(),
  /** ISO 4217, the agenda's home currency (null when the service sends none). */
  homeCurrency: z.string().nullable(),
  counts: queueCountsSchema,
})
export type AgendaSummary = z.infer<typeof agendaSummarySchema>

/** A cached document: the wire Document plus where it lives and what is pending locally. */
export const cachedDocumentSchema = documentSchema.extend({
  agenda_id: z.number().int(),
  local: z.looseObject({
    pendingActions: z.number().int().nonnegative(),
    failed: localFailureSchema.nullable(),
    archived: z.boolean(),
  }),
})
export type CachedDocumentView = z.infer<typeof cachedDocumentSchema>

/**
 * A cached comment; `pending` while its create/update is still in the outbox; `localUuid`, on a
 * comment created through the outbox, the `local-<entry id>` uuid it had before the service gave
 * it a real one (a stable identity for the UI).
 */
export const cachedCommentSchema = commentSchema.extend({
  local: z.looseObject({ pending: z.boolean(), localUuid: z.string().optional() }).optional(),
})
export type CachedCommentView = z.infer<typeof cachedCommentSchema>

/** The outbox entries an action wrote; pass them to `documents.undo`. */
export const actionResultSchema = z.object({ entryIds: z.array(z.string()) })
export type ActionResult = z.infer<typeof actionResultSchema>

/** Bytes over IPC/HTTP as base64 (previews are shown through blob: URLs). */
const fileSchema = z.object({ contentType: z.string(), base64: z.string() })

/** Channels of the triage workspace (issue 6): read the local store, act through the outbox. */
export const workspaceChannels = defineChannels({
  'agendas.list': {
    input: z.object({}).strict(),
    output: z.object({ agendas: z.array(agendaSummarySchema) }),
    description: 'Cached agendas with their document counts per inbox queue, for the sidebar.',
  },
  'documents.list': {
    input: z.object({ agendaId }).strict(),
    output: z.object({ agendaId, rows: z.array(documentRowSchema) }),
    description:
      'Every cached, not archived document of an agenda as compact inbox rows, id descending; ' +
      'the renderer filters by queue, type and search and sorts locally.',
  },
  'documents.get': {
    input: z.object({ id }).strict(),
    output: z.object({ document: cachedDocumentSchema, checks: z.array(checkResultSchema) }),
    description: 'The full cached document with the results of the checks panel; not_found when not cached.',
  },
  'documents.preview': {
    input: z.object({ id }).strict(),
    output: fileSchema.nullable(),
    description: 'The cached preview image of a document (null when none is cached yet).',
  },
  'documents.original': {
    input: z.object({ id }).strict(),
    output: fileSchema.extend({ fileName: z.string() }),
    description: 'The original file (PDF) of a document; offline when not cached and no connection.',
  },
  'documents.setState': {
    input: z.object({ ids, state: settableStateSchema }).strict(),
    output: actionResultSchema,
    description:
      'Mark documents ready or exported through the outbox (one id: document.setState; several: one documents.setStates batch).',
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
  'comments.list': {
    input: z.object({ documentId: id }).strict(),
    output: z.object({ comments: z.array(cachedCommentSchema) }),
    description: 'Cached comments of a document, oldest first, including ones still in the outbox.',
  },
  'comments.create': {
    input: z.object({ documentId: id, text: z.string().trim().min(1).max(10_000) }).strict(),
    output: actionResultSchema,
    description: 'Add a comment through the outbox.',
  },
  'comments.update': {
    input: z.object({ documentId: id, uuid: z.string().min(1), text: z.string().trim().min(1).max(10_000) }).strict(),
    output: actionResultSchema,
    description: 'Change the text of a comment through the outbox.',
  },
  'comments.delete': {
    input: z.object({ documentId: id, uuid: z.string().min(1) }).strict(),
    output: actionResultSchema,
    description: 'Delete a comment through the outbox.',
  },
})
