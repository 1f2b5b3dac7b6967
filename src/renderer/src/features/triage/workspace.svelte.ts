/**
 * The state of the triage workspace: agendas, the inbox rows of the current agenda, filters,
 * cursor, selection, the open document and the stack of undoable actions. Everything is read
 * through `docket().invoke` (the local store in main); actions go to the outbox; store changes
 * arrive as `documents.changed` / `outbox.changed` events.
 */
import { SvelteSet } from 'svelte/reactivity'
import type { CheckResult } from '../../../../shared/checks/result'
import {
  isDocketError,
  type AgendaSummary,
  type CachedCommentView,
  type CachedDocumentView,
  type DocketBridge,
  type DocumentRow,
} from '../../../../shared/ipc'
import { countQueues, QUEUES, type Queue } from '../../../../shared/queues'
import { afterPaint } from '../../lib/afterPaint'
import { docket } from '../../lib/docket'
import { t, type MessageKey } from '../../lib/i18n'
import { errorMessage, showError, showToast } from '../../lib/toasts.svelte'
import { markUndone, recordAction, recordReturnFromRepair, type HistoryEventKind } from '../comments/historyLog'
import { DocumentCache, neighboursOf, type OpenedDocument } from '../documents/documentCache'
import {
  applyAction,
  countFiltered,
  filterRows,
  isFiltered,
  nextAfter,
  sortRows,
  type SortOrder,
  type TriageActionKind,
  type TypeFilter,
  type WarningFilter,
} from './listModel'
import { saveAgendaId, savedAgendaId } from './savedAgenda'
import { triageSettings } from './triageSettings.svelte'
import { UndoStack, type UndoableAction } from './undoStack.svelte'

export class TriageWorkspace {
  agendas = $state.raw<AgendaSummary[]>([])
  agendasLoaded = $state(false)
  agendaId = $state<number | null>(null)
  rows = $state.raw<DocumentRow[]>([])
  rowsLoaded = $state(false)
  /** Why the list could not be read (shown with a retry), or null. */
  rowsError = $state<string | null>(null)
  queue = $state<Queue>('not_ready')
  type = $state<TypeFilter>('all')
  warnings = $state<WarningFilter>('all')
  search = $state('')
  sort = $state<SortOrder>({ key: 'received', direction: 'desc' })

  /** The rows shown: the tab, type and search applied, sorted. */
  visible = $derived(
    sortRows(
      filterRows(this.rows, { queue: this.queue, type: this.type, search: this.search, warnings: this.warnings }),
      this.sort,
    ),
  )
  /**
   * Where each shown row is in {@link visible}, by id, so that moving the cursor does not search
   * 10,000 rows on every key (built once per change of the list, when first asked).
   */
  // A lookup rebuilt with the list, not state of its own.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly visibleIndex = $derived(new Map(this.visible.map((row, index) => [row.id, index])))
  /** True when the search or a filter narrows the list (the counts then say "n of m"). */
  filtered = $derived(isFiltered({ type: this.type, search: this.search, warnings: this.warnings }))
  /** Tab counts under the search and filters (from the rows, so they follow optimistic actions). */
  counts = $derived(countFiltered(this.rows, { type: this.type, search: this.search, warnings: this.warnings }))
  /** Tab counts of the whole agenda, filters aside. */
  totals = $derived(countQueues(this.rows.map((row) => row.state)))

  /** The row with the keyboard cursor. */
  cursorId = $state<number | null>(null)
  readonly selected = new SvelteSet<number>()
  /** The document shown in the pane. */
  openId = $state<number | null>(null)
  document = $state.raw<CachedDocumentView | null>(null)
  checks = $state.raw<CheckResult[]>([])
  documentError = $state<string | null>(null)
  comments = $state.raw<CachedCommentView[]>([])
  /** Actions not yet sent that `u` takes back. */
  readonly undoStack = new UndoStack()
  /** The action `u` takes back next. */
  lastAction = $derived(this.undoStack.top)
  busy = $state(false)
  /** Moves the keyboard focus back to the inbox list (set by the view that shows it). */
  focusInbox: () => void = () => {}

  /** The signed-in user, or null when unknown. */
  me = $state.raw<{ id: number; name: string; surname: string } | null>(null)

  private openToken = 0
  /** The open document's neighbours, loaded ahead; cleared on every change event and action. */
  private readonly opened = new DocumentCache(async (id): Promise<OpenedDocument> => {
    const [detail, comments] = await Promise.all([
      docket().invoke('documents.get', { id }),
      docket().invoke('comments.list', { documentId: id }),
    ])
    return { document: detail.document, checks: detail.checks, comments: comments.comments }
  })
  /** The open document was reached by stepping through the list (j / k), not opened directly. */
  stepping = $state(false)
  /** The direction of the last cursor move (which neighbours to load ahead). */
  private lastMove = 1
  private rowsToken = 0
  private refreshTimer: ReturnType<typeof setTimeout> | null = null
  private agendasTimer: ReturnType<typeof setTimeout> | null = null
  private unsubscribers: (() => void)[] = []

  /** Loads agendas and the inbox, and listens to store changes. Returns a stop function. */
  start(): () => void {
    void this.loadAgendas(true)
    void this.loadMe()
    try {
      this.listen(docket())
    } catch {
      // No bridge to main: loadAgendas has already shown why, and there is nothing to listen to.
    }
    return () => {
      for (const off of this.unsubscribers.splice(0)) off()
      if (this.refreshTimer) clearTimeout(this.refreshTimer)
      if (this.agendasTimer) clearTimeout(this.agendasTimer)
    }
  }

  /** Follows the store: reloads what a change event names (coalesced), forgets what was loaded ahead. */
  private listen(bridge: DocketBridge): void {
    this.unsubscribers.push(
      bridge.on('documents.changed', ({ agendaIds }) => {
        this.opened.clear()
        // Documents named one by one (a delta pull, an action): their agenda may be any one, and
        // the sidebar counts may move.
        if (agendaIds.length === 0) {
          this.scheduleAgendas()
          return this.scheduleRefresh()
        }
        if (agendaIds.includes(this.agendaId ?? NaN)) this.scheduleRefresh()
        if (agendaIds.some((id) => id !== this.agendaId)) this.scheduleAgendas()
      }),
      bridge.on('outbox.changed', () => {
        this.opened.clear()
        this.scheduleRefresh()
      }),
      bridge.on('documents.repairFinished', (finished) => this.repairFinished(finished)),
    )
  }

  /**
   * A document is back from repair: remembers it in its history and says which one it is
   * (counterparty and invoice number when listed), with *Open* going there, in its agenda.
   */
  private repairFinished({ documentId, agendaId, state }: { documentId: number; agendaId: number; state: string }) {
    this.opened.clear()
    recordReturnFromRepair(documentId, state)
    showToast('info', t('triage.toast.repairFinishedNamed', { document: this.documentName(documentId) }), {
      label: t('triage.toast.open'),
      run: () => void this.goTo(documentId, agendaId),
    })
    this.scheduleRefresh()
  }

  /** "Counterparty · invoice no." of a listed document, else "#id". */
  documentName(id: number): string {
    const row = this.rows.find((r) => r.id === id)
    const parts = [row?.counterpartyName, row?.invoiceNo].filter(Boolean)
    return parts.length > 0 ? parts.join(' · ') : `#${id}`
  }

  /** Opens document `id` of agenda `agendaId`, switching agenda and tab so it is listed. */
  async goTo(id: number, agendaId: number): Promise<void> {
    if (agendaId !== this.agendaId) await this.selectAgenda(agendaId)
    else await this.loadRows()
    const row = this.rows.find((r) => r.id === id)
    if (row && !this.visible.some((r) => r.id === id)) {
      this.search = ''
      this.type = 'all'
      this.warnings = 'all'
      if (!this.visible.some((r) => r.id === id)) this.queue = 'all'
    }
    await this.open(id)
    this.focusInbox()
  }

  /** The signed-in user (for "You" on their comments), when the host knows it. */
  private async loadMe(): Promise<void> {
    try {
      const current = await docket().invoke('auth.current', {})
      if (current?.user) this.me = current.user
    } catch {
      // Only a nicety: without it the user's own comments show "User <id>" instead of "You";
      // the demo host may not know a user at all.
    }
  }

  /** Coalesces bursts of changes in other agendas into one sidebar reload. */
  scheduleAgendas(): void {
    if (this.agendasTimer) clearTimeout(this.agendasTimer)
    this.agendasTimer = setTimeout(() => {
      this.agendasTimer = null
      void this.loadAgendas(false)
    }, 500)
  }

  /** Coalesces bursts of change events into one reload. */
  scheduleRefresh(): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer)
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null
      void this.refresh()
    }, 250)
  }

  /** Reloads the rows and the open document (comments included); `withAgendas` the sidebar too. */
  async refresh(withAgendas = false): Promise<void> {
    await Promise.all([withAgendas ? this.loadAgendas(false) : Promise.resolve(), this.loadRows()])
    if (this.openId !== null) await this.loadDocument(this.openId, false)
  }

  async loadAgendas(chooseAgenda: boolean): Promise<void> {
    try {
      const { agendas } = await docket().invoke('agendas.list', {})
      this.agendas = agendas
      this.agendasLoaded = true
      if (chooseAgenda || (this.agendaId !== null && !agendas.some((a) => a.id === this.agendaId))) {
        const saved = savedAgendaId()
        const agenda = agendas.find((a) => a.id === saved) ?? agendas[0]
        if (agenda) await this.selectAgenda(agenda.id)
      }
    } catch (error) {
      this.agendasLoaded = true
      showError(error)
    }
  }

  async selectAgenda(agendaId: number): Promise<void> {
    if (this.agendaId !== agendaId) {
      this.agendaId = agendaId
      this.selected.clear()
      this.closeDocument()
      this.cursorId = null
      this.rows = []
      this.rowsLoaded = false
      this.rowsError = null
      saveAgendaId(agendaId)
    }
    await this.loadRows()
  }

  async loadRows(): Promise<void> {
    const agendaId = this.agendaId
    if (agendaId === null) return
    const token = ++this.rowsToken
    try {
      const { rows } = await docket().invoke('documents.list', { agendaId })
      if (agendaId !== this.agendaId || token !== this.rowsToken) return
      this.rows = rows
      this.rowsLoaded = true
      this.rowsError = null
      // A local lookup, not state: nothing renders from it.
      // eslint-disable-next-line svelte/prefer-svelte-reactivity
      const present = new Set(rows.map((row) => row.id))
      for (const id of [...this.selected]) if (!present.has(id)) this.selected.delete(id)
      if (this.cursorId === null || !this.visible.some((row) => row.id === this.cursorId)) {
        this.cursorId = this.visible[0]?.id ?? null
      }
    } catch (error) {
      if (agendaId !== this.agendaId || token !== this.rowsToken) return
      this.rowsLoaded = true
      // Rows shown before stay (a reload that failed); a list that never loaded says why.
      if (this.rows.length === 0) this.rowsError = errorMessage(error)
      else showError(error)
    }
  }

  setQueue(queue: Queue): void {
    this.queue = queue
    this.selected.clear()
    this.cursorId = this.visible[0]?.id ?? null
  }

  setSort(key: SortOrder['key']): void {
    this.sort =
      this.sort.key === key
        ? { key, direction: this.sort.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: key === 'supplier' ? 'asc' : 'desc' }
  }

  /** Queue tab by 1-based position (keyboard 1..6). */
  setQueueByNumber(n: number): void {
    const queue = QUEUES[n - 1]
    if (queue) this.setQueue(queue)
  }

  /**
   * Opens a document in the pane (and puts the cursor on it). `stepping`: the user moves
   * through the list (j / k), so the documents next to it are loaded ahead once it is shown.
   */
  async open(id: number, stepping = false): Promise<void> {
    this.cursorId = id
    this.openId = id
    this.stepping = stepping
    await this.loadDocument(id, true, stepping)
  }

  closeDocument(): void {
    this.openToken++
    this.openId = null
    this.document = null
    this.checks = []
    this.comments = []
    this.documentError = null
  }

  /**
   * Shows document `id` in the pane: at once when it was loaded ahead (`reset`: a newly
   * opened document), else after documents.get + comments.list (`reset` false: a reload of
   * the open one, always fresh). Then, when `stepping`, loads its neighbours ahead (after the
   * frame that shows it is painted).
   */
  private async loadDocument(id: number, reset: boolean, stepping = false): Promise<void> {
    const token = ++this.openToken
    const ahead = () => {
      if (stepping) afterPaint(() => this.openId === id && this.loadAhead(id))
    }
    const ready = reset ? this.opened.peek(id) : undefined
    if (ready) {
      this.show(ready)
      ahead()
      return
    }
    if (reset) {
      this.document = null
      this.checks = []
      this.comments = []
      this.documentError = null
    }
    try {
      const loaded = await this.opened.get(id, !reset)
      if (token !== this.openToken) return
      this.show(loaded)
      ahead()
    } catch (error) {
      if (token !== this.openToken) return
      this.documentError = error instanceof Error ? error.message : String(error)
      // A document gone since the list was read says so in the pane; anything else is a toast too.
      if (!isDocketError(error) || error.code !== 'not_found') showError(error)
    }
  }

  private show(loaded: OpenedDocument): void {
    this.document = loaded.document
    this.checks = loaded.checks
    this.comments = loaded.comments
    this.documentError = null
  }

  /** The position of document `id` in the list as shown (0-based), or -1 when it is not shown. */
  indexOfVisible(id: number | null): number {
    return id === null ? -1 : (this.visibleIndex.get(id) ?? -1)
  }

  /** Loads the open document's neighbours in the list ahead (see {@link neighboursOf}). */
  private loadAhead(id: number): void {
    const rows = this.visible
    const index = this.indexOfVisible(id)
    if (index < 0) return
    for (const next of neighboursOf(rows, index, this.lastMove)) this.opened.prefetch(next)
  }

  /** Moves the cursor by `delta` rows; the open pane follows the cursor. */
  move(delta: number): void {
    if (delta !== 0) this.lastMove = delta < 0 ? -1 : 1
    const rows = this.visible
    if (rows.length === 0) return
    const index = this.indexOfVisible(this.cursorId)
    const nextIndex = index < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, index + delta))
    const id = rows[nextIndex]!.id
    this.cursorId = id
    if (this.openId !== null && this.openId !== id) void this.open(id, true)
  }

  toggleSelected(id: number | null = this.cursorId): void {
    if (id === null) return
    if (this.selected.has(id)) this.selected.delete(id)
    else this.selected.add(id)
  }

  selectAll(): void {
    for (const row of this.visible) this.selected.add(row.id)
  }

  clearSelection(): void {
    this.selected.clear()
  }

  /** What an action applies to: the selection (in list order), else the open document, else the cursor row. */
  targets(): number[] {
    if (this.selected.size > 0) {
      const ids = this.visible.filter((row) => this.selected.has(row.id)).map((row) => row.id)
      return ids.length > 0 ? ids : [...this.selected]
    }
    const id = this.openId ?? this.cursorId
    return id === null ? [] : [id]
  }

  /** The rows of the tab as shown that no check flags (what *Mark clean ones ready* acts on). */
  cleanIds(): number[] {
    return this.visible.filter((row) => row.warnings.length === 0).map((row) => row.id)
  }

  /**
   * Runs a triage action on `options.ids` (default {@link targets}) through the outbox, pushes
   * it on the undo stack, remembers it in the documents' history, refreshes, and opens the
   * next document when the setting says so. When the action empties the tab, the document
   * acted on is closed rather than left open over an empty list.
   */
  async act(kind: TriageActionKind, options: { description?: string; ids?: number[] } = {}): Promise<boolean> {
    const ids = options.ids ?? this.targets()
    if (ids.length === 0) {
      showToast('info', t('triage.toast.nothingSelected'))
      return false
    }
    const anchor = this.openId ?? this.cursorId
    const visibleIds = this.visible.map((row) => row.id)
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a local lookup, not state
    const next = anchor !== null ? nextAfter(visibleIds, anchor, new Set(ids)) : null
    this.busy = true
    // What was loaded ahead may predate the action (e.g. a duplicate of an archived document).
    this.opened.clear()
    try {
      const api = docket()
      const result =
        kind === 'ready' || kind === 'exported'
          ? await api.invoke('documents.setState', { ids, state: kind })
          : kind === 'repair'
            ? await api.invoke('documents.repair', { ids, description: options.description || undefined })
            : await api.invoke('documents.archive', { ids })
      const label = t(`triage.done.${kind}`, { count: ids.length })
      this.pushUndo({ entryIds: result.entryIds, label, anchor })
      this.remember(ids, kind, result.entryIds, options.description)
    } catch (error) {
      showError(error)
      return false
    } finally {
      this.busy = false
    }
    this.selected.clear()
    // The store has the effect already; the reload that follows confirms it.
    this.rows = applyAction(this.rows, ids, kind)
    const actedOnOpen = anchor !== null && ids.includes(anchor)
    const openStillListed = this.openId !== null && this.visible.some((row) => row.id === this.openId)
    if (triageSettings.openNextAfterAction && actedOnOpen && next !== null) {
      if (this.openId !== null) void this.open(next)
      else this.cursorId = next
    } else if (this.openId !== null && ids.includes(this.openId) && (kind === 'archive' || this.visible.length === 0)) {
      this.closeDocument()
    } else if (this.openId !== null && !openStillListed && this.visible.length === 0) {
      this.closeDocument()
    } else if (this.openId !== null) {
      void this.loadDocument(this.openId, false)
    }
    if (this.cursorId === null || !this.visible.some((row) => row.id === this.cursorId)) {
      this.cursorId = next ?? this.visible[0]?.id ?? null
    }
    void this.loadRows()
    return true
  }

  /** Pushes an action on the undo stack and shows its toast (the only one, so the only Undo). */
  private pushUndo(action: UndoableAction): void {
    this.undoStack.push(action)
    showToast('success', action.label, { label: t('triage.action.undo'), run: () => void this.undo() })
  }

  /** Remembers an action in the history of each document it touched, as done by the signed-in user. */
  private remember(ids: number[], kind: HistoryEventKind, entryIds: string[], text?: string): void {
    recordAction({
      ids,
      kind,
      entryIds,
      text,
      by: this.me ? [this.me.name, this.me.surname].filter(Boolean).join(' ') : undefined,
    })
  }

  /**
   * Undoes the newest action on the stack while it has not been sent; pressed again, the one
   * before, and so on. An action already sent says so and leaves the stack (the next `u`
   * goes on to the one before it).
   */
  async undo(): Promise<void> {
    const last = this.undoStack.pop()
    if (!last) {
      showToast('info', t('triage.toast.nothingToUndo'))
      return
    }
    this.opened.clear()
    try {
      await docket().invoke('documents.undo', { entryIds: last.entryIds })
      markUndone(last.entryIds)
      const more = this.undoStack.size
      showToast(
        'info',
        more > 0
          ? t('triage.toast.undoneMore', { action: last.label, count: more })
          : t('triage.toast.undone', { action: last.label }),
        more > 0 ? { label: t('triage.action.undo'), run: () => void this.undo() } : undefined,
      )
    } catch (error) {
      if (isDocketError(error) && error.code === 'too_late') {
        showToast('error', t('triage.toast.tooLate', { action: last.label }))
      } else showError(error)
    }
    await this.loadRows()
    if (last.anchor !== null && this.rows.some((row) => row.id === last.anchor)) {
      if (!this.visible.some((row) => row.id === last.anchor)) this.queue = 'all'
      await this.open(last.anchor)
    }
  }

  async addComment(text: string): Promise<boolean> {
    return this.commentAction(
      () => docket().invoke('comments.create', { documentId: this.openId!, text }),
      'comments.added',
      'commentCreate',
      text,
    )
  }

  async editComment(uuid: string, text: string): Promise<boolean> {
    return this.commentAction(
      () => docket().invoke('comments.update', { documentId: this.openId!, uuid, text }),
      'comments.edited',
      'commentUpdate',
      text,
    )
  }

  async deleteComment(uuid: string): Promise<boolean> {
    return this.commentAction(
      () => docket().invoke('comments.delete', { documentId: this.openId!, uuid }),
      'comments.deleted',
      'commentDelete',
    )
  }

  private async commentAction(
    run: () => Promise<{ entryIds: string[] }>,
    labelKey: MessageKey,
    kind: HistoryEventKind,
    text?: string,
  ): Promise<boolean> {
    if (this.openId === null) return false
    const documentId = this.openId
    this.opened.clear()
    try {
      const { entryIds } = await run()
      this.pushUndo({ entryIds, label: t(labelKey), anchor: documentId })
      this.remember([documentId], kind, entryIds, text)
    } catch (error) {
      showError(error)
      return false
    }
    void this.loadRows()
    try {
      const { comments } = await docket().invoke('comments.list', { documentId })
      if (this.openId === documentId) this.comments = comments
    } catch (error) {
      showError(error)
    }
    return true
  }
}
