import type { Document } from '../../../shared/api'
import type { ExportResult } from '../../../shared/ipc'
import type { OfflineWorkspace } from '../../offline'
import { AppError } from '../errors'
import type { FileHost } from '../ports'
import type { Handler, HandlersFor } from '../router'
import { countItems, documentsCsv, documentsJson, itemsCsv } from './format'
import { isdocExport } from './isdocFiles'
import { applyFilter, pickByIds } from './selection'

/** The part of the offline workspace export uses (`listAgendas`, when given, names the agenda's home currency for ISDOC). */
export type ExportWorkspace = Pick<OfflineWorkspace, 'listDocuments' | 'getDocument' | 'enqueue'> &
  Partial<Pick<OfflineWorkspace, 'listAgendas'>>

export interface ExportHandlerDeps {
  /** The offline workspace of the signed-in account (called on each request). */
  getWorkspace(): ExportWorkspace
  /** Save dialogs (Electron) or downloads (harness). */
  files: FileHost
  /** The current time, for file names and `exported_at` (defaults to the system clock). */
  now?: () => Date
}

const utf8 = new TextEncoder()

/**
 * The handler of `export.documents`: reads the documents from the local
 * store (works offline), builds CSV (documents file, then an items file when asked), JSON or
 * ISDOC (one `.isdoc`, or a zip for several; documents lacking what ISDOC requires are listed
 * in `skipped`),
 * saves each through {@link FileHost.saveFile}, and, when asked and the first file was
 * saved, marks them exported with one `documents.setStates` outbox action.
 *
 * Errors: `not_found` when none of the requested documents is cached; `nothing_to_export`
 * when the filter shows no document; `io` from the file host passes through.
 */
export function createExportHandlers(deps: ExportHandlerDeps): HandlersFor<'export.documents'> {
  const now = deps.now ?? (() => new Date())

  const select = async (input: Parameters<Handler<'export.documents'>>[0]): Promise<Document[]> => {
    const workspace = deps.getWorkspace()
    const inAgenda = await workspace.listDocuments(input.agendaId)
    if (input.selection.kind === 'filter') {
      const documents = applyFilter(inAgenda, input.selection.filter)
      if (documents.length === 0)
        throw new AppError('nothing_to_export', 'The current filter shows no document to export.')
      return documents
    }
    const { documents, missing } = pickByIds(inAgenda, input.selection.ids)
    for (const id of missing) {
      const doc = await workspace.getDocument(id)
      if (doc) documents.push(doc)
    }
    if (documents.length === 0)
      throw new AppError('not_found', 'None of the selected documents is in this device’s cache.')
    return documents
  }

  return {
    'export.documents': async (input) => {
      const documents = await select(input)
      const stamp = now()
      const base = `docket-agenda-${input.agendaId}-${stamp.toISOString().slice(0, 10)}`
      const result: ExportResult = {
        saved: false,
        files: [],
        documentCount: documents.length,
        itemCount: input.includeItems ? countItems(documents) : 0,
        markedExported: 0,
        skipped: [],
      }
      let exported = documents
      if (input.format === 'isdoc') {
        const workspace = deps.getWorkspace()
        const agenda = (await workspace.listAgendas?.())?.find((a) => a.id === input.agendaId)
        const isdoc = isdocExport(documents, {
          agendaId: input.agendaId,
          homeCurrency: agenda?.home_currency ?? null,
          baseName: base,
          mtime: stamp,
        })
        const saved = await deps.files.saveFile(isdoc.file)
        if (!saved.saved) return result
        result.files.push({ kind: isdoc.kind, ...(saved.path ? { path: saved.path } : {}) })
        result.skipped = isdoc.skipped
        result.documentCount = isdoc.count
        const left = new Set(isdoc.skipped.map((s) => s.id))
        exported = documents.filter((doc) => !left.has(doc.id))
      } else if (input.format === 'json') {
        const saved = await deps.files.saveFile({
          suggestedName: `${base}.json`,
          mimeType: 'application/json',
          bytes: utf8.encode(
            documentsJson(documents, input.columns, { includeItems: input.includeItems, exportedAt: stamp }),
          ),
          kind: 'export',
        })
        if (!saved.saved) return result
        result.files.push({ kind: 'json', ...(saved.path ? { path: saved.path } : {}) })
      } else {
        const saved = await deps.files.saveFile({
          suggestedName: `${base}.csv`,
          mimeType: 'text/csv',
          bytes: utf8.encode(documentsCsv(documents, input.columns)),
          kind: 'export',
        })
        if (!saved.saved) return result
        result.files.push({ kind: 'documents', ...(saved.path ? { path: saved.path } : {}) })
        if (input.includeItems) {
          const items = await deps.files.saveFile({
            suggestedName: `${base}-items.csv`,
            mimeType: 'text/csv',
            bytes: utf8.encode(itemsCsv(documents)),
            kind: 'export',
          })
          if (items.saved) result.files.push({ kind: 'items', ...(items.path ? { path: items.path } : {}) })
        }
      }
      result.saved = true
      if (input.markExported) {
        const toMark = exported.filter((doc) => doc.state !== 'exported').map((doc) => doc.id)
        if (toMark.length > 0) {
          await deps.getWorkspace().enqueue({
            kind: 'documents.setStates',
            items: toMark.map((id) => ({ id, state: 'exported' as const })),
          })
        }
        result.markedExported = toMark.length
      }
      return result
    },
  }
}
