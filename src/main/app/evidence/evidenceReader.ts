import type { EvidenceProblem, PaymentCode } from '../../../shared/evidence/types'
import { readPdf, readQr, type PdfReading } from './fileReading'

/**
 * Reads files for the evidence: the PDF job and the QR job of fileReading.ts. The app runs
 * them in child processes ({@link ProcessEvidenceReader} in evidenceProcess.ts);
 * {@link inlineEvidenceReader} runs them on the calling thread (unit tests).
 */
export interface EvidenceReader {
  /** A PDF's pages, words and embedded e-invoice. Rejects with an {@link EvidenceReadError}. */
  readPdf(bytes: Uint8Array): Promise<PdfReading>
  /** An image's payment QR codes. Rejects with an {@link EvidenceReadError}. */
  readQr(bytes: Uint8Array, page: number): Promise<{ payments: PaymentCode[]; problems: EvidenceProblem[] }>
  /**
   * A document without evidence was opened: its file is likely read soon, so the reader may
   * get ready now (start the PDF process) and the first read does not pay for it. Optional.
   */
  warm?(): void
  /** Stops the processes, if any. */
  close(): Promise<void>
}

/**
 * Why a file could not be read at all: `timeout` (it took too long and its process was
 * ended), `reader_failed` (the reading process crashed, exited or could not start),
 * `bad_reply` (the reading process answered something that is not a reading), `closed`.
 */
export class EvidenceReadError extends Error {
  constructor(
    readonly code: 'timeout' | 'reader_failed' | 'bad_reply' | 'closed',
    message: string,
  ) {
    super(message)
    this.name = 'EvidenceReadError'
  }
}

/** Reads on the calling thread. */
export const inlineEvidenceReader: EvidenceReader = {
  readPdf: (bytes) => readPdf(bytes),
  readQr: (bytes, page) => readQr(bytes, page),
  close: async () => undefined,
}
