import type { Agenda } from '../../../shared/api'
import { flattenFieldErrors } from '../../../shared/agendaRules'
import type { AgendaView } from '../../../shared/ipc/channels/folders'
import { isApiError } from '../../api/errors'
import type { Handler } from '../router'
import type { FileHost } from '../ports'
import { FolderError } from './errors'
import type { FolderClientPort, FolderWorkspacePort } from './port'

export interface FolderHandlerDeps {
  /** The offline workspace of the signed-in account (called on each request). */
  getWorkspace(): FolderWorkspacePort & { listAgendas?(): Promise<Agenda[]> }
  /** The service client of the signed-in account (called on each request). */
  getClient(): FolderClientPort
  /** Save dialogs and the system viewer (Electron) or downloads (harness). */
  files: FileHost
}

export interface FolderHandlers {
  'agendas.details': Handler<'agendas.details'>
  'agendas.create': Handler<'agendas.create'>
  'agendas.update': Handler<'agendas.update'>
  'documents.delete': Handler<'documents.delete'>
  'documents.saveOriginal': Handler<'documents.saveOriginal'>
  'documents.openOriginal': Handler<'documents.openOriginal'>
  'webhooks.update': Handler<'webhooks.update'>
  'webhooks.delete': Handler<'webhooks.delete'>
}

/** Message shown when a call that needs the service cannot reach it. */
const needsConnection = (what: string) =>
  `${what} needs a connection to the service, and Docket cannot reach it now. Nothing was changed; try again when you are online.`

/** Why a non-owner sees the agenda read-only (spec "Authentication" 5). */
export const NOT_OWNER_REASON = 'Only the owner of this agenda can change it; you can view it.'

/**
 * Turns a service error into the error the renderer branches on: 422 -> `validation` with
 * `details.fields` (dotted field paths, e.g. `address.country`, `auth_credentials.password`);
 * 403 -> `forbidden` with the service's message; connection problems -> `offline`. Other
 * errors are returned as they are (they carry their own code).
 */
export function toFolderError(error: unknown, what: string): unknown {
  if (!isApiError(error)) return error
  switch (error.code) {
    case 'validation':
      return new FolderError('validation', error.message, { fields: flattenFieldErrors(error.errors ?? {}) })
    case 'forbidden':
      return new FolderError('forbidden', error.message)
    case 'network':
    case 'timeout':
      return new FolderError('offline', needsConnection(what))
    case 'unknown_outcome':
      return new FolderError(
        'unknown_outcome',
        `The connection was lost while ${what.toLowerCase()} was sent; check whether it was applied before trying again.`,
      )
    default:
      return error
  }
}

/** A file name safe to suggest in a save dialog: no folders, no control characters. */
export function safeFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f<>:"|?*]/g, '_').trim()
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? fallback : cleaned
}

const EXTENSIONS: Record<string, { name: string; extensions: string[] }> = {
  'application/pdf': { name: 'PDF', extensions: ['pdf'] },
  'image/png': { name: 'PNG image', extensions: ['png'] },
  'image/jpeg': { name: 'JPEG image', extensions: ['jpg', 'jpeg'] },
}

/**
 * Handlers of agendas, document delete, the original file and webhook settings (issue 7).
 *
 * Agenda create and update call the service directly instead of the outbox: the service's
 * 422 field errors (e.g. a taken email_alias) and 403 (not the owner) must reach the form
 * while the user is still on it, so agenda editing needs a connection; offline it answers
 * `offline` and the form says so. The rules are checked locally first (the channel's input
 * schema, src/shared/agendaRules.ts), so nothing the spec forbids is sent.
 * Document delete goes through the outbox (works offline). The original file comes from
 * the workspace (cached, or fetched by it).
 */
export function createFolderHandlers(deps: FolderHandlerDeps): FolderHandlers {
  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      throw toFolderError(error, what)
    }
  }

  const view = async (agenda: Agenda): Promise<AgendaView> => {
    const ownerId = agenda.links?.owner?.id
    if (typeof ownerId !== 'number') return { agenda, editable: true, readOnlyReason: null }
    const me = await call('Checking who you are', () => deps.getClient().me())
    return me.id === ownerId
      ? { agenda, editable: true, readOnlyReason: null }
      : { agenda, editable: false, readOnlyReason: NOT_OWNER_REASON }
  }

  const original = async (documentId: number) => {
    const file = await deps.getWorkspace().getOriginal(documentId)
    return { ...file, fileName: safeFileName(file.fileName, `document-${documentId}`) }
  }

  return {
    'agendas.details': async ({ agendaId }) => {
      try {
        return await view(await deps.getClient().getAgenda(agendaId))
      } catch (error) {
        const mapped = toFolderError(error, 'Editing an agenda')
        const listAgendas = deps.getWorkspace().listAgendas
        if (mapped instanceof FolderError && mapped.code === 'offline' && listAgendas) {
          const cached = (await listAgendas.call(deps.getWorkspace())).find((a) => a.id === agendaId)
          if (cached) return { agenda: cached, editable: false, readOnlyReason: needsConnection('Editing an agenda') }
        }
        throw mapped
      }
    },
    'agendas.create': async ({ attributes }) => {
      const [id] = await call('Creating an agenda', () => deps.getClient().createAgendas([attributes]))
      if (typeof id !== 'number')
        throw new FolderError('bad_response', 'The service did not return the new agenda’s id.')
      return { id }
    },
    'agendas.update': async ({ agendaId, attributes }) => {
      const agenda = await call('Editing an agenda', () => deps.getClient().updateAgenda(agendaId, attributes))
      return { agenda, editable: true, readOnlyReason: null }
    },
    'documents.delete': async ({ documentId }) => {
      const workspace = deps.getWorkspace()
      const doc = await workspace.getDocument(documentId)
      if (!doc) throw new FolderError('not_found', `Document ${documentId} is not in this device’s cache.`)
      await workspace.enqueue({ kind: 'document.delete', documentId })
      return { queued: true }
    },
    'documents.saveOriginal': async ({ documentId }) => {
      const file = await original(documentId)
      const filter = EXTENSIONS[file.contentType]
      const result = await deps.files.saveFile({
        suggestedName: file.fileName,
        mimeType: file.contentType,
        bytes: file.bytes,
        ...(filter ? { filters: [filter] } : {}),
      })
      return result.path ? { saved: result.saved, path: result.path } : { saved: result.saved }
    },
    'documents.openOriginal': async ({ documentId }) => {
      const file = await original(documentId)
      await deps.files.openWithSystemViewer({ fileName: file.fileName, mimeType: file.contentType, bytes: file.bytes })
      return { opened: true }
    },
    'webhooks.update': async ({ webhookId, url, authCredentials, settings }) => {
      const body =
        authCredentials || settings
          ? {
              url,
              ...(authCredentials ? { auth_credentials: authCredentials } : {}),
              ...(settings ? { settings } : {}),
            }
          : url
      const echoed = await call('Changing the webhook', () => deps.getClient().updateWebhook(webhookId, body))
      return { url: echoed || url }
    },
    'webhooks.delete': async ({ webhookId }) => {
      await call('Deleting the webhook', () => deps.getClient().deleteWebhook(webhookId))
      return { deleted: true }
    },
  }
}
