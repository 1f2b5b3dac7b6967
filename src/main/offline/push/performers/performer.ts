import type { OutboxActionKind, OutboxActionOf } from '../../../../shared/outbox/actions'
import type { OutboxEntry } from '../../../../shared/outbox/entry'
import type { PushContext } from '../context'
import type { Done } from '../entryOutcome'

/** An outbox entry whose action is of kind `K`. */
export type EntryOf<K extends OutboxActionKind> = OutboxEntry & { action: OutboxActionOf<K> }

/**
 * Sends one entry of kind `K` and returns the writes of the service's answer (made with the
 * entry's removal), or throws: the client's error, or an `OfflineError` (classified by
 * outcomes.ts like any other). An entry marked `uncertain` may already have been applied: a
 * performer whose request is not idempotent looks first (push/alreadyApplied.ts).
 */
export type Performer<K extends OutboxActionKind> = (entry: EntryOf<K>, ctx: PushContext) => Promise<Done>
