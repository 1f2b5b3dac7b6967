import type { CheckResult } from '../../../../shared/checks/result'
import type { HistoryItem } from '../../../../shared/history/events'

/**
 * What the comments panel reads and does on the open document: the screen that shows it
 * (features/triage) passes its own state, which has these members, so comments never imports
 * the screen. Each action resolves to true when it was queued.
 */
export interface CommentsSource {
  /** The open document, or null. */
  readonly openId: number | null
  /** The open document's check results (the history lists answered warnings). */
  readonly checks: CheckResult[]
  /**
   * The open document's history in the account's store, as main's view of it has it (it comes
   * again with every change), oldest first; null until the view has it.
   */
  readonly history: HistoryItem[] | null
  /** The signed-in user, for "you" on their own comments; null until known. */
  readonly me: { id: number; name: string; surname: string } | null
  addComment(text: string): Promise<boolean>
  editComment(uuid: string, text: string): Promise<boolean>
  deleteComment(uuid: string): Promise<boolean>
  /** Puts the keyboard focus back on the inbox (after a comment is sent, saved or deleted). */
  focusInbox(): void
}
