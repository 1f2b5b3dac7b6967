import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { PayBySquareError } from '../../../shared/evidence/payBySquare'
import { parsePaymentCode } from '../../../shared/evidence/payment'
import type { EvidenceProblem, PaymentCode } from '../../../shared/evidence/types'

/**
 * Payment QR codes on an invoice image (PNG or JPEG bytes: the document's preview), read with
 * zxing-wasm's reader. The WebAssembly binary is loaded from the package in node_modules,
 * never from the CDN the package would fetch it from by default. Runs in the evidence worker.
 */

/** Images larger than this (bytes) are not scanned. */
export const MAX_QR_IMAGE_BYTES = 20 * 1024 * 1024

let prepared: Promise<typeof import('zxing-wasm/reader')> | null = null

/** zxing-wasm's reader with its wasm read from node_modules (once). */
function reader(): Promise<typeof import('zxing-wasm/reader')> {
  prepared ??= (async () => {
    const zxing = await import('zxing-wasm/reader')
    const wasm = await readFile(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'))
    zxing.prepareZXingModule({
      overrides: {
        instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
          void WebAssembly.instantiate(wasm, imports).then(({ instance }) => done(instance))
          return {}
        },
      },
    })
    return zxing
  })().catch((error: unknown) => {
    prepared = null
    throw error
  })
  return prepared
}

/**
 * The payment QR codes (SPAYD, EPC, PAY by square) in an image, with their boxes in the
 * image's pixels on `page`. Other codes are ignored; a PAY by square code that does not decode
 * is a `qr` problem with its code (`damaged`, `no_payment`), the other codes still count.
 * Throws when the image cannot be decoded.
 */
export async function readPaymentCodes(
  image: Uint8Array,
  page = 1,
): Promise<{ payments: PaymentCode[]; problems: EvidenceProblem[] }> {
  if (image.byteLength > MAX_QR_IMAGE_BYTES) return { payments: [], problems: [] }
  const zxing = await reader()
  const results = await zxing.readBarcodes(image, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 4 })
  const codes: PaymentCode[] = []
  const problems: EvidenceProblem[] = []
  for (const result of results) {
    let payment
    try {
      payment = parsePaymentCode(result.text)
    } catch (error) {
      if (!(error instanceof PayBySquareError)) throw error
      problems.push({ part: 'qr', code: error.code, message: error.message.slice(0, 500) })
      continue
    }
    if (!payment) continue
    const { topLeft, bottomRight } = result.position
    codes.push({
      ...payment,
      box: {
        page,
        x: topLeft.x,
        y: topLeft.y,
        width: Math.max(0, bottomRight.x - topLeft.x),
        height: Math.max(0, bottomRight.y - topLeft.y),
      },
    })
  }
  return { payments: codes, problems }
}
