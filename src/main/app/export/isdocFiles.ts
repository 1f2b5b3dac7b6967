import { zipSync } from 'fflate'
import type { Document } from '../../../shared/api'
import type { ExportResult } from '../../../shared/ipc'
import { AppError } from '../errors'
import type { FileToSave } from '../ports'
import { correctionsOf } from './corrections'
import { isdocFileName, isdocGaps, isdocUuid, isdocXml } from './isdoc'

const utf8 = new TextEncoder()

/** ISDOC files are XML; the save dialog offers `.isdoc` (the extension Czech accounting software opens). */
export const ISDOC_MIME_TYPE = 'application/x-isdoc+xml'

/**
 * The file an ISDOC export saves: one `.isdoc` for one document, else a zip (fflate) holding
 * one `.isdoc` per document (names made unique with the document id). Documents that lack a
 * value ISDOC requires are left out and listed in `skipped`. Errors: `nothing_to_export`
 * (code) when no document can become ISDOC.
 */
export function isdocExport(
  documents: readonly Document[],
  options: {
    agendaId: number
    homeCurrency?: string | null
    baseName: string
    mtime: Date
    /** Per document id: failed checks the file's note names (documents exported marked). */
    flaggedChecks?: ReadonlyMap<number, readonly string[]>
    /** Per credit note id: the invoice it corrects. */
    originals?: ReadonlyMap<number, Document>
  },
): { file: FileToSave; kind: 'isdoc' | 'isdoc_zip'; skipped: ExportResult['skipped']; count: number } {
  const skipped: ExportResult['skipped'] = []
  const files: { id: number; name: string; xml: string }[] = []
  for (const doc of documents) {
    const missing = isdocGaps(doc, options.homeCurrency)
    if (missing.length > 0) {
      skipped.push({ id: doc.id, missing })
      continue
    }
    const parent = options.originals?.get(doc.id)
    const original = parent
      ? {
          id: parent.data?.header?.invoice_no ?? '',
          issueDate: parent.data?.header?.issue_date ?? null,
          uuid: isdocUuid(options.agendaId, parent.id),
        }
      : doc.data?.header?.reference
        ? { id: doc.data.header.reference }
        : null
    const xml = isdocXml(doc, {
      agendaId: options.agendaId,
      homeCurrency: options.homeCurrency,
      original,
      flaggedChecks: options.flaggedChecks?.get(doc.id) ?? [],
      corrections: correctionsOf(doc),
    })
    files.push({ id: doc.id, name: isdocFileName(doc), xml })
  }
  if (files.length === 0) {
    throw new AppError(
      'nothing_to_export',
      'None of the documents has the issue date, total (and, in a foreign currency, exchange rate) an ISDOC invoice requires.',
      { skipped },
    )
  }
  if (files.length === 1) {
    const only = files[0]!
    return {
      file: { kind: 'export', suggestedName: only.name, mimeType: ISDOC_MIME_TYPE, bytes: utf8.encode(only.xml) },
      kind: 'isdoc',
      skipped,
      count: 1,
    }
  }
  const seen = new Set<string>()
  const entries: Record<string, [Uint8Array, { mtime: Date }]> = {}
  files.forEach(({ id, name, xml }) => {
    const unique = seen.has(name) ? name.replace(/\.isdoc$/, `-${id}.isdoc`) : name
    seen.add(unique)
    entries[unique] = [utf8.encode(xml), { mtime: options.mtime }]
  })
  return {
    file: {
      kind: 'export',
      suggestedName: `${options.baseName}-isdoc.zip`,
      mimeType: 'application/zip',
      bytes: zipSync(entries, { level: 6 }),
    },
    kind: 'isdoc_zip',
    skipped,
    count: files.length,
  }
}
