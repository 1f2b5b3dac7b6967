import { z } from 'zod'
import { LIVE_QUEUES } from '../../queues'
import { defineChannels } from '../define'
import { recordIdSchema } from '../fields'

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

/** The inbox filter an export may take instead of ids (the same queue, type and search as the inbox). */
export const exportFilterSchema = z.object({
  queue: z.enum(LIVE_QUEUES).default('all'),
  type: z.enum(['PurchaseInvoice', 'SalesInvoice', 'both']).default('both'),
  /** Matched against supplier name, invoice number, variable symbol and amount. */
  search: z.string().max(200).default(''),
})
export type ExportFilter = z.output<typeof exportFilterSchema>

export const exportRequestSchema = z.object({
  agendaId: recordIdSchema,
  /** `isdoc`: ISDOC 6.0.2 e-invoices, one `.isdoc` file for one document, a zip of them for several. */
  format: z.enum(['csv', 'json', 'isdoc']),
  /** The selected documents, or every document the current filter shows. */
  selection: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('ids'), ids: z.array(recordIdSchema).min(1).max(100_000) }),
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
  files: z.array(
    z.object({ kind: z.enum(['documents', 'items', 'json', 'isdoc', 'isdoc_zip']), path: z.string().optional() }),
  ),
  documentCount: z.number().int(),
  itemCount: z.number().int(),
  /** Documents queued to become exported (0 unless markExported). */
  markedExported: z.number().int(),
  /** ISDOC: documents left out because a value the standard requires was not extracted. */
  skipped: z.array(z.object({ id: z.number().int(), missing: z.array(z.enum(['issue_date', 'total'])) })).default([]),
})
export type ExportResult = z.infer<typeof exportResultSchema>

/** Channels of export. Errors: `not_found` (none of the documents cached), `nothing_to_export`, `io`. */
export const exportChannels = defineChannels({
  'export.documents': {
    input: exportRequestSchema,
    output: exportResultSchema,
    description:
      'Exports documents to CSV (documents file, optional items file), JSON or ISDOC (one file, or a zip of several) through save dialogs.',
  },
})
