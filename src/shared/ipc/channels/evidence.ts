import { z } from 'zod'
import { fieldProvenanceSchema } from '../../evidence/provenance'
import {
  evidencePageSchema,
  evidenceStatusSchema,
  evidenceWordSchema,
  MAX_EVIDENCE_WORDS,
  paymentCodeSchema,
} from '../../evidence/types'
import { defineChannels } from '../define'

/**
 * What the document pane shows of the invoice's own evidence (src/shared/evidence): where each
 * extracted value is on the invoice, whether the embedded e-invoice or the payment QR code
 * agrees, and how far reading the file got.
 */
export const documentEvidenceViewSchema = z.object({
  id: z.number().int(),
  /** `pending` (being read), `ready`, `none` (no file on this device to read), `failed` (`problem` says why). */
  status: evidenceStatusSchema,
  /** False while QR codes and OCR are still being read (ask again later). */
  complete: z.boolean(),
  /** Per extracted value: matches the e-invoice / QR code, on the invoice (page and box), differs, not found. */
  fields: z.array(fieldProvenanceSchema).max(200),
  /** The pages read, with their size in the units of the boxes (PDF points, or image pixels for OCR). */
  pages: z.array(evidencePageSchema).max(20),
  /** The words read off the pages with their boxes (for a click on the invoice to pick a value). */
  words: z.array(evidenceWordSchema).max(MAX_EVIDENCE_WORDS),
  /** What the pages' words came from: the original file or the preview image (OCR of a scan). */
  source: z.enum(['original', 'preview']).nullable(),
  /** The embedded e-invoice's format, when there is one. */
  einvoice: z.enum(['cii', 'isdoc']).nullable(),
  /** The payment QR codes read (IBAN, amount, variable symbol). */
  payments: z.array(paymentCodeSchema).max(10),
  /** How many values no evidence confirms (differs, not found, unchecked). */
  unverified: z.number().int().nonnegative(),
  problem: z.object({ code: z.string(), message: z.string() }).optional(),
})
export type DocumentEvidenceView = z.infer<typeof documentEvidenceViewSchema>

export const evidenceChannels = defineChannels({
  'documents.evidence': {
    input: z.object({ id: z.number().int().positive() }).strict(),
    output: documentEvidenceViewSchema,
    description:
      "The provenance of each extracted value of a cached document, read from the document's own file " +
      '(text layer, embedded e-invoice, payment QR code, OCR) in the background and kept in the local store. ' +
      'Starts reading (fetching the original when online) and waits briefly; pending until the file is read. ' +
      'not_found when the document is not cached.',
  },
})
