/**
 * The history an earlier Docket kept in the window's storage (`docket.history.v1`: per device,
 * shared by every account) moves once into the signed-in account's store through
 * `history.import`, then the storage key is removed. Main notes the import per account, so a
 * second window or a second run never imports it twice.
 */
import {
  legacyHistoryEventSchema,
  MAX_LEGACY_HISTORY_EVENTS,
  type LegacyHistoryEvent,
} from '../../../../shared/history/events'

/** Where an earlier Docket kept the history. */
export const LEGACY_HISTORY_KEY = 'docket.history.v1'

/** The part of `Storage` the move uses. */
export type LegacyStorage = Pick<Storage, 'getItem' | 'removeItem'>

/** Calls `history.import` (the bridge's `invoke` fits). */
export type ImportHistory = (events: LegacyHistoryEvent[]) => Promise<unknown>

/**
 * The events stored under {@link LEGACY_HISTORY_KEY}, the well-formed ones only (a damaged
 * value or event is skipped, never a reason to fail), the newest {@link MAX_LEGACY_HISTORY_EVENTS}.
 */
export function readLegacyHistory(storage: LegacyStorage): LegacyHistoryEvent[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(storage.getItem(LEGACY_HISTORY_KEY) ?? '[]')
  } catch {
    return []
  }
  if (!Array.isArray(parsed)) return []
  const events: LegacyHistoryEvent[] = []
  for (const value of parsed) {
    const event = legacyHistoryEventSchema.safeParse(value)
    if (event.success) events.push(event.data)
  }
  return events.slice(-MAX_LEGACY_HISTORY_EVENTS)
}

/**
 * Moves the earlier history into the signed-in account (once; nothing when there is none) and
 * removes the storage key when main took it (or had taken it before). When the import fails
 * (e.g. nobody is signed in yet), the key stays for the next try. Never rejects.
 */
export async function moveLegacyHistory(storage: LegacyStorage, importHistory: ImportHistory): Promise<void> {
  let present: boolean
  try {
    present = storage.getItem(LEGACY_HISTORY_KEY) !== null
  } catch {
    return
  }
  if (!present) return
  try {
    await importHistory(readLegacyHistory(storage))
    storage.removeItem(LEGACY_HISTORY_KEY)
  } catch {
    // Kept for the next try: the history shows what the account's store holds meanwhile.
  }
}
