import type {
  EInvoiceFields,
  EvidencePage,
  EvidenceProblem,
  EvidenceWord,
  PaymentCode,
} from '../../../shared/evidence/types'
import { EInvoiceError, readEInvoiceXml } from './einvoiceXml'
import { readPdfEvidence } from './pdfEvidence'
import { readPaymentCodes } from './qrCodes'

/**
 * The reading jobs of the evidence child process (evidenceChild.ts), callable on any thread:
 * a PDF's text layer and embedded e-invoice, an image's payment QR codes. A part that cannot
 * be read becomes a problem with a code; the other parts still count.
 */

/** What a PDF yields: its pages and words, the embedded e-invoice (if any), the problems met. */
export interface PdfReading {
  pages: EvidencePage[]
  words: EvidenceWord[]
  einvoice: EInvoiceFields | null
  problems: EvidenceProblem[]
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300)

/** Reads `pdf`; a file pdf.js cannot open is a `text_layer` problem `unreadable_pdf`. */
export async function readPdf(pdf: Uint8Array): Promise<PdfReading> {
  const problems: EvidenceProblem[] = []
  let read
  try {
    read = await readPdfEvidence(pdf)
  } catch (error) {
    return {
      pages: [],
      words: [],
      einvoice: null,
      problems: [
        { part: 'text_layer', code: 'unreadable_pdf', message: `The PDF could not be read: ${messageOf(error)}` },
      ],
    }
  }
  let einvoice: EInvoiceFields | null = null
  // Factur-X names its XML factur-x.xml, ZUGFeRD zugferd-invoice.xml, XRechnung xrechnung.xml; ISDOC *.isdoc.
  const candidates = read.attachments.filter((file) => /\.(xml|isdoc)$/iu.test(file.name))
  for (const file of candidates) {
    try {
      einvoice = readEInvoiceXml(file.bytes)
      break
    } catch (error) {
      if (error instanceof EInvoiceError && error.code === 'not_einvoice') continue
      problems.push({
        part: 'einvoice',
        code: error instanceof EInvoiceError ? error.code : 'unreadable',
        message: messageOf(error),
      })
    }
  }
  return { pages: read.pages, words: read.words, einvoice, problems }
}

/** The payment QR codes of an image; an image that cannot be decoded is a `qr` problem. */
export async function readQr(
  image: Uint8Array,
  page: number,
): Promise<{ payments: PaymentCode[]; problems: EvidenceProblem[] }> {
  try {
    return await readPaymentCodes(image, page)
  } catch (error) {
    return { payments: [], problems: [{ part: 'qr', code: 'unreadable_image', message: messageOf(error) }] }
  }
}
