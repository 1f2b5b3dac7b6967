import { z } from 'zod'

/**
 * What Docket reads from a document's own file, independently of the service's extraction:
 * the words of its text layer (or OCR) with their boxes, an embedded e-invoice and payment QR
 * codes. Computed in main (src/main/app/evidence), stored per document version in the
 * account's local store, compared field by field in provenance.ts. Every string and count is
 * bounded: the file is untrusted.
 */

/** Most words kept per document (a 20-page invoice has about 8,000). */
export const MAX_EVIDENCE_WORDS = 20_000
/** Most pages read per document. */
export const MAX_EVIDENCE_PAGES = 20
/** Longest text of one word kept (characters). */
export const MAX_WORD_LENGTH = 200

/**
 * A box on a page, in the page's own units (PDF points for a PDF, pixels for an image) with
 * the origin at the page's top-left corner; `page` counts from 1.
 */
export const evidenceBoxSchema = z.object({
  page: z.number().int().min(1),
  x: z.number(),
  y: z.number(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
})
export type EvidenceBox = z.infer<typeof evidenceBoxSchema>

/** One run of text as the text layer (or OCR) gives it, with its box. */
export const evidenceWordSchema = z.object({
  text: z.string().max(MAX_WORD_LENGTH),
  page: z.number().int().min(1),
  x: z.number(),
  y: z.number(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
})
export type EvidenceWord = z.infer<typeof evidenceWordSchema>

/** A page: its size (same units as its boxes) and where its words came from. */
export const evidencePageSchema = z.object({
  page: z.number().int().min(1),
  width: z.number().positive(),
  height: z.number().positive(),
  /** `text`: the PDF's text layer; `ocr`: recognised from the image; `none`: no words (OCR not run or failed). */
  source: z.enum(['text', 'ocr', 'none']),
})
export type EvidencePage = z.infer<typeof evidencePageSchema>

const money = z.number().finite().nullable()
const shortText = z.string().max(500).nullable()

/** One VAT rate of an embedded e-invoice (CII ApplicableTradeTax, ISDOC TaxSubTotal). */
export const einvoiceTaxLineSchema = z.object({
  percent: z.number().finite(),
  sub_total: money,
  vat_total: money,
})

/**
 * The fields of an embedded e-invoice that the extraction also has, in Docket's terms
 * (Factur-X/ZUGFeRD CII or ISDOC). Dates YYYY-MM-DD; money in `currency`.
 */
export const einvoiceFieldsSchema = z.object({
  format: z.enum(['cii', 'isdoc']),
  invoice_no: shortText,
  issue_date: shortText,
  tax_date: shortText,
  due_date: shortText,
  currency: shortText,
  variable_symbol: shortText,
  supplier_name: shortText,
  supplier_vat_id: shortText,
  supplier_id: shortText,
  supplier_iban: shortText,
  customer_name: shortText,
  customer_vat_id: shortText,
  sub_total: money,
  vat_total: money,
  total: money,
  /** The amount due (after deposits and rounding). */
  payment_amount: money,
  tax_lines: z.array(einvoiceTaxLineSchema).max(50),
})
export type EInvoiceFields = z.infer<typeof einvoiceFieldsSchema>

/** A payment QR code read from the invoice: QR Platba (SPAYD), PAY by square or EPC (`BCD`). */
export const paymentCodeSchema = z.object({
  kind: z.enum(['spayd', 'epc', 'paybysquare']),
  iban: shortText,
  amount: money,
  currency: shortText,
  variable_symbol: shortText,
  /** The due date the code asks for (ISO `YYYY-MM-DD`); evidence stored before it was read has none. */
  due_date: shortText.default(null),
  /** Where the code is (page and box), when known. */
  box: evidenceBoxSchema.nullable(),
})
export type PaymentCode = z.infer<typeof paymentCodeSchema>

/** A part of the evidence that could not be read, with a code a program can branch on. */
export const evidenceProblemSchema = z.object({
  /** `text_layer`, `einvoice`, `qr`, `ocr`: which part; the rest of the evidence still holds. */
  part: z.enum(['text_layer', 'einvoice', 'qr', 'ocr']),
  code: z.string().max(40),
  message: z.string().max(500),
})
export type EvidenceProblem = z.infer<typeof evidenceProblemSchema>

/** Everything read from one document's file. */
export const documentEvidenceSchema = z.object({
  /** The document version it was read for (`last_modified_at`); read again when it changes. */
  version: z.string().max(100),
  /** What it was read from. */
  source: z.enum(['original', 'preview']),
  pages: z.array(evidencePageSchema).max(MAX_EVIDENCE_PAGES),
  words: z.array(evidenceWordSchema).max(MAX_EVIDENCE_WORDS),
  einvoice: einvoiceFieldsSchema.nullable(),
  payments: z.array(paymentCodeSchema).max(10),
  problems: z.array(evidenceProblemSchema).max(20),
  /** How long reading took (ms), for the record and the bench. */
  elapsedMs: z.number().nonnegative(),
})
export type DocumentEvidence = z.infer<typeof documentEvidenceSchema>

/**
 * The evidence of a document as the UI sees it: `pending` (being read, or waiting for the
 * file), `ready`, `none` (nothing to read: no original or preview on this device and none to
 * be had now) or `failed` (the file could not be read; `problem` says why).
 */
export const evidenceStatusSchema = z.enum(['pending', 'ready', 'none', 'failed'])
export type EvidenceStatus = z.infer<typeof evidenceStatusSchema>
