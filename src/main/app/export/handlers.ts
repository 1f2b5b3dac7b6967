import type { Agenda, Document } from '../../../shared/api'
import { agendaProfileOf } from '../../../shared/checks'
import type { ExportPeriod, ExportRequest, ExportResult } from '../../../shared/ipc'
import type { OfflineWorkspace } from '../../offline'
import { AppError } from '../errors'
import type { FileHost } from '../ports'
import type { Handler, HandlersFor } from '../router'
import { countItems, documentsCsv, documentsJson, itemsCsv, type ExportContext } from './format'
import { isdocGaps } from './isdoc'
import { isdocExport } from './isdocFiles'
import { describeFailure, moneyFailures } from './moneyFlags'
import { pohodaGaps, pohodaXml } from './pohoda'
import { applyFilter, inPeriod, pickByIds } from './selection'
import { documentsXlsx } from './xlsx'

/** The part of the offline workspace export uses (`listAgendas`, when given, names the agenda's home currency, country and company). */
export type ExportPort = Pick<OfflineWorkspace, 'listDocuments' | 'getDocument' | 'enqueue'> &
  Partial<Pick<OfflineWorkspace, 'listAgendas'>>

export interface ExportHandlerDeps {
  /** The offline workspace of the signed-in account (called on each request). */
  getWorkspace(): ExportPort
  /** Save dialogs (Electron) or downloads (harness). */
  files: FileHost
  /** The current time, for file names and `exported_at` (defaults to the system clock). */
  now?: () => Date
}

const utf8 = new TextEncoder()

const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

type Flagged = ExportResult['flagged'][number]

/**
 * The handler of `export.documents`: reads the documents from the local store (works
 * offline), keeps those of the period when one is given, builds CSV (documents file, then an
 * items file when asked), an Excel workbook, JSON, ISDOC (one `.isdoc`, or a zip for
 * several) or Pohoda XML, saves each through {@link FileHost.saveFile}, and, when asked and
 * the first file was saved, marks them exported with one `documents.setState` outbox action.
 *
 * ISDOC and Pohoda go to the books: documents failing a money check are never exported
 * silently. With `flagged: 'ask'` nothing is saved and they are answered in `flagged`;
 * `leave_out` exports the others; `mark` exports them with a note naming the failed checks.
 * Documents lacking what the format requires are left out and listed in `skipped`.
 *
 * Errors: `not_found` when none of the requested documents is cached; `nothing_to_export`
 * when the filter or period shows no document, or none can be exported; `io` from the file
 * host passes through.
 */
export function createExportHandlers(deps: ExportHandlerDeps): HandlersFor<'export.documents'> {
  const now = deps.now ?? (() => new Date())

  const select = async (input: Parameters<Handler<'export.documents'>>[0]): Promise<Document[]> => {
    const workspace = deps.getWorkspace()
    const inAgenda = await workspace.listDocuments(input.agendaId)
    let documents: Document[]
    if (input.selection.kind === 'filter') {
      documents = applyFilter(inAgenda, input.selection.filter)
      if (documents.length === 0)
        throw new AppError('nothing_to_export', 'The current filter shows no document to export.')
    } else {
      const picked = pickByIds(inAgenda, input.selection.ids)
      documents = picked.documents
      for (const id of picked.missing) {
        const doc = await workspace.getDocument(id)
        if (doc) documents.push(doc)
      }
      if (documents.length === 0)
        throw new AppError('not_found', 'None of the selected documents is in this device’s cache.')
    }
    const period = input.period as ExportPeriod | null | undefined
    if (period && (period.from || period.to)) {
      documents = documents.filter((doc) => inPeriod(doc, period))
      if (documents.length === 0)
        throw new AppError('nothing_to_export', 'No document of the selection falls in the chosen period.')
    }
    return documents
  }

  return {
    'export.documents': async (input) => {
      const documents = await select(input)
      const stamp = now()
      const base = `docket-agenda-${input.agendaId}-${stamp.toISOString().slice(0, 10)}`
      const workspace = deps.getWorkspace()
      const agenda: Agenda | undefined = (await workspace.listAgendas?.())?.find((a) => a.id === input.agendaId)
      const profile = agenda ? agendaProfileOf(agenda) : null
      const context: ExportContext = { homeCurrency: agenda?.home_currency ?? null, profile, today: stamp }
      const result: ExportResult = {
        saved: false,
        files: [],
        documentCount: documents.length,
        itemCount: input.includeItems ? countItems(documents) : 0,
        markedExported: 0,
        skipped: [],
        flagged: [],
      }
      let exported = documents
      const save = async (kind: ExportResult['files'][number]['kind'], file: Parameters<FileHost['saveFile']>[0]) => {
        const saved = await deps.files.saveFile(file)
        if (saved.saved) result.files.push({ kind, ...(saved.path ? { path: saved.path } : {}) })
        return saved.saved
      }

      if (input.format === 'isdoc' || input.format === 'pohoda') {
        // Documents failing a money check: asked about, left out or exported marked.
        const failures = new Map<number, string[]>()
        for (const doc of documents) {
          // A document the format cannot carry at all (no total, no rate) is left out and named
          // in `skipped` below; asking whether to book its figures would be a question too early.
          const gaps =
            input.format === 'isdoc' ? isdocGaps(doc, context.homeCurrency) : pohodaGaps(doc, context.homeCurrency)
          if (gaps.length > 0) continue
          const failed = moneyFailures(doc, profile, stamp)
          if (failed.length === 0) continue
          failures.set(doc.id, failed.map(describeFailure))
          result.flagged.push(
            flaggedOf(
              doc,
              failed.map((f) => f.code),
            ),
          )
        }
        const choice = input.flagged ?? 'ask'
        if (result.flagged.length > 0) {
          result.flaggedAction = choice
          if (choice === 'ask') return result
        }
        const candidates = choice === 'leave_out' ? documents.filter((doc) => !failures.has(doc.id)) : documents
        if (candidates.length === 0)
          throw new AppError('nothing_to_export', 'Every document fails a money check and was left out.', {
            flagged: result.flagged,
          })
        const marked = choice === 'mark' ? failures : new Map<number, string[]>()

        if (input.format === 'isdoc') {
          const isdoc = isdocExport(candidates, {
            agendaId: input.agendaId,
            homeCurrency: context.homeCurrency,
            baseName: base,
            mtime: stamp,
            flaggedChecks: marked,
            originals: await originalsOf(candidates, workspace, input.agendaId),
          })
          if (!(await save(isdoc.kind, isdoc.file))) return result
          result.skipped = isdoc.skipped
          result.documentCount = isdoc.count
          const left = new Set(isdoc.skipped.map((s) => s.id))
          exported = candidates.filter((doc) => !left.has(doc.id))
        } else {
          const ready: Document[] = []
          for (const doc of candidates) {
            const missing = pohodaGaps(doc, context.homeCurrency)
            if (missing.length > 0) result.skipped.push({ id: doc.id, missing })
            else ready.push(doc)
          }
          if (ready.length === 0)
            throw new AppError('nothing_to_export', 'None of the documents has what a Pohoda invoice requires.', {
              skipped: result.skipped,
            })
          const xml = pohodaXml(ready, {
            agendaId: input.agendaId,
            homeCurrency: context.homeCurrency,
            country: agenda?.address?.country ?? null,
            companyId: agenda?.company_id ?? null,
            createdAt: stamp,
            flaggedChecks: marked,
          })
          const file = { kind: 'export' as const, suggestedName: `${base}-pohoda.xml`, mimeType: 'application/xml' }
          if (!(await save('pohoda', { ...file, bytes: utf8.encode(xml) }))) return result
          result.documentCount = ready.length
          exported = ready
        }
      } else if (input.format === 'xlsx') {
        const bytes = await documentsXlsx(documents, input.columns, context)
        if (!(await save('xlsx', { kind: 'export', suggestedName: `${base}.xlsx`, mimeType: XLSX_MIME_TYPE, bytes })))
          return result
      } else if (input.format === 'json') {
        const json = documentsJson(documents, input.columns, {
          includeItems: input.includeItems,
          exportedAt: stamp,
          context,
        })
        const file = { kind: 'export' as const, suggestedName: `${base}.json`, mimeType: 'application/json' }
        if (!(await save('json', { ...file, bytes: utf8.encode(json) }))) return result
      } else {
        const csv = documentsCsv(documents, input.columns, input.csv ?? {}, context)
        const file = { kind: 'export' as const, suggestedName: `${base}.csv`, mimeType: 'text/csv' }
        if (!(await save('documents', { ...file, bytes: utf8.encode(csv) }))) return result
        if (input.includeItems) {
          const items = itemsCsv(documents, input.csv ?? {})
          await save('items', { ...file, suggestedName: `${base}-items.csv`, bytes: utf8.encode(items) })
        }
      }
      result.saved = true
      if (input.markExported) {
        const toMark = exported.filter((doc) => doc.state !== 'exported').map((doc) => doc.id)
        if (toMark.length > 0) {
          await workspace.enqueue({
            kind: 'documents.setState',
            items: toMark.map((id) => ({ id, state: 'exported' as const })),
          })
        }
        result.markedExported = toMark.length
      }
      return result
    },
  }
}

function flaggedOf(doc: Document, checks: string[]): Flagged {
  return {
    id: doc.id,
    supplier: (doc.supplier?.name ?? '').trim(),
    invoiceNo: (doc.data?.header?.invoice_no ?? '').trim(),
    checks,
  }
}

/**
 * For each credit note: the invoice it corrects, when Docket knows it: the parent document
 * the service links (`parent_document_id`), else the document of the same supplier whose
 * invoice number the credit note names as its reference.
 */
async function originalsOf(
  documents: readonly Document[],
  workspace: ExportPort,
  agendaId: number,
): Promise<Map<number, Document>> {
  const originals = new Map<number, Document>()
  const credits = documents.filter((doc) => doc.invoice_type === 1)
  if (credits.length === 0) return originals
  const agenda = await workspace.listDocuments(agendaId)
  for (const credit of credits) {
    const parentId = credit.parent_document_id
    let parent = typeof parentId === 'number' ? agenda.find((doc) => doc.id === parentId) : undefined
    const reference = (credit.data?.header?.reference ?? '').trim()
    if (!parent && reference) {
      const supplier = (credit.supplier?.vat_id || credit.supplier?.id || credit.supplier?.name || '').trim()
      parent = agenda.find(
        (doc) =>
          doc.id !== credit.id &&
          (doc.data?.header?.invoice_no ?? '').trim() === reference &&
          (doc.supplier?.vat_id || doc.supplier?.id || doc.supplier?.name || '').trim() === supplier,
      )
    }
    if (parent && parent.invoice_type !== 1) originals.set(credit.id, parent)
  }
  return originals
}

export type { ExportRequest }
