import { z } from 'zod'
import { agendaAttributesSchema, agendaUpdateSchema } from '../api/agenda'
import { settableStateSchema } from '../api/document'

/**
 * The actions a person takes in Docket that change the service, as written to the outbox.
 * A zod discriminated union on `kind`; shared by main (the sync engine, the IPC handlers)
 * and the renderer, and the one place the action shapes are declared: the IPC channels and
 * handlers derive theirs from it. No Node or Electron imports here.
 *
 * Each action maps to one request of the service (docs/service-interface.md):
 * - `document.setState`: PATCH /documents/:id `{document:{state}}` (ready or exported);
 * - `documents.setStates`: PATCH /documents (batch, applied later by background jobs);
 * - `document.repair`: POST /documents/:id/repair (ready or not_ready -> repairing);
 * - `document.archive`: PUT /documents/:id/archive;
 * - `document.delete`: DELETE /documents/:id;
 * - `comment.create` / `comment.update` / `comment.delete`: the comment endpoints. A comment
 *   created offline has the local uuid `local-<entry id>` until the service gives its uuid;
 *   an update or delete naming a local uuid waits for (depends on) the create;
 * - `agenda.create` / `agenda.update`: POST /agendas, PUT /agendas/:id. An agenda created
 *   offline has a negative local id until the service assigns one;
 * - `documents.upload`: POST /documents; the files' bytes are stored beside the local store,
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

export const setStateActionSchema = z.object({
  kind: z.literal('document.setState'),
  documentId,
  state: settableState,
})

export const setStatesActionSchema = z.object({
  kind: z.literal('documents.setStates'),
  items: z
    .array(z.object({ id: documentId, state: settableState }))
    .min(1)
    .max(10_000),
})

export const repairActionSchema = z.object({
  kind: z.literal('document.repair'),
  documentId,
  description: z.string().max(10_000).optional(),
})

export const archiveActionSchema = z.object({ kind: z.literal('document.archive'), documentId })

export const deleteActionSchema = z.object({ kind: z.literal('document.delete'), documentId })

export const commentCreateActionSchema = z.object({
  kind: z.literal('comment.create'),
  documentId,
  text: z.string().min(1).max(100_000),
})

export const commentUpdateActionSchema = z.object({
  kind: z.literal('comment.update'),
  documentId,
  uuid: z.string().min(1),
  text: z.string().min(1).max(100_000),
})

export const commentDeleteActionSchema = z.object({
  kind: z.literal('comment.delete'),
  documentId,
  uuid: z.string().min(1),
})

export const agendaCreateActionSchema = z.object({
  kind: z.literal('agenda.create'),
  agenda: agendaAttributesSchema,
})

export const agendaUpdateActionSchema = z.object({
  kind: z.literal('agenda.update'),
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
  kind: z.literal('documents.upload'),
  agendaId: agendaRef,
  /** Document type, e.g. PurchaseInvoice or SalesInvoice. */
  type: z.string().min(1),
  files: z.array(uploadFileSchema).min(1).max(500),
})

/** Every outbox action, discriminated by `kind`. */
export const outboxActionSchema = z.discriminatedUnion('kind', [
  setStateActionSchema,
  setStatesActionSchema,
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
  'comment.create',
  'agenda.create',
  'documents.upload',
])

/** The documents an action touches (for per-document ordering and the optimistic view). */
export function documentIdsOf(action: OutboxAction): number[] {
  switch (action.kind) {
    case 'documents.setStates':
      return [...new Set(action.items.map((item) => item.id))]
    case 'agenda.create':
    case 'agenda.update':
    case 'documents.upload':
      return []
    default:
      return [action.documentId]
  }
}

/** A one-line description of an action for the outbox panel, e.g. `Mark #12 exported`. */
export function describeAction(action: OutboxAction): string {
  switch (action.kind) {
    case 'document.setState':
      return `Mark #${action.documentId} ${action.state}`
    case 'documents.setStates':
      return `Mark ${action.items.length} documents ${[...new Set(action.items.map((i) => i.state))].join('/')}`
    case 'document.repair':
      return `Send #${action.documentId} for repair`
    case 'document.archive':
      return `Archive #${action.documentId}`
    case 'document.delete':
      return `Delete #${action.documentId}`
    case 'comment.create':
      return `Comment on #${action.documentId}`
    case 'comment.update':
      return `Edit a comment on #${action.documentId}`
    case 'comment.delete':
      return `Delete a comment on #${action.documentId}`
    case 'agenda.create':
      return `Create agenda ${action.agenda.name}`
    case 'agenda.update':
      return `Update agenda ${action.agendaId}`
    case 'documents.upload':
      return `Upload ${action.files.length} file${action.files.length === 1 ? '' : 's'}`
  }
}
