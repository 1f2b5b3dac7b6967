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
  'bank_account',
  'sub_total',
  'vat_total',
  'total',
  'comments_count',
  'created_at',
  'last_modified_at',
  'document_type',
  'credit_note',
  'home_currency',
  'home_sub_total',
  'home_vat_total',
  'home_total',
  'vat_by_rate',
  'warnings',
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
  'document_type',
  'vat_by_rate',
  'home_total',
  'warnings',
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

/** The export formats; `isdoc` and `pohoda` are the ones an accounting program books from. */
export const EXPORT_FORMATS = ['csv', 'xlsx', 'json', 'isdoc', 'pohoda'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/**
 * A period the export is limited to: documents whose issue date (or tax date) falls between
 * `from` and `to`, both included (YYYY-MM-DD; either may be left open).
 */
export const exportPeriodSchema = z.object({
  field: z.enum(['issue_date', 'tax_date']).default('issue_date'),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullish(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullish(),
})
export type ExportPeriod = z.output<typeof exportPeriodSchema>

/** How a CSV file writes its cells: the field separator and the decimal mark of amounts. */
export const csvOptionsSchema = z.object({
  delimiter: z.enum([',', ';', '\t']).default(','),
  decimalMark: z.enum(['.', ',']).default('.'),
})
export type CsvOptions = z.output<typeof csvOptionsSchema>

/**
 * What an ISDOC or Pohoda export does with documents that fail a money check (totals, tax
 * lines, rates, exchange rate): `ask` exports nothing and answers them in `flagged`; `leave_out`
 * exports the others; `mark` exports them too, each with a note saying which checks failed.
 * Never rewritten.
 */
export const FLAGGED_CHOICES = ['ask', 'leave_out', 'mark'] as const
export type FlaggedChoice = (typeof FLAGGED_CHOICES)[number]

export const exportRequestSchema = z.object({
  agendaId: recordIdSchema,
  /**
   * `csv` documents file (+ items file); `xlsx` an Excel workbook (documents sheet, tax lines
   * sheet); `json`; `isdoc` ISDOC 6.0.2 e-invoices, one `.isdoc` file for one document, a zip
   * of them for several; `pohoda` one Pohoda XML `dataPack` of received invoices.
   */
  format: z.enum(EXPORT_FORMATS),
  /** The selected documents, or every document the current filter shows. */
  selection: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('ids'), ids: z.array(recordIdSchema).min(1).max(100_000) }),
    z.object({ kind: z.literal('filter'), filter: exportFilterSchema }),
  ]),
  /** Only the documents of this period (on top of the selection). */
  period: exportPeriodSchema.nullish(),
  columns: z.array(z.enum(EXPORT_DOCUMENT_COLUMNS)).min(1),
  /** CSV: separator and decimal mark (the dialog defaults them to the user's locale). */
  csv: csvOptionsSchema.optional(),
  /** ISDOC and Pohoda: documents failing a money check (see {@link FLAGGED_CHOICES}). */
  flagged: z.enum(FLAGGED_CHOICES).default('ask'),
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
    z.object({
      kind: z.enum(['documents', 'items', 'json', 'xlsx', 'isdoc', 'isdoc_zip', 'pohoda']),
      path: z.string().optional(),
    }),
  ),
  documentCount: z.number().int(),
  itemCount: z.number().int(),
  /** Documents queued to become exported (0 unless markExported). */
  markedExported: z.number().int(),
  /** ISDOC: documents left out because a value the standard requires was not extracted. */
  skipped: z
    .array(z.object({ id: z.number().int(), missing: z.array(z.enum(['issue_date', 'total', 'currency_rate'])) }))
    .default([]),
  /**
   * ISDOC and Pohoda: documents that fail a money check. With `flagged: 'ask'` nothing was
   * saved (`saved` false) and the dialog asks; otherwise those left out or exported marked.
   */
  flagged: z
    .array(
      z.object({
        id: z.number().int(),
        supplier: z.string(),
        invoiceNo: z.string(),
        /** The check codes that failed (see `CHECK_CODES`). */
        checks: z.array(z.string()),
      }),
    )
    .default([]),
  /** What happened to `flagged` documents: asked (nothing saved), left out or exported marked. */
  flaggedAction: z.enum(FLAGGED_CHOICES).optional(),
})
export type ExportResult = z.infer<typeof exportResultSchema>

/** Channels of export. Errors: `not_found` (none of the documents cached), `nothing_to_export`, `io`. */
export const exportChannels = defineChannels({
  'export.documents': {
    input: exportRequestSchema,
    output: exportResultSchema,
    description:
      'Exports documents to CSV (documents file, optional items file), an Excel workbook, JSON, ISDOC (one file, or a zip of several) or Pohoda XML through save dialogs.',
  },
})
