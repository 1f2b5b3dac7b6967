/**
 * What this Docket did to each document, kept in the renderer's storage: the actions the user
 * took here (with the outbox entries they wrote, to tell sent from pending from undone) and
 * the returns from repair main reported. The outbox forgets an entry once the service has it,
 * and the service keeps no action log Docket can read, so this is the memory behind a
 * document's History; it holds the newest {@link MAX_EVENTS} events of every document.
 */

/** What happened: an action kind of the triage workspace, a comment change, or a return from repair. */
export type HistoryEventKind =
  'ready' | 'exported' | 'repair' | 'archive' | 'commentCreate' | 'commentUpdate' | 'commentDelete' | 'returned'

/** One remembered event. `at` is UTC ISO 8601. */
export interface HistoryEvent {
  documentId: number
  kind: HistoryEventKind
  at: string
  /** The user who acted (display name), absent for what the service did. */
  by?: string
  /** repair: the description sent; commentCreate/Update: the text. */
  text?: string
  /** returned: the state the document came back in. */
  state?: string
  /** The outbox entries the action wrote (empty for `returned`). */
  entryIds: string[]
  /** Set when the user undid the action before it was sent. */
  undone?: boolean
}

const KEY = 'docket.history.v1'
/** Enough for weeks of work on a busy agenda while staying a few hundred kB of storage. */
export const MAX_EVENTS = 3000

let events: HistoryEvent[] | null = null

function load(): HistoryEvent[] {
  if (events) return events
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]')
    events = Array.isArray(parsed) ? parsed.filter(isEvent) : []
  } catch {
    // Storage unavailable or damaged: start a new memory rather than fail the workspace.
    events = []
  }
  return events
}

function isEvent(value: unknown): value is HistoryEvent {
  const v = value as HistoryEvent
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.documentId === 'number' &&
    typeof v.kind === 'string' &&
    typeof v.at === 'string' &&
    Array.isArray(v.entryIds)
  )
}

function save(): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(load()))
  } catch {
    // Storage full or unavailable: the history of this session still shows, it is only not kept.
  }
}

/** Remembers `added` (oldest dropped beyond {@link MAX_EVENTS}). */
export function recordHistory(added: readonly HistoryEvent[]): void {
  if (added.length === 0) return
  const all = load()
  all.push(...added)
  if (all.length > MAX_EVENTS) all.splice(0, all.length - MAX_EVENTS)
  save()
}

/** Remembers one action on `ids` (now, by `by`), one event per document. */
export function recordAction(action: {
  ids: readonly number[]
  kind: HistoryEventKind
  entryIds: string[]
  text?: string
  by?: string
}): void {
  const at = new Date().toISOString()
  const text = action.text || undefined
  recordHistory(
    action.ids.map((documentId) => ({
      documentId,
      kind: action.kind,
      at,
      by: action.by,
      text,
      entryIds: action.entryIds,
    })),
  )
}

/** Remembers that the service finished the repair of `documentId` (now), leaving it in `state`. */
export function recordReturnFromRepair(documentId: number, state: string): void {
  recordHistory([{ documentId, kind: 'returned', at: new Date().toISOString(), state, entryIds: [] }])
}

/** Marks the events that wrote any of `entryIds` as undone. */
export function markUndone(entryIds: readonly string[]): void {
  const ids = new Set(entryIds)
  let changed = false
  for (const event of load()) {
    if (!event.undone && event.entryIds.some((id) => ids.has(id))) {
      event.undone = true
      changed = true
    }
  }
  if (changed) save()
}

/** The remembered events of one document, oldest first. */
export function historyOf(documentId: number): HistoryEvent[] {
  return load().filter((event) => event.documentId === documentId)
}

/** Forgets everything remembered (tests). */
export function clearHistoryForTests(): void {
  events = []
  save()
}
