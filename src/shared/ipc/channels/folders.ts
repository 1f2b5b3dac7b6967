import { z } from 'zod'
import { agendaSchema } from '../../api/agenda'
import { QUEUES } from '../../queues'
import { agendaCreateRulesSchema, agendaUpdateRulesSchema } from '../../agendaRules'
import { defineChannels, defineEvents } from '../define'

/**
 * Channels of issue 7: agendas (folders), export, upload, the original file, document
 * delete, webhook settings. Errors that reach the renderer (besides the IPC's own):
 * - `validation`: `details.fields` is `{ [dotted field]: string[] }` (local rules or the
 *   service's 422 `errors`, flattened: `address.country`, `auth_credentials.password`);
 * - `forbidden`: not the agenda's owner (403), message from the service;
 * - `offline`/`network`: agenda and webhook editing need a connection;
 * - `not_found`: unknown document or no cached original.
 */

const id = z.number().int().positive()

/** Export columns of the documents file, in their default order. */
export const EXPORT_DOCUMENT_COLUMNS = [
  'id',
  'type',
  'state',
  'user_file_name',
  'invoice_no',
  'variable_symbol',
  'issue_date',
  'tax_date',
  'due_date',
  'currency',
  'currency_rate',
  'supplier_name',
  'supplier_id',
  'supplier_vat_id',
  'supplier_street',
  'supplier_city',
  'supplier_postal_code',
  'supplier_country',
  'customer_name',
  'customer_id',
  'customer_vat_id',
  'iban',
  'bic',
  'sub_total',
  'vat_total',
  'total',
  'comments_count',
  'created_at',
  'last_modified_at',
] as const
export type ExportDocumentColumn = (typeof EXPORT_DOCUMENT_COLUMNS)[number]
/** Columns the export dialog ticks by default. */
export const DEFAULT_EXPORT_COLUMNS: readonly ExportDocumentColumn[] = [
  'id',
  'invoice_no',
  'issue_date',
  'due_date',
  'supplier_name',
  'supplier_vat_id',
  'currency',
  'sub_total',
  'vat_total',
  'total',
  'state',
]

/** The inbox filter an export may take instead of ids (issue 6 "Filters"). */
export const exportFilterSchema = z.object({
  queue: z.enum(QUEUES).default('all'),
  type: z.enum(['PurchaseInvoice', 'SalesInvoice', 'both']).default('both'),
  /** Matched against supplier name, invoice number, variable symbol and amount. */
  search: z.string().max(200).default(''),
})
export type ExportFilter = z.output<typeof exportFilterSchema>

export const exportRequestSchema = z.object({
  agendaId: id,
  format: z.enum(['csv', 'json']),
  /** The selected documents, or every document the current filter shows. */
  selection: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('ids'), ids: z.array(id).min(1).max(100_000) }),
    z.object({ kind: z.literal('filter'), filter: exportFilterSchema }),
  ]),
  columns: z.array(z.enum(EXPORT_DOCUMENT_COLUMNS)).min(1),
  /** CSV: also save an items file (one row per item); JSON: include `items` per document. */
  includeItems: z.boolean().default(false),
  /** After saving, mark the exported documents `exported` (through the outbox). */
  markExported: z.boolean().default(false),
})
export type ExportRequest = z.input<typeof exportRequestSchema>

export const exportResultSchema = z.object({
  /** False when the user cancelled the (first) save dialog; nothing was marked. */
  saved: z.boolean(),
  files: z.array(z.object({ kind: z.enum(['documents', 'items', 'json']), path: z.string().optional() })),
  documentCount: z.number().int(),
  itemCount: z.number().int(),
  /** Documents queued to become exported (0 unless markExported). */
  markedExported: z.number().int(),
})
export type ExportResult = z.infer<typeof exportResultSchema>

/** Upload file types: PDF, PNG, JPEG (checked by magic bytes in main). */
export const UPLOAD_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const

export const uploadRequestSchema = z.object({
  agendaId: id,
  type: z.enum(['PurchaseInvoice', 'SalesInvoice']),
  files: z
    .array(
      z.object({
        /** Chosen by the renderer; progress events carry it back. */
        uploadId: z.string().min(1).max(100),
        fileName: z.string().min(1).max(255),
        /** What the browser says; main trusts the magic bytes instead. */
        contentType: z.string().max(100),
        base64: z.string(),
      }),
    )
    .min(1)
    .max(500),
})
export type UploadRequest = z.input<typeof uploadRequestSchema>

/** Why a file was refused before upload. */
export const uploadRefusalCodeSchema = z.enum(['empty', 'unsupported_type', 'malformed', 'too_large', 'bad_base64'])

export const uploadResultSchema = z.object({
  accepted: z.array(
    z.object({
      uploadId: z.string(),
      fileName: z.string(),
      contentType: z.string(),
      size: z.number().int(),
      /** The outbox entry that sends it (see `outbox.changed`); absent when sent directly. */
      entryId: z.string().optional(),
    }),
  ),
  refused: z.array(
    z.object({ uploadId: z.string(), fileName: z.string(), code: uploadRefusalCodeSchema, reason: z.string() }),
  ),
  /** Number of upload requests (each body under 20 MB) written to the outbox. */
  requests: z.number().int(),
})
export type UploadResult = z.infer<typeof uploadResultSchema>

/**
 * A webhook change (spec "PUT /api/webhooks/:webhook_id"): the URL alone is sent as the
 * single URL string body; with credentials or settings, the record
 * `{ url, auth_credentials: { username, password }, settings }` (accepted by the sandbox;
 * the spec names those fields in its validation errors). The password never leaves main in
 * a log or an error.
 */
export const webhookUpdateSchema = z
  .object({
    webhookId: id,
    url: z.string().max(2048),
    authCredentials: z
      .object({ username: z.string().max(255).optional(), password: z.string().max(255) })
      .strict()
      .optional(),
    settings: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>

const fieldErrors = z.record(z.string(), z.array(z.string()))

export const agendaViewSchema = z.object({
  agenda: agendaSchema,
  /** False for agendas the user does not own: the form is read-only. */
  editable: z.boolean(),
  /** Why it is read-only (the service's 403 message or "only the owner ..."). */
  readOnlyReason: z.string().nullable(),
})
export type AgendaView = z.infer<typeof agendaViewSchema>

/** Channels of agendas, export, upload, original file, delete and webhooks. */
export const folderChannels = defineChannels({
  'agendas.details': {
    input: z.object({ agendaId: id }).strict(),
    output: agendaViewSchema,
    description: 'Fetches an agenda from the service with whether the user may edit it (owner only).',
  },
  'agendas.create': {
    input: z.object({ attributes: agendaCreateRulesSchema }).strict(),
    output: z.object({ id }),
    description: 'Creates an agenda on the service (needs a connection); 422 -> validation with details.fields.',
  },
  'agendas.update': {
    input: z.object({ agendaId: id, attributes: agendaUpdateRulesSchema }).strict(),
    output: agendaViewSchema,
    description: 'Updates the given agenda attributes on the service (owner only; 403 -> forbidden).',
  },
  'documents.delete': {
    input: z.object({ documentId: id }).strict(),
    output: z.object({ queued: z.boolean() }),
    description: 'Removes a document (through the outbox; it disappears from the list at once).',
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
  'export.documents': {
    input: exportRequestSchema,
    output: exportResultSchema,
    description: 'Exports documents to CSV (documents file, optional items file) or JSON through save dialogs.',
  },
  'upload.files': {
    input: uploadRequestSchema,
    output: uploadResultSchema,
    description: 'Checks PDF/PNG/JPEG files and queues their upload in requests under 20 MB.',
  },
  'webhooks.update': {
    input: webhookUpdateSchema,
    output: z.object({ url: z.string() }),
    description: 'Sets the webhook URL; 422 -> validation with details.fields (e.g. auth_credentials.password).',
  },
  'webhooks.delete': {
    input: z.object({ webhookId: id }).strict(),
    output: z.object({ deleted: z.boolean() }),
    description: 'Deletes the webhook registration.',
  },
})

/** Shape of `details` on a `validation` error from these channels. */
export const fieldErrorDetailsSchema = z.object({ fields: fieldErrors })
export type FieldErrorDetails = z.infer<typeof fieldErrorDetailsSchema>

export const uploadProgressSchema = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  /**
   * checking -> refused | queued -> sending -> sent (a document exists; it then moves
   * through Processing) | failed. `queued` and later come from the outbox/sync engine.
   */
  phase: z.enum(['checking', 'refused', 'queued', 'sending', 'sent', 'failed']),
  /** 0..1 of this file. */
  fraction: z.number().min(0).max(1),
  /** Readable reason for refused/failed. */
  reason: z.string().optional(),
  /** The new document's id once sent. */
  documentId: z.number().int().optional(),
})
export type UploadProgress = z.infer<typeof uploadProgressSchema>

/** Events of these features. */
export const folderEvents = defineEvents({
  'upload.progress': {
    payload: uploadProgressSchema,
    description: 'Per-file progress of an upload (checked, queued, sending, sent, failed).',
  },
})
