/**
 * Pure helpers of the outbox panel: which entries it lists and in what order, which
 * documents an action is about, and times in words. No Svelte and no bridge here, so they
 * can be unit-tested.
 */
import type { OutboxItem } from '../../../../shared/ipc'
import type { MessageKey } from '../../lib/i18n'

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
  if (action.kind === 'documents.setState' && action.items.length === 1) return action.items[0]!.id
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

/**
 * The catalog key of what an action does, in the user's language ("Send for repair"), for the
 * actions about one document (the panel names the document beside it, by supplier and invoice
 * number); null for the others, which keep main's description.
 */
export function actionKey(item: OutboxItem): MessageKey | null {
  const action = item.action
  switch (action.kind) {
    case 'documents.setState':
      // A batch keeps main's description ("Mark 12 documents exported").
      if (action.items.length !== 1) return null
      return action.items[0]!.state === 'ready' ? 'outbox.action.ready' : 'outbox.action.exported'
    case 'documents.repair':
      return 'outbox.action.repair'
    case 'documents.archive':
      return 'outbox.action.archive'
    case 'documents.delete':
      return 'outbox.action.delete'
    case 'comments.create':
      return 'outbox.action.commentCreate'
    case 'comments.update':
      return 'outbox.action.commentUpdate'
    case 'comments.delete':
      return 'outbox.action.commentDelete'
    default:
      return null
  }
}
