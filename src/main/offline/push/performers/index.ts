import type { OutboxActionKind } from '../../../../shared/outbox/actions'
import type { OutboxEntry } from '../../../../shared/outbox/entry'
import type { PushContext } from '../context'
import type { Done } from '../entryOutcome'
import { createAgenda, updateAgenda } from './agendas'
import { createComment, deleteComment, updateComment } from './comments'
import { archiveDocument, deleteDocument, repairDocument, setState } from './documents'
import type { EntryOf, Performer } from './performer'
import { upload } from './upload'

/** One performer per outbox action kind: adding an action is adding an entry here (and its test). */
export const PERFORMERS: { readonly [K in OutboxActionKind]: Performer<K> } = {
  'documents.setState': setState,
  'documents.repair': repairDocument,
  'documents.archive': archiveDocument,
  'documents.delete': deleteDocument,
  'comments.create': createComment,
  'comments.update': updateComment,
  'comments.delete': deleteComment,
  'agendas.create': createAgenda,
  'agendas.update': updateAgenda,
  'upload.files': upload,
}

/** Sends `entry` with the performer of its kind (see {@link Performer}). */
export function perform(entry: OutboxEntry, ctx: PushContext): Promise<Done> {
  const performer = PERFORMERS[entry.action.kind] as Performer<OutboxActionKind>
  return performer(entry as EntryOf<OutboxActionKind>, ctx)
}
