import type { OutboxEntry } from '../../shared/outbox/entry'

/**
 * Outbox entries written by earlier versions of Docket, read back in today's names. Outbox
 * action kinds are named like the IPC channel that enqueues them (`documents.setState` for the
 * channel `documents.setState`); they used to be named per object (`document.setState`,
 * `documents.setStates`, `comment.create`...). A user's store and journal may still hold
 * entries queued under the old names (offline work not yet sent), so both are read through
 * {@link migrateOutboxEntries} when the workspace opens, before the journal's replay; the
 * store and journal are then rewritten in the new names. An entry in today's names, or one this
 * module does not recognise, is passed on unchanged (the replay's schema check decides).
 */

/** Old kind -> today's kind, for the kinds whose payload did not change. */
export const RENAMED_KINDS: Readonly<Record<string, string>> = {
  'documents.setStates': 'documents.setState',
  'document.repair': 'documents.repair',
  'document.archive': 'documents.archive',
  'document.delete': 'documents.delete',
  'comment.create': 'comments.create',
  'comment.update': 'comments.update',
  'comment.delete': 'comments.delete',
  'agenda.create': 'agendas.create',
  'agenda.update': 'agendas.update',
  'documents.upload': 'upload.files',
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * An action in today's names: an old kind renamed; the old one-document state change
 * `{kind:'document.setState', documentId, state}` becomes `{kind:'documents.setState',
 * items:[{id: documentId, state}]}` (one item: the push sends it as one document's PATCH).
 * Returns the same object when nothing had to change.
 */
export function migrateOutboxAction(action: unknown): unknown {
  if (!isRecord(action) || typeof action.kind !== 'string') return action
  if (action.kind === 'document.setState') {
    const { documentId, state, ...rest } = action
    return { ...rest, kind: 'documents.setState', items: [{ id: documentId, state }] }
  }
  const renamed = RENAMED_KINDS[action.kind]
  return renamed ? { ...action, kind: renamed } : action
}

/**
 * `entries` (from the store or the journal) in today's names, and how many had to change.
 * Values that are not entries are passed on as they are.
 */
export function migrateOutboxEntries(entries: readonly unknown[]): { entries: OutboxEntry[]; migrated: number } {
  let migrated = 0
  const result = entries.map((entry) => {
    if (!isRecord(entry)) return entry
    const action = migrateOutboxAction(entry.action)
    if (action === entry.action) return entry
    migrated++
    return { ...entry, action }
  })
  return { entries: result as OutboxEntry[], migrated }
}
