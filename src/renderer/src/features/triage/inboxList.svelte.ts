/**
 * The inbox list of the triage workspace: the agenda, the tab, filters, search and sort, the
 * list the services worked out for them and the rows held around the screen (rowWindow.ts),
 * the cursor and the selection. The list is a live query: {@link InboxList.loadRows} states
 * what the screen shows (`documents.watch`) and main pushes the view again (`documents.view`)
 * after every change of the store. {@link TriageState} adds the agendas, the open
 * document and actions.
 */
import { dequal } from 'dequal'
import { untrack } from 'svelte'
import { SvelteSet } from 'svelte/reactivity'
import { isFiltered, type SortOrder, type TypeFilter, type WarningFilter } from '../../../../shared/documents/listQuery'
import {
  ALL_AGENDAS,
  type AgendaScope,
  type DocumentRow,
  type DocumentView,
  type DocumentWatch,
  type ListQuery,
} from '../../../../shared/ipc'
import { emptyQueueCounts, QUEUES, type Queue, type QueueCounts } from '../../../../shared/queues'
import { docket } from '../../lib/docket'
import { errorMessage, showError } from '../../lib/toasts.svelte'
import { mergeRows, missingIds, rangeToHold, rowsRunningLow, type RowRange } from './rowWindow'
import { listedAgendaIds } from './rowAgenda'
import { heldListAfter, keepUnchangedRows, type HeldList } from './watchedList'

/** The sort a list opens with: one agenda newest first, All agendas by due date (the earliest first). */
export const DEFAULT_SORT: Readonly<Record<'agenda' | 'all', SortOrder>> = {
  agenda: { key: 'received', direction: 'desc' },
  all: { key: 'dueDate', direction: 'asc' },
}

export class InboxList {
  /** The agenda listed, {@link ALL_AGENDAS} for every agenda of the account, or null before one is chosen. */
  agendaId = $state<AgendaScope | null>(null)
  /** Every document of the list as shown, in order: the tab, filters and sort applied (by the services). */
  ids = $state.raw<readonly number[]>([])
  /** All agendas: the agenda of each of {@link ids}, at the same position; null for one agenda. */
  listAgendaIds = $state.raw<readonly number[] | null>(null)
  /** The rows held of {@link ids}: those on screen and around them (rowWindow.ts). */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- replaced whole, never changed in place
  rows = $state.raw<ReadonlyMap<number, DocumentRow>>(new Map())
  rowsLoaded = $state(false)
  /** Why the list could not be read (shown with a retry), or null. */
  rowsError = $state<string | null>(null)
  queue = $state<Queue>('not_ready')
  type = $state<TypeFilter>('all')
  warnings = $state<WarningFilter>('all')
  search = $state('')
  sort = $state<SortOrder>(DEFAULT_SORT.agenda)
  /** True while the All agendas queue is shown (each row then names its agenda). */
  allAgendas = $derived(this.agendaId === ALL_AGENDAS)

  /**
   * Where each shown document is in {@link ids}, so that moving the cursor does not search
   * 10,000 ids on every key (built once per change of the list, when first asked).
   */
  // A lookup rebuilt with the list, not state of its own.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  protected readonly visibleIndex = $derived(new Map(this.ids.map((id, index) => [id, index])))
  /** True when the search or a filter narrows the list (the counts then say "n of m"). */
  filtered = $derived(isFiltered({ type: this.type, search: this.search, warnings: this.warnings }))
  /** Tab counts under the search and filters (moved at once by an action, then as the services count). */
  counts = $state.raw<QueueCounts>(emptyQueueCounts())
  /** Tab counts of the whole agenda, filters aside. */
  totals = $state.raw<QueueCounts>(emptyQueueCounts())

  /** The row with the keyboard cursor. */
  cursorId = $state<number | null>(null)
  readonly selected = new SvelteSet<number>()
  /** The document shown in the pane. */
  openId = $state<number | null>(null)
  /** Counts the lists of another query shown (the list then scrolls to show the cursor). */
  listShown = $state(0)

  private rowsToken = 0
  /** Names this screen to main: the views pushed for it carry it. */
  protected readonly viewId = `triage-${Math.random().toString(36).slice(2, 12)}`
  /** Counts what this screen stated (`documents.watch`); views of an older statement are dropped. */
  private revision = 0
  /** The newest view applied, by its statement and main's count. */
  private applied = { revision: -1, version: -1 }
  /** The key of the query of the latest statement (to tell a new query from a restatement). */
  private statedKey = ''
  /**
   * The list held as main last sent it whole, with its token: each statement names the token,
   * and main then leaves the ids out of a view whose list is still this one (watchedList.ts).
   */
  private heldList: HeldList | null = null
  /** The positions of the rows on screen (set by the list as it scrolls). */
  private shownRange: RowRange = { start: 0, end: 0 }
  /** How far the rows on screen moved at their last change (rows, + down): the rows held lead the scroll (rowWindow.ts `rowsAhead`). */
  private shownVelocity = 0
  /** Ids asked by `documents.rows` for the current list and not (yet) answered: not asked again while it stands. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a lookup of this object, nothing renders from it
  private askedIds = new Set<number>()
  private rowsInFlight = false
  /** The query the list was last loaded with (a reload of the same one prunes the selection). */
  private loadedQueryKey = ''

  /** Follows the tab, filters, search and sort: a change asks the services again. Returns a stop function. */
  protected followQuery(): () => void {
    return $effect.root(() => {
      $effect(() => {
        const key = JSON.stringify(this.query())
        untrack(() => {
          if (this.agendaId !== null && key !== this.loadedQueryKey) void this.loadRows()
        })
      })
    })
  }

  /** Forgets the list of the previous agenda. */
  protected resetList(): void {
    this.selected.clear()
    this.cursorId = null
    this.ids = []
    this.listAgendaIds = null
    this.heldList = null
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- replaced whole, never changed in place
    this.rows = new Map()
    this.counts = emptyQueueCounts()
    this.totals = emptyQueueCounts()
    this.rowsLoaded = false
    this.rowsError = null
    // The next agenda's list is a new one, shown from its top.
    this.loadedQueryKey = ''
  }

  /** The list as the user set it: tab, filters, search and sort. */
  query(): ListQuery {
    return {
      queue: this.queue,
      type: this.type,
      warnings: this.warnings,
      search: this.search.slice(0, 200),
      sort: { key: this.sort.key, direction: this.sort.direction },
    }
  }

  /**
   * States what the screen shows (`documents.watch`: agenda, query, the rows around those on
   * screen, the open document and those ahead, {@link watchedDocuments}) and applies the view
   * main answers; main pushes it again after every change (applied by {@link applyView}).
   * A newer statement wins.
   */
  async loadRows(): Promise<void> {
    const agendaId = this.agendaId
    const token = ++this.rowsToken
    const query = this.query()
    const key = JSON.stringify(query)
    // Another query's list is shown from its top; a restatement keeps the rows on screen.
    const shown =
      key === this.loadedQueryKey
        ? this.shownRange
        : { start: 0, end: Math.max(0, this.shownRange.end - this.shownRange.start) }
    const hold = rangeToHold(shown, Number.MAX_SAFE_INTEGER)
    const revision = ++this.revision
    this.statedKey = key
    const watch: DocumentWatch = {
      viewId: this.viewId,
      revision,
      agendaId,
      query,
      window: { start: hold.start, count: hold.end - hold.start },
      ...this.watchedDocuments(),
      listToken: this.heldList?.token ?? null,
      agendasToken: this.heldAgendasToken(),
    }
    try {
      this.applyView(await docket().invoke('documents.watch', watch))
    } catch (error) {
      if (agendaId !== this.agendaId || token !== this.rowsToken) return
      this.rowsLoaded = true
      // Rows shown before stay (a statement that failed); a list that never loaded says why.
      if (this.ids.length === 0) this.rowsError = errorMessage(error)
      else showError(error)
    }
  }

  /** The token of the sidebar's agendas held as a view carried them, stated so main leaves them out (none here). */
  protected heldAgendasToken(): string | null {
    return null
  }

  /** The open document and those the next step may open, as stated to main (none here). */
  protected watchedDocuments(): Pick<DocumentWatch, 'openId' | 'ahead'> {
    return { openId: this.openId, ahead: [] }
  }

  /**
   * Applies a view of main (answered or pushed) when it is this screen's and the newest of
   * its latest statement; older ones are dropped. Answers whether it was applied. A list
   * without its ids is the one held (kept as it is); one naming a list not held has the
   * screen state itself again for the whole list, and shows the rest of the view meanwhile.
   */
  applyView(view: DocumentView): boolean {
    if (view.viewId !== this.viewId) return false
    if (view.revision !== this.revision) {
      // An answer to an earlier statement (the user stepped on meanwhile): its list is not
      // the one shown, but the documents it loaded ahead are still a head start.
      this.documentsAhead(view)
      return false
    }
    if (view.revision === this.applied.revision && view.version <= this.applied.version) return false
    this.applied = { revision: view.revision, version: view.version }
    const list = view.list
    const listed = list && list.agendaId === this.agendaId ? heldListAfter(this.heldList, list) : null
    if (listed?.kind === 'restate') {
      this.heldList = null
      void this.loadRows()
    } else if (list && listed) {
      const key = this.statedKey
      const sameQuery = key === this.loadedQueryKey
      this.loadedQueryKey = key
      // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a lookup of this object, nothing renders from it
      this.askedIds = new Set()
      if (listed.kind === 'replace') {
        this.heldList = listed.list
        this.ids = listed.list.ids
        this.listAgendaIds =
          list.agendaId === ALL_AGENDAS ? listedAgendaIds(listed.list.ids, listed.list.agendaIds) : null
      }
      // Rows that did not change keep their objects (and the map, when none did): nothing drawn again.
      this.rows = keepUnchangedRows(this.rows, list.rows)
      // Counts as they were keep their objects: the tabs draw again only when one moved.
      if (!dequal(this.counts, list.counts)) this.counts = list.counts
      if (!dequal(this.totals, list.totals)) this.totals = list.totals
      this.rowsLoaded = true
      this.rowsError = null
      if (sameQuery) for (const id of [...this.selected]) if (!this.visibleIndex.has(id)) this.selected.delete(id)
      if (!sameQuery) {
        // Another tab, filter, search or sort: the cursor stays on the open document when it is
        // listed, else goes to the first hit, and the list shows it (its top, for the first).
        this.cursorId = this.openId !== null && this.visibleIndex.has(this.openId) ? this.openId : (this.ids[0] ?? null)
        this.listShown++
      } else if (this.cursorId === null || !this.visibleIndex.has(this.cursorId)) this.cursorId = this.ids[0] ?? null
      // The view brings the rows around the screen as it was stated; a screen that moved a row
      // or two since then asks for more only once they run low, as a step does (one call per
      // key otherwise, for the row or two at the far edge of the margin: bench B4 skimming).
      if (rowsRunningLow(this.ids, this.rows, this.shownRange, this.askedIds, this.shownVelocity)) this.fillRows()
    }
    this.viewApplied(view)
    return true
  }

  /** What the subclass keeps of a view of an earlier statement (documents loaded ahead). */
  protected documentsAhead(view: DocumentView): void {
    void view
  }

  /** What the subclass shows of a view besides the list (the open document, the agendas). */
  protected viewApplied(view: DocumentView): void {
    void view
  }

  /** All agendas: the agenda of listed document `id`; undefined for one agenda or a document not listed. */
  agendaIdOf(id: number): number | undefined {
    const agendaIds = this.listAgendaIds
    if (agendaIds === null) return undefined
    const index = this.visibleIndex.get(id)
    return index === undefined ? undefined : agendaIds[index]
  }

  /** The row at `index` of the list as shown, when held (else the list draws a placeholder). */
  rowAt(index: number): DocumentRow | undefined {
    const id = this.ids[index]
    return id === undefined ? undefined : this.rows.get(id)
  }

  /**
   * The list says which rows are on screen; the rows around them are asked once those held
   * beyond the screen's edge run low ({@link rowsRunningLow}): not on every step of one row,
   * whose call the frame showing the step would wait behind (bench B4), and at once when they
   * do, so scrolling finds its rows (bench B3).
   */
  showRange(range: RowRange): void {
    if (range.start !== this.shownRange.start) this.shownVelocity = range.start - this.shownRange.start
    this.shownRange = range
    if (rowsRunningLow(this.ids, this.rows, range, this.askedIds, this.shownVelocity)) this.fillRows()
  }

  /** Asks `documents.rows` for the rows around the screen that are not held (one call at a time). */
  private fillRows(): void {
    const agendaId = this.agendaId
    if (agendaId === null || this.rowsInFlight) return
    const ids = this.ids
    const hold = rangeToHold(this.shownRange, ids.length, this.shownVelocity)
    const missing = missingIds(ids, this.rows, hold, this.askedIds)
    if (missing.length === 0) return
    for (const id of missing) this.askedIds.add(id)
    const token = this.rowsToken
    this.rowsInFlight = true
    docket()
      .invoke('documents.rows', { agendaId, ids: missing })
      .then(
        ({ rows }) => {
          if (token !== this.rowsToken || agendaId !== this.agendaId) return
          // Rows answered may be let go later (far from the screen) and asked again then; only
          // ids the services did not answer (gone meanwhile) stay asked.
          for (const row of rows) this.askedIds.delete(row.id)
          const keep = rangeToHold(this.shownRange, this.ids.length, this.shownVelocity)
          this.rows = mergeRows(this.rows, rows, this.ids, keep, [this.cursorId, this.openId])
        },
        // The list keeps its placeholders; the next change or scroll asks again.
        () => undefined,
      )
      .finally(() => {
        this.rowsInFlight = false
        if (token === this.rowsToken) this.fillRows()
      })
  }

  /** Shows another tab: the selection is cleared and the cursor goes to its first document. */
  setQueue(queue: Queue): void {
    if (queue === this.queue) return
    this.queue = queue
    this.selected.clear()
    this.cursorId = null
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

  /** The position of document `id` in the list as shown (0-based), or -1 when it is not shown. */
  indexOfVisible(id: number | null): number {
    return id === null ? -1 : (this.visibleIndex.get(id) ?? -1)
  }

  toggleSelected(id: number | null = this.cursorId): void {
    if (id === null) return
    if (this.selected.has(id)) this.selected.delete(id)
    else this.selected.add(id)
  }

  selectAll(): void {
    for (const id of this.ids) this.selected.add(id)
  }

  clearSelection(): void {
    this.selected.clear()
  }

  /** What an action applies to: the selection (in list order), else the open document, else the cursor row. */
  targets(): number[] {
    if (this.selected.size > 0) {
      const ids = this.ids.filter((id) => this.selected.has(id))
      return ids.length > 0 ? ids : [...this.selected]
    }
    const id = this.openId ?? this.cursorId
    return id === null ? [] : [id]
  }

  /**
   * The documents of the tab as shown that no check flags (what *Mark clean ones ready* acts
   * on), asked of the services with the checks filter set to clean. Rejects as the bridge does.
   */
  async cleanIds(): Promise<number[]> {
    if (this.agendaId === null) return []
    const { ids } = await docket().invoke('documents.query', {
      agendaId: this.agendaId,
      query: { ...this.query(), warnings: 'clean' },
      window: { start: 0, count: 0 },
    })
    return ids
  }
}
