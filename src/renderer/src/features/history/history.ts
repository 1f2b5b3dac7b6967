/**
 * A document's activity list: its comments, and what its history in the account's store says
 * (it comes with main's view of the open document, as `history.list` would answer it: actions
 * with who, when and where they are now, returns from repair, answers to warnings, corrections),
 * newest first. Pure: the list passes what the view holds.
 */
import type { CheckCode } from '../../../../shared/checks/result'
import type { HistoryEventKind, HistoryItem, HistoryStatus } from '../../../../shared/history/events'
import type { CachedCommentView } from '../../../../shared/ipc'

export type { HistoryStatus }

/** One line of the activity list. */
export interface HistoryLine {
  /** Stable key for the list. */
  key: string
  /** UTC ISO 8601. */
  at: string
  /** Display name of who did it; absent when the service did it (a return from repair) or it is not known. */
  by?: string
  kind: HistoryEventKind | 'comment'
  /** Comment text, repair description or the reason a warning was acknowledged. */
  text?: string
  /** notDuplicate, acknowledged, acknowledgementWithdrawn: the check answered. */
  check?: CheckCode
  /** returned: the state the document came back in. */
  state?: string
  /** Absent for comments, returns and answers (they are facts, not requests). */
  status?: HistoryStatus
  /** The reason a failed action gives. */
  error?: string
  /** Corrections: the field path, the corrected value and what was extracted (null: nothing). */
  field?: string
  value?: string
  extracted?: string | null
}

/**
 * Merges the comments of a document with its history (`items`, as main's view has them)
 * into one list, newest first (ties keep the history's order, later first). `author` names a
 * comment's author. Every comment is a line of its own, besides the *Comment added* action that
 * wrote it: the comment says what it is now, the action who added it and whether it was sent.
 */
export function buildHistory(input: {
  comments: readonly CachedCommentView[]
  items: readonly HistoryItem[]
  author: (comment: CachedCommentView) => string
}): HistoryLine[] {
  const lines: HistoryLine[] = input.comments.map((comment) => ({
    key: `comment-${comment.local?.localUuid ?? comment.uuid}`,
    at: comment.created_at,
    by: input.author(comment),
    kind: 'comment' as const,
    text: comment.text,
  }))
  for (const item of input.items) {
    lines.push({
      key: `event-${item.key}`,
      at: item.at,
      kind: item.kind,
      ...(item.by ? { by: item.by } : {}),
      ...(item.text ? { text: item.text } : {}),
      ...(item.check ? { check: item.check } : {}),
      ...(item.state ? { state: item.state } : {}),
      ...(item.status ? { status: item.status } : {}),
      ...(item.status === 'failed' && item.error ? { error: item.error } : {}),
      ...(item.field !== undefined
        ? { field: item.field, value: item.value ?? '', extracted: item.extracted ?? null }
        : {}),
    })
  }
  // Oldest first in, newest first out; a stable sort on time keeps same-time lines in write order.
  return lines
    .map((line, index) => ({ line, index, ms: Date.parse(line.at) }))
    .sort((a, b) => b.ms - a.ms || b.index - a.index)
    .map(({ line }) => line)
}
