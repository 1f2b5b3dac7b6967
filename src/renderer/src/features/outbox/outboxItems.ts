/**
 * Pure helpers of the outbox panel: which entries it lists and in what order, which
 * documents an action is about, and times in words. No Svelte and no bridge here, so they
 * can be unit-tested.
 */
import type { OutboxItem } from '../../../../shared/ipc'

/** Entries the panel shows: failed first (they need the user), then the waiting ones, each oldest first. */
export function panelEntries(items: readonly OutboxItem[]): { failed: OutboxItem[]; waiting: OutboxItem[] } {
  const bySeq = [...items].sort((a, b) => a.seq - b.seq)
  return {
    failed: bySeq.filter((item) => item.status === 'failed'),
    waiting: bySeq.filter((item) => item.status === 'pending' || item.status === 'in_flight'),
  }
}

/**
 * The one document an action is about, or null (a batch of many, an agenda, an upload): the
 * panel's *Open document* needs exactly one.
 */
export function documentOf(item: OutboxItem): number | null {
  const action = item.action
  if ('documentId' in action) return action.documentId
  if (action.kind === 'documents.setStates' && action.items.length === 1) return action.items[0]!.id
  return null
}

/** The units {@link relativeTime} may use, largest first, with their length in seconds. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
]

/**
 * `iso` relative to `now` in the user's language ("3 minutes ago", "in 20 seconds"); the
 * largest unit that fits, so "90 minutes ago" reads "1 hour ago". An unreadable time is
 * returned as it is.
 */
export function relativeTime(iso: string, now: number, locale: string): string {
  const at = Date.parse(iso)
  if (Number.isNaN(at)) return iso
  const seconds = Math.round((at - now) / 1000)
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return format.format(Math.trunc(seconds / size), unit)
  }
  return iso
}
