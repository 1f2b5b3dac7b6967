import { z } from 'zod'
import { dateOrNull, integerId, linkSchema, linksSchema, numeric, text, timestamp } from './common'

/**
 * Document schemas of list, fetch, upload and original-file answers (docs/service-interface.md,
 * "Documents"). Unknown fields are kept. Only the
 * identity fields are required (links, id, type, state, timestamps): a document still being
 * processed may lack extracted data, so those parts are optional and their fields nullish.
 * Money is in the document's currency (`data.header.currency`).
 */

/** Every document state used by public clients. `Document.state` stays a plain string. */
export const DOCUMENT_STATES = [
  'uploaded',
  'extracting',
  'templating',
  'extracted',
  'verifying',
  'verifying_individual',
  'extracting_items',
  'repairing',
  'ready',
  'not_ready',
  'parent',
  'trash',
  'file_duplicate',
  'data_duplicate',
  'exporting',
  'auto_exporting',
  'exported',
  'auto_exported',
] as const
export const documentStateSchema = z.enum(DOCUMENT_STATES)
/** A known document state. */
export type DocumentState = z.infer<typeof documentStateSchema>
/** The two states a client may set (PATCH /documents/:id and batch PATCH). */
export const settableStateSchema = z.enum(['ready', 'exported'])
export type SettableState = z.infer<typeof settableStateSchema>

/** invoice_type values: 0 invoice, 1 credit note, 2 proforma invoice, 3 receipt. */
export const InvoiceType = {
  invoice: 0,
  creditNote: 1,
  proforma: 2,
  receipt: 3,
} as const
export type InvoiceType = (typeof InvoiceType)[keyof typeof InvoiceType]

/** Document types seen: PurchaseInvoice, SalesInvoice (others kept as strings). */
export const DOCUMENT_TYPES = ['PurchaseInvoice', 'SalesInvoice'] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]

/** data.header: invoice identification, dates (YYYY-MM-DD or null), currency. */
export const documentHeaderSchema = z.looseObject({
  locale: text,
  invoice_text: text,
  invoice_no: text,
  sepa_reference: text,
  variable_symbol: text,
  specific_symbol: text,
  issue_date: dateOrNull,
  tax_date: dateOrNull,
  due_date: dateOrNull,
  currency: text,
  /** A decimal held in a string, e.g. "1.0". */
  currency_rate: z.union([z.string(), z.number()]).nullish(),
  text: text,
  customer_no: text,
  purchase_order_no: text,
  reference: text,
  delivery_note_no: text,
  card_no: text,
})
export type DocumentHeader = z.infer<typeof documentHeaderSchema>

/** Supplier or customer. List responses add iban, bic, bban, bank_code. */
export const partySchema = z.looseObject({
  name: text,
  id: text,
  tax_id: text,
  vat_id: text,
  street: text,
  city: text,
  postal_code: text,
  country: text,
  iban: text,
  bic: text,
  bban: text,
  bank_code: text,
})
export type Party = z.infer<typeof partySchema>

const amount = numeric.nullish()

/** summary: totals in the document's currency. */
export const summarySchema = z.looseObject({
  shipping: amount,
  other_cost1: amount,
  other_cost2: amount,
  other_cost3: amount,
  total_discount: amount,
  payment_amount: amount,
  paid_deposits: amount,
  rounding: amount,
  sub_total: amount,
  vat_total: amount,
  total: amount,
})
export type Summary = z.infer<typeof summarySchema>

/** A tax line: one VAT rate with its base, VAT and total. */
export const taxLineSchema = z.looseObject({
  id: integerId.nullish(),
  percent: amount,
  sub_total: amount,
  vat_total: amount,
  total: amount,
  paid_deposits: amount,
})
export type TaxLine = z.infer<typeof taxLineSchema>

/** An item (invoice line). */
export const itemSchema = z.looseObject({
  id: integerId.nullish(),
  code: text,
  name: text,
  quantity: amount,
  unit: z.union([z.string(), z.number()]).nullish(),
  unit_price: amount,
  tax_rate: amount,
  subtotal: amount,
  tax: amount,
  total: amount,
  discount_rate: amount,
  discount: amount,
})
export type Item = z.infer<typeof itemSchema>

export const bankAccountSchema = z.looseObject({
  bban: text,
  bank_code: text,
  bic: text,
  iban: text,
})
export type BankAccount = z.infer<typeof bankAccountSchema>

/** A document (invoice) as the service returns it. */
export const documentSchema = z.looseObject({
  links: z.looseObject({ self: linkSchema.optional() }).optional(),
  id: integerId,
  type: z.string(),
  created_at: timestamp,
  last_modified_at: timestamp,
  /** One of {@link DOCUMENT_STATES} normally; unknown states are kept as they are. */
  state: z.string(),
  /** Present in list responses. */
  comments_count: integerId.optional(),
  view_detail: text,
  verificator_response: text,
  parent_document_id: integerId.nullish(),
  /** Relative path of a preview image (GET it with the bearer token). */
  preview: text,
  /** Signed download address of the original file (expiry + signature query parameters). */
  original: text,
  user_file_name: text,
  /** See {@link InvoiceType}; other integers are kept. */
  invoice_type: integerId.nullish(),
  bank_account: bankAccountSchema.nullish(),
  /** Present in list responses; may be empty. */
  payment_options: z.union([z.looseObject({}), z.array(z.unknown())]).nullish(),
  data: z.looseObject({ header: documentHeaderSchema.nullish() }).nullish(),
  supplier: partySchema.nullish(),
  customer: partySchema.nullish(),
  summary: summarySchema.nullish(),
  tax_lines: z.array(taxLineSchema).nullish(),
  items: z.array(itemSchema).nullish(),
})
export type Document = z.infer<typeof documentSchema>

/** GET /api/v1_2/documents (and fetch, repair, archive): `{ links, documents: [...] }`. */
export const documentListResponseSchema = z.looseObject({
  links: linksSchema.optional(),
  documents: z.array(documentSchema),
})
export type DocumentListResponse = z.infer<typeof documentListResponseSchema>

/** POST /api/v1_2/documents response: `{ documents: [{ id, ... }] }` in request order. */
export const uploadResponseSchema = z.looseObject({
  documents: z.array(z.looseObject({ id: integerId })),
})
export type UploadResponse = z.infer<typeof uploadResponseSchema>

/** PATCH /api/v1_2/documents/:id response: `{ document: { state }, message }`. */
export const setStateResponseSchema = z.looseObject({
  document: z.looseObject({ state: z.string() }).optional(),
  message: z.string().optional(),
})
export type SetStateResponse = z.infer<typeof setStateResponseSchema>

/** PATCH /api/v1_2/documents (batch) response: `{ message }` (enqueued). */
export const messageResponseSchema = z.looseObject({ message: z.string() })
export type MessageResponse = z.infer<typeof messageResponseSchema>

/**
 * GET /api/v1_2/documents/:id/original_file response. `original_file_base64` is URL-safe
 * base64 (`-`→`+`, `_`→`/`, `,`→`=`).
 */
export const originalFileResponseSchema = z.looseObject({
  documents: z
    .array(
      z.looseObject({
        id: integerId.optional(),
        user_file_name: z.string(),
        original_content_type: z.string(),
        original_file_base64: z.string(),
      }),
    )
    .min(1),
})
export type OriginalFileResponse = z.infer<typeof originalFileResponseSchema>
