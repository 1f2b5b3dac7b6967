import { z } from 'zod'
import { agendaAttributesSchema, agendaUpdateSchema } from '../api/agenda'
import { settableStateSchema } from '../api/document'

/**
 * The actions a person takes in Docket that change the service, as written to the outbox.
 * Each kind is named like the IPC channel that enqueues it (`documents.setState` is enqueued
 * by the channel `documents.setState`; `upload.files` by `upload.files`); export's "mark
 * exported" enqueues `documents.setState` too. Entries stored under the names of earlier
 * versions are renamed when read back (src/main/offline/outboxMigration.ts).
 * A zod discriminated union on `kind`; shared by main (the sync engine, the IPC handlers)
 * and the renderer, and the one place the action shapes are declared: the IPC channels and
 * handlers derive theirs from it. No Node or Electron imports here.
 *
 * Each action maps to one request of the service (docs/service-interface.md):
 * - `documents.setState`: the state (ready or exported) of one or more documents. One item is
 *   sent as PATCH /documents/:id `{document:{state}}`; several as one PATCH /documents (batch,
 *   applied later by background jobs). The payload's length decides, not the kind;
 * - `documents.repair`: POST /documents/:id/repair (ready or not_ready -> repairing);
 * - `documents.archive`: PUT /documents/:id/archive;
 * - `documents.delete`: DELETE /documents/:id;
 * - `comments.create` / `comments.update` / `comments.delete`: the comment endpoints. A comment
 *   created offline has the local uuid `local-<entry id>` until the service gives its uuid;
 *   an update or delete naming a local uuid waits for (depends on) the create;
 * - `agendas.create` / `agendas.update`: POST /agendas, PUT /agendas/:id. An agenda created
 *   offline has a negative local id until the service assigns one;
 * - `upload.files`: POST /documents; the files' bytes are stored beside the local store,
 *   the entry holds only their names, content types and sizes (bytes).
 */

/** A service document id (positive). */
export const documentIdSchema = z.number().int().positive()
/** A real agenda id (positive) or the local id of one created offline (negative). */
export const agendaRefSchema = z
  .number()
  .int()
  .refine((n) => n !== 0, 'agenda id must not be 0')
const documentId = documentIdSchema
const settableState = settableStateSchema
const agendaRef = agendaRefSchema

/** Prefix of the uuid a comment created offline has until the service answers. */
export const LOCAL_COMMENT_PREFIX = 'local-'

/** True for `local-<entry id>` comment uuids (not yet known to the service). */
export function isLocalCommentUuid(uuid: string): boolean {
  return uuid.startsWith(LOCAL_COMMENT_PREFIX)
}

/** One document's target state in a `documents.setState` action. */
export const stateItemSchema = z.object({ id: documentId, state: settableState })

export const setStateActionSchema = z.object({
  kind: z.literal('documents.setState'),
  /** One item: one document's PATCH; several: one batch PATCH. */
  items: z.array(stateItemSchema).min(1).max(10_000),
})

export const repairActionSchema = z.object({
  kind: z.literal('documents.repair'),
  documentId,
  description: z.string().max(10_000).optional(),
})

export const archiveActionSchema = z.object({ kind: z.literal('documents.archive'), documentId })

export const deleteActionSchema = z.object({ kind: z.literal('documents.delete'), documentId })

export const commentCreateActionSchema = z.object({
  kind: z.literal('comments.create'),
  documentId,
  text: z.string().min(1).max(100_000),
})

export const commentUpdateActionSchema = z.object({
  kind: z.literal('comments.update'),
  documentId,
  uuid: z.string().min(1),
  text: z.string().min(1).max(100_000),
})

export const commentDeleteActionSchema = z.object({
  kind: z.literal('comments.delete'),
  documentId,
  uuid: z.string().min(1),
})

export const agendaCreateActionSchema = z.object({
  kind: z.literal('agendas.create'),
  agenda: agendaAttributesSchema,
})

export const agendaUpdateActionSchema = z.object({
  kind: z.literal('agendas.update'),
  agendaId: agendaRef,
  attrs: agendaUpdateSchema,
})

/** One file of an upload; its bytes live in `<dir>/uploads/<entry id>/<index>`. */
export const uploadFileSchema = z.object({
  fileName: z.string().min(1).max(255),
  contentType: z.string().min(1),
  /** Size in bytes. */
  size: z.number().int().nonnegative(),
})
export type UploadFileMeta = z.infer<typeof uploadFileSchema>

export const uploadActionSchema = z.object({
  kind: z.literal('upload.files'),
  agendaId: agendaRef,
  /** Document type, e.g. PurchaseInvoice or SalesInvoice. */
  type: z.string().min(1),
  files: z.array(uploadFileSchema).min(1).max(500),
})

/** Every outbox action, discriminated by `kind`. */
export const outboxActionSchema = z.discriminatedUnion('kind', [
  setStateActionSchema,
  repairActionSchema,
  archiveActionSchema,
  deleteActionSchema,
  commentCreateActionSchema,
  commentUpdateActionSchema,
  commentDeleteActionSchema,
  agendaCreateActionSchema,
  agendaUpdateActionSchema,
  uploadActionSchema,
])
export type OutboxAction = z.infer<typeof outboxActionSchema>
export type OutboxActionKind = OutboxAction['kind']
export type OutboxActionOf<K extends OutboxActionKind> = Extract<OutboxAction, { kind: K }>

/** Kinds whose request creates something: after an unknown outcome the service is checked first. */
export const CREATE_KINDS: ReadonlySet<OutboxActionKind> = new Set([
  'comments.create',
  'agendas.create',
  'upload.files',
])

/** The documents an action touches (for per-document ordering and the optimistic view). */
export function documentIdsOf(action: OutboxAction): number[] {
  switch (action.kind) {
    case 'documents.setState':
      return [...new Set(action.items.map((item) => item.id))]
    case 'agendas.create':
    case 'agendas.update':
    case 'upload.files':
      return []
    default:
      return [action.documentId]
  }
}

/** A one-line description of an action for the outbox panel, e.g. `Mark #12 exported`. */
export function describeAction(action: OutboxAction): string {
  switch (action.kind) {
    case 'documents.setState':
      if (action.items.length === 1) return `Mark #${action.items[0]!.id} ${action.items[0]!.state}`
      return `Mark ${action.items.length} documents ${[...new Set(action.items.map((i) => i.state))].join('/')}`
    case 'documents.repair':
      return `Send #${action.documentId} for repair`
    case 'documents.archive':
      return `Archive #${action.documentId}`
    case 'documents.delete':
      return `Delete #${action.documentId}`
    case 'comments.create':
      return `Comment on #${action.documentId}`
    case 'comments.update':
      return `Edit a comment on #${action.documentId}`
    case 'comments.delete':
      return `Delete a comment on #${action.documentId}`
    case 'agendas.create':
      return `Create agenda ${action.agenda.name}`
    case 'agendas.update':
      return `Update agenda ${action.agendaId}`
    case 'upload.files':
      return `Upload ${action.files.length} file${action.files.length === 1 ? '' : 's'}`
  }
}
