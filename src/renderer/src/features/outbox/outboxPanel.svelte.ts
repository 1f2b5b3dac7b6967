/**
 * The state of the outbox panel, shared by what opens it (the status bar's counts, the `g o`
 * key, the command palette) and the panel itself: whether it is open, the entries of
 * `outbox.list` (read again on every `outbox.changed` while open), the documents they are
 * about, and the *Retry* / *Discard* (held back for undo, see delayedDiscard.ts) actions.
 */
import type { OutboxItem } from '../../../../shared/ipc'
import { docket } from '../../lib/docket'
import { t } from '../../lib/i18n'
import { errorMessage, showError, showToast } from '../../lib/toasts.svelte'
import { createDelayedDiscard } from './delayedDiscard'
import { documentOf } from './outboxItems'
import { refusalOf, type Refusal } from './refusals'

export const outboxPanel = $state({
  open: false,
  /** `outbox.list` as last read (pending, in flight, failed). */
  items: [] as OutboxItem[],
  loaded: false,
  /** Why the list could not be read, or null. */
  error: null as string | null,
  /** Entry ids whose discard waits out its undo time. */
  discarding: [] as string[],
  /** Entry ids with a retry on its way to main. */
  retrying: [] as string[],
  /**
   * The documents the entries are about, by id: "Supplier · invoice number", their agenda and
   * their state as cached now (null when not cached). The state decides whether a refused
   * repair can be retried (refusals.ts).
   */
  documents: {} as Record<number, { label: string; agendaId: number | null; state: string | null }>,
})

/** Opens a document in the workspace (set by the triage workspace while it is shown). */
type DocumentOpener = (documentId: number, agendaId: number) => void
let opener: DocumentOpener | null = null

/** Lets the triage workspace open documents for the panel; returns the function that unsets it. */
export function setDocumentOpener(open: DocumentOpener): () => void {
  opener = open
  return () => {
    if (opener === open) opener = null
  }
}

/** True when the workspace can open document `id` (it is cached, and the workspace is shown). */
export function canOpenDocument(id: number): boolean {
  return opener !== null && (outboxPanel.documents[id]?.agendaId ?? null) !== null
}

/** Closes the panel and opens document `id` in the workspace. */
export function openDocument(id: number): void {
  const agendaId = outboxPanel.documents[id]?.agendaId ?? null
  if (opener === null || agendaId === null) return
  closeOutboxPanel()
  opener(id, agendaId)
}

const discards = createDelayedDiscard({
  discard: (entryId) => docket().invoke('outbox.discard', { entryId }),
  onError: (_entryId, error) => showError(error),
  onChange: (held) => (outboxPanel.discarding = [...held]),
})

let stopFeed: (() => void) | null = null
let reloadTimer: ReturnType<typeof setTimeout> | null = null

/** Opens the panel and starts following the outbox; no-op when already open. */
export function openOutboxPanel(): void {
  if (outboxPanel.open) return
  outboxPanel.open = true
  outboxPanel.loaded = false
  void reloadOutbox()
  try {
    const reloadSoon = () => {
      // Many actions in a row (a bulk triage) send many events: read the list once they settle.
      if (reloadTimer) clearTimeout(reloadTimer)
      reloadTimer = setTimeout(() => void reloadOutbox(), 150)
    }
    const stops = [
      docket().on('outbox.changed', reloadSoon),
      // A pull may change a document's state, and with it what a failed action can do.
      docket().on('documents.changed', reloadSoon),
    ]
    stopFeed = () => stops.forEach((stop) => stop())
  } catch {
    // No bridge: reloadOutbox shows that error in the panel.
  }
}

/**
 * Closes the panel. Discards still within their undo time go on counting; a toast keeps
 * their *Undo* within reach, since the panel that showed it is gone.
 */
export function closeOutboxPanel(): void {
  outboxPanel.open = false
  stopFeed?.()
  stopFeed = null
  if (reloadTimer) clearTimeout(reloadTimer)
  const held = [...discards.held()]
  if (held.length > 0) {
    showToast('info', t('outbox.discard.pending', { count: held.length }), {
      label: t('outbox.discard.undo'),
      run: () => held.forEach((entryId) => discards.undo(entryId)),
    })
  }
}

/** Reads `outbox.list` again, then the labels of documents not yet known. */
export async function reloadOutbox(): Promise<void> {
  try {
    const { entries } = await docket().invoke('outbox.list', {})
    outboxPanel.items = entries
    outboxPanel.error = null
    outboxPanel.retrying = outboxPanel.retrying.filter((id) =>
      entries.some((entry) => entry.id === id && entry.status === 'failed'),
    )
  } catch (error) {
    outboxPanel.error = errorMessage(error)
  } finally {
    outboxPanel.loaded = true
  }
  await loadDocumentLabels(outboxPanel.items)
}

/** Most documents named at once: beyond it the panel shows the action's own "#id". */
const MAX_LABELS = 200

/**
 * Reads the label, agenda and state of the documents not yet known, and again those of failed
 * entries (their state decides what the panel offers).
 */
async function loadDocumentLabels(items: readonly OutboxItem[]): Promise<void> {
  const failed = new Set(items.filter((item) => item.status === 'failed').map(documentOf))
  const wanted = [...new Set(items.map(documentOf).filter((id): id is number => id !== null))]
    .filter((id) => !(id in outboxPanel.documents) || failed.has(id))
    .slice(0, MAX_LABELS)
  for (const id of wanted) {
    try {
      const { document } = await docket().invoke('documents.get', { id })
      const name = document.supplier?.name ?? null
      const number = document.data?.header?.invoice_no ?? null
      const label = [name, number].filter(Boolean).join(' · ') || `#${id}`
      outboxPanel.documents[id] = { label, agendaId: document.agenda_id, state: document.state }
    } catch {
      // Not cached (deleted, or another agenda not synced yet): the action's "#id" names it.
      outboxPanel.documents[id] = { label: `#${id}`, agendaId: null, state: null }
    }
  }
}

/** How a failed entry reads in the panel, and whether *Retry* can succeed (refusals.ts). */
export function refusalOfItem(item: OutboxItem): Refusal | null {
  if (!item.error) return null
  const documentId = documentOf(item)
  const state = documentId === null ? null : (outboxPanel.documents[documentId]?.state ?? null)
  return refusalOf(item.error, item.action.kind, state)
}

/** Sends a failed entry again (`outbox.retry`). */
export async function retryEntry(entryId: string): Promise<void> {
  outboxPanel.retrying = [...outboxPanel.retrying, entryId]
  try {
    await docket().invoke('outbox.retry', { entryId })
  } catch (error) {
    showError(error)
  } finally {
    outboxPanel.retrying = outboxPanel.retrying.filter((id) => id !== entryId)
  }
  await reloadOutbox()
}

/** Sends every failed entry again, oldest first; stops at the first refusal (shown). */
export async function retryAllFailed(): Promise<void> {
  // Only those that can succeed: a refusal that would come back the same is left to Discard.
  const failed = outboxPanel.items.filter(
    (item) => item.status === 'failed' && !isDiscarding(item.id) && refusalOfItem(item)?.retryable !== false,
  )
  for (const item of failed) {
    try {
      await docket().invoke('outbox.retry', { entryId: item.id })
    } catch (error) {
      showError(error)
      break
    }
  }
  await reloadOutbox()
}

/** Discards a failed entry after {@link DISCARD_UNDO_MS} unless undone. */
export function discardEntry(entryId: string): void {
  discards.schedule(entryId)
}

/** Keeps an entry whose discard is still held back. */
export function undoDiscard(entryId: string): void {
  discards.undo(entryId)
}

export function isDiscarding(entryId: string): boolean {
  return outboxPanel.discarding.includes(entryId)
}
