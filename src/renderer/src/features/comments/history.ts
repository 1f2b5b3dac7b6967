/**
 * A document's activity list: its comments, the actions taken on it here (who, when, what,
 * sent or pending), repair requests with their description and returns from repair, newest
 * first. Pure: the panel passes what it read (comments, the outbox, the remembered events).
 */
import type { CheckCode, CheckResult } from '../../../../shared/checks/result'
import type { CachedCommentView, OutboxItem } from '../../../../shared/ipc'
import { documentIdsOf, type OutboxAction } from '../../../../shared/outbox/actions'
import type { HistoryEvent, HistoryEventKind } from './historyLog'

/** Where an action is: with the service, waiting in the outbox, refused, or taken back. */
export type HistoryStatus = 'sent' | 'pending' | 'failed' | 'undone'

/** One line of the activity list. */
export interface HistoryItem {
  /** Stable key for the list. */
  key: string
  at: string
  /** Display name of who did it; absent when the service did it (a return from repair). */
  by?: string
  kind: HistoryEventKind | 'comment' | 'notDuplicate' | 'acknowledged'
  /** Comment text, repair description or the reason a warning was acknowledged. */
  text?: string
  /** notDuplicate, acknowledged: the check answered. */
  check?: CheckCode
  state?: string
  /** Absent for comments and returns (they are facts, not requests). */
  status?: HistoryStatus
  /** The reason a failed action gives. */
  error?: string
}

/** The history kind of an outbox action about documents, or null for actions that are not. */
export function historyKindOf(action: OutboxAction): HistoryEventKind | null {
  switch (action.kind) {
    case 'document.setState':
      return action.state === 'ready' ? 'ready' : 'exported'
    case 'documents.setStates':
      return action.items[0]?.state === 'ready' ? 'ready' : 'exported'
    case 'document.repair':
      return 'repair'
    case 'document.archive':
      return 'archive'
    case 'comment.create':
      return 'commentCreate'
    case 'comment.update':
      return 'commentUpdate'
    case 'comment.delete':
      return 'commentDelete'
    default:
      return null
  }
}

/**
 * Merges what is known about document `documentId` into one list, newest first:
 * - every comment (author, time, text);
 * - every remembered event, its status read from the outbox: an entry still there is pending
 *   (or failed, with its reason), one gone was sent, an undone one says so;
 * - every outbox entry about the document no remembered event wrote (an action from another
 *   window or an earlier version), as pending or failed.
 * - every warning of `checks` the user answered (*Not a duplicate*, *Acknowledge*), with its reason.
 * `author` names a comment's author; `you` names the user for entries without an event.
 */
export function buildHistory(input: {
  documentId: number
  comments: readonly CachedCommentView[]
  events: readonly HistoryEvent[]
  outbox: readonly OutboxItem[]
  author: (comment: CachedCommentView) => string
  you: string
  /** The document's checks: each acknowledged warning is a line (the answers live in main's store). */
  checks?: readonly CheckResult[]
}): HistoryItem[] {
  const { documentId, comments, events, outbox } = input
  const byEntry = new Map(outbox.map((entry) => [entry.id, entry]))
  const remembered = new Set(events.flatMap((event) => event.entryIds))
  const items: HistoryItem[] = comments.map((comment) => ({
    key: `comment-${comment.local?.localUuid ?? comment.uuid}`,
    at: comment.created_at,
    by: input.author(comment),
    kind: 'comment' as const,
    text: comment.text,
  }))
  events.forEach((event, index) => {
    const entries = event.entryIds.map((id) => byEntry.get(id)).filter((e): e is OutboxItem => e !== undefined)
    const failed = entries.find((entry) => entry.status === 'failed')
    const status: HistoryStatus | undefined =
      event.kind === 'returned'
        ? undefined
        : event.undone
          ? 'undone'
          : failed
            ? 'failed'
            : entries.length > 0
              ? 'pending'
              : 'sent'
    items.push({
      key: `event-${index}-${event.at}`,
      at: event.at,
      by: event.by,
      kind: event.kind,
      text: event.text,
      state: event.state,
      status,
      error: failed?.error?.message,
    })
  })
  for (const entry of outbox) {
    if (remembered.has(entry.id) || !documentIdsOf(entry.action).includes(documentId)) continue
    const kind = historyKindOf(entry.action)
    if (!kind) continue
    items.push({
      key: `entry-${entry.id}`,
      at: entry.createdAt,
      by: input.you,
      kind,
      text:
        'description' in entry.action
          ? entry.action.description
          : 'text' in entry.action
            ? entry.action.text
            : undefined,
      status: entry.status === 'failed' ? 'failed' : 'pending',
      error: entry.error?.message,
    })
  }
  for (const check of input.checks ?? []) {
    const ack = check.acknowledged
    if (check.status !== 'acknowledged' || !ack) continue
    items.push({
      key: `ack-${check.code}`,
      at: ack.at,
      by: input.you,
      kind: ack.kind === 'not_duplicate' ? 'notDuplicate' : 'acknowledged',
      check: check.code,
      ...(ack.reason ? { text: ack.reason } : {}),
    })
  }
  return items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
}
