/**
 * The state of the triage workspace: agendas, the inbox list of the current agenda (filters,
 * cursor, selection: inboxList.svelte.ts), the open document and the stack of undoable actions.
 * What it shows is a live query: it states the agenda, list, open document and those ahead
 * (`documents.watch`) and main pushes the view again after every change of the store
 * (`documents.view`). Actions go to the outbox and answer only their entry ids: what an action
 * does to the list is main's to say, in the next view.
 */
import type { CheckResult } from '../../../../shared/checks/result'
import type { HistoryItem } from '../../../../shared/history/events'
import type { CheckAnswer } from '../documents'
import {
  checkActionOnAll,
  type ActionRefusal,
  type ActionSubject,
  type DocumentAction,
} from '../../../../shared/documents/allowedActions'
import {
  ALL_AGENDAS,
  isDocketError,
  type AgendaScope,
  type AgendaSummary,
  type CachedCommentView,
  type CachedDocumentView,
  type DocketBridge,
  type DocumentView,
  type DocumentWatch,
  type OpenedDocumentView,
  type PreviewImageView,
} from '../../../../shared/ipc'
import { LONG_UNDO_WINDOW_MS } from '../../../../shared/outbox/undoWindow'
import { afterPaint } from '../../lib/afterPaint'
import { docket } from '../../lib/docket'
import { t, type MessageKey } from '../../lib/i18n'
import { showError, showToast } from '../../lib/toasts.svelte'
import { setUndoOfferer } from '../../shell/context.svelte'
import { announceSettledCorrections, neighboursOf } from '../documents'
import { DEFAULT_SORT, InboxList } from './inboxList.svelte'
import { agendaNamesById } from './rowAgenda'
import { keepUnchanged } from './heldDocuments'
import { heldAgendasAfter } from './watchedList'
import { nextAfter, type TriageActionKind } from './listModel'
import { startAgendaId } from '../agendas'
import { saveAgendaId, savedAgendaId } from './savedAgenda'
import { triageSettings } from './triageSettings.svelte'
import { UndoStack, type UndoableAction } from './undoStack.svelte'

/** Documents held ahead at most while answers to earlier statements arrive (two views' worth). */
const HELD_MAX = 16

/** {@link TriageState.actionCheck}'s answer: allowed, or the service's refusal, or nothing to act on. */
export type TriageActionCheck = { allowed: true } | { allowed: false; reason: ActionRefusal | 'noDocument' }

export class TriageState extends InboxList {
  agendas = $state.raw<AgendaSummary[]>([])
  agendasLoaded = $state(false)
  /** The agendas' names by id (the rows of All agendas name theirs). */
  agendaNames = $derived(agendaNamesById(this.agendas))
  /** Documents to review across every agenda (the All agendas entry's count): the sum of the agendas' own. */
  toReviewAcross = $derived(this.agendas.reduce((sum, agenda) => sum + agenda.counts.not_ready, 0))
  document = $state.raw<CachedDocumentView | null>(null)
  checks = $state.raw<CheckResult[]>([])
  documentError = $state<string | null>(null)
  comments = $state.raw<CachedCommentView[]>([])
  /** The open document's history, as main's view has it (null until a view of it has it). */
  history = $state.raw<HistoryItem[] | null>(null)
  /** All agendas: the open document's agenda, named beside its title (one agenda: null, the sidebar says it). */
  openAgendaName = $derived(
    this.allAgendas && this.document ? (this.agendaNames.get(this.document.agenda_id) ?? null) : null,
  )
  /** Actions not yet sent that `u` takes back. */
  readonly undoStack = new UndoStack()
  /** The action `u` takes back next. */
  lastAction = $derived(this.undoStack.top)
  busy = $state(false)
  /** Moves the keyboard focus back to the inbox list (set by the view that shows it). */
  focusInbox: () => void = () => {}

  /** The signed-in user, or null when unknown. */
  me = $state.raw<{ id: number; name: string; surname: string } | null>(null)

  /** The open document and those ahead of it, as the newest view of main has them. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- replaced whole, never changed in place
  private held = $state.raw<ReadonlyMap<number, OpenedDocumentView>>(new Map())
  /** The open document was reached by stepping through the list (j / k), not opened directly. */
  stepping = $state(false)
  /**
   * The document the next step in the direction of travel (j / k) opens, once it is loaded
   * (after the open one is painted): the pane lays it out ahead, out of sight, so that the step
   * only has to show it. May be stale or null: the pane uses it only when it is the very object
   * the step shows.
   */
  upcoming = $derived.by((): OpenedDocumentView | null => {
    const index = this.indexOfVisible(this.openId)
    const id = index < 0 ? undefined : this.ids[index + this.lastMove]
    return id === undefined ? null : (this.held.get(id) ?? null)
  })
  /** The direction of the last cursor move (which neighbours to load ahead). */
  private lastMove = $state(1)
  /** The sort last used for one agenda and for All agendas: each keeps its own (All opens by due date). */
  private sorts = { ...DEFAULT_SORT }
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
    // A new tab, filter, search or sort asks the services for the list again.
    const stopQuerying = this.followQuery()
    // A delete from the document pane joins the undo stack like any triage action.
    const stopOffers = setUndoOfferer((offer) => this.pushUndo({ ...offer, anchor: null }))
    return () => {
      stopQuerying()
      stopOffers()
      for (const off of this.unsubscribers.splice(0)) off()
      // Main stops working out views nobody shows.
      docket()
        .invoke('documents.unwatch', { viewId: this.viewId })
        .catch(() => undefined)
    }
  }

  /** Follows main's pushed views of this screen (the list, the open document, the agendas). */
  private listen(bridge: DocketBridge): void {
    this.unsubscribers.push(
      bridge.on('documents.view', (view) => void this.applyView(view)),
      bridge.on('documents.repairFinished', (finished) => this.repairFinished(finished)),
      bridge.on('documents.correctionsSettled', (settled) =>
        announceSettledCorrections(settled, (id) => this.documentName(id)),
      ),
    )
  }

  /**
   * The agendas as the last view carrying them had them, with main's token for them: stated
   * while they are the ones shown, main leaves them out of views whose agendas are still those
   * (200 agendas, 43 KB parsed and compared on each key otherwise: bench B13).
   */
  private agendasOfView: { agendas: AgendaSummary[]; token: string } | null = null

  /** The token of the agendas shown, when a view carried them (ones read by `agendas.list` since may differ: none). */
  protected override heldAgendasToken(): string | null {
    const held = this.agendasOfView
    return held !== null && held.agendas === this.agendas ? held.token : null
  }

  /** The open document and its neighbours in the direction of travel, loaded with the view. */
  protected override watchedDocuments(): Pick<DocumentWatch, 'openId' | 'ahead'> {
    const openId = this.openId
    const index = this.indexOfVisible(openId)
    return { openId, ahead: index < 0 ? [] : neighboursOf(this.ids, index, this.lastMove) }
  }

  /**
   * Keeps the documents a view of an earlier statement loaded (stepping faster than main
   * answers), with those held, at most {@link HELD_MAX}; the newest view replaces them all.
   */
  protected override documentsAhead(view: DocumentView): void {
    const held = [...this.held.values(), ...keepUnchanged(this.held, view.documents)]
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- replaced whole, never changed in place
    this.held = new Map(held.slice(-HELD_MAX).map((opened) => [opened.document.id, opened]))
  }

  /**
   * Shows the open document as main has it, and the sidebar's agendas (kept when the view left
   * them out as held; stated again when it names others); when the account's first agendas
   * arrive (the first pull brought them) and none is chosen, opens the start agenda. A screen
   * asking "Choose an agenda" among agendas it already lists keeps asking.
   */
  protected override viewApplied(view: DocumentView): void {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- replaced whole, never changed in place
    this.held = new Map(keepUnchanged(this.held, view.documents).map((opened) => [opened.document.id, opened]))
    const arrived = this.agendasLoaded && this.agendas.length === 0 && (view.agendas?.length ?? 0) > 0
    const agendas = this.agendasLoaded ? heldAgendasAfter(this.agendas, this.heldAgendasToken(), view) : null
    if (agendas?.kind === 'replace') {
      this.agendas = agendas.agendas
      this.agendasOfView = { agendas: agendas.agendas, token: agendas.token }
    } else if (agendas?.kind === 'restate') {
      this.agendasOfView = null
      void this.loadRows()
    }
    if (arrived && this.agendaId === null) {
      const start = startAgendaId(this.agendas, savedAgendaId())
      if (start !== null) return void this.selectAgenda(start)
    }
    const openId = this.openId
    if (openId === null) return
    const open = this.held.get(openId)
    if (open) this.show(open)
    else if (view.openError) {
      this.documentError = view.openError.message
      // A document gone since the list was read says so in the pane; anything else is a toast too.
      if (view.openError.code !== 'not_found') showError(view.openError)
    }
  }

  /** The preview image of document `id` as the view has it: undefined when not held (the pane asks). */
  previewOf(id: number | null): PreviewImageView | null | undefined {
    return id === null ? undefined : this.held.get(id)?.preview
  }

  /**
   * A document is back from repair (main wrote it in its history): says which one it is
   * (counterparty and invoice number when listed), with *Open* going there, in its agenda.
   */
  private repairFinished({ documentId, agendaId }: { documentId: number; agendaId: number }) {
    showToast('info', t('triage.toast.repairFinishedNamed', { document: this.documentName(documentId) }), {
      label: t('triage.toast.open'),
      run: () => void this.goTo(documentId, agendaId),
    })
  }

  /** "Counterparty · invoice no." of a listed document, else "#id". */
  documentName(id: number): string {
    const row = this.rows.get(id)
    const parts = [row?.counterpartyName, row?.invoiceNo].filter(Boolean)
    return parts.length > 0 ? parts.join(' · ') : `#${id}`
  }

  /**
   * Opens document `id` of agenda `agendaId`, switching agenda and tab so it is listed (All
   * agendas lists every agenda's documents: it stays).
   */
  async goTo(id: number, agendaId: number): Promise<void> {
    if (agendaId !== this.agendaId && this.agendaId !== ALL_AGENDAS) await this.selectAgenda(agendaId)
    else await this.loadRows()
    if (!this.visibleIndex.has(id)) {
      this.search = ''
      this.type = 'all'
      this.warnings = 'all'
      await this.loadRows()
      if (!this.visibleIndex.has(id)) {
        this.queue = 'all'
        await this.loadRows()
      }
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

  /** States the screen again (the view answers the rows and the open document); `withAgendas` reads the sidebar too. */
  async refresh(withAgendas = false): Promise<void> {
    await Promise.all([withAgendas ? this.loadAgendas(false) : Promise.resolve(), this.loadRows()])
  }

  async loadAgendas(chooseAgenda: boolean): Promise<void> {
    try {
      const { agendas } = await docket().invoke('agendas.list', {})
      this.agendas = agendas
      this.agendasLoaded = true
      // None chosen yet (also when the first sign-in's agendas arrive after the first read):
      // the one shown last, else the one with the most to review (startAgenda.ts).
      const listed = this.agendaId === ALL_AGENDAS ? agendas.length > 0 : agendas.some((a) => a.id === this.agendaId)
      if (chooseAgenda || this.agendaId === null || !listed) {
        const start = startAgendaId(agendas, savedAgendaId())
        if (start !== null) await this.selectAgenda(start)
        // None yet (a first sign-in asked before its first pull wrote them): the screen still
        // states what it shows, so main's next view brings the agendas (see viewApplied).
        else if (this.agendaId === null) await this.loadRows()
      }
    } catch (error) {
      this.agendasLoaded = true
      showError(error)
    }
  }

  /**
   * Shows agenda `agendaId`, or every agenda in one queue ({@link ALL_AGENDAS}), and remembers
   * it for the next start. Going between one agenda and All agendas swaps the sort: each keeps
   * the one last used with it. Listing All agendas opens none of them (main lists what each
   * has cached).
   */
  async selectAgenda(agendaId: AgendaScope): Promise<void> {
    if (this.agendaId !== agendaId) {
      const from = this.agendaId === ALL_AGENDAS ? 'all' : 'agenda'
      const to = agendaId === ALL_AGENDAS ? 'all' : 'agenda'
      if (from !== to) {
        this.sorts[from] = this.sort
        this.sort = this.sorts[to]
      }
      this.agendaId = agendaId
      this.closeDocument()
      this.resetList()
      saveAgendaId(agendaId)
    }
    await this.loadRows()
    // Listing an agenda opens it, which makes it available offline by default: the sidebar's menu must say so.
    if (agendaId !== ALL_AGENDAS && this.agendas.some((a) => a.id === agendaId && !a.availableOffline))
      await this.loadAgendas(false)
  }

  /**
   * Opens a document in the pane (and puts the cursor on it): at once when the view holds it
   * (loaded ahead), else once main answers. Either way the screen states it to main
   * (`documents.watch`), which answers it with the documents ahead of it. `stepping`: the user
   * moves through the list (j / k).
   */
  async open(id: number, stepping = false): Promise<void> {
    this.cursorId = id
    this.openId = id
    this.stepping = stepping
    const ready = this.held.get(id)
    if (ready) this.show(ready)
    else {
      this.document = null
      this.checks = []
      this.comments = []
      this.history = null
      this.documentError = null
    }
    // While stepping, stated after the frame that shows it is painted: the call does not delay it (bench B4).
    if (stepping && ready) afterPaint(() => this.openId === id && void this.loadRows())
    else await this.loadRows()
  }

  closeDocument(): void {
    this.openId = null
    this.document = null
    this.checks = []
    this.comments = []
    this.history = null
    this.documentError = null
  }

  /**
   * The person's answer to a warning of the open document (*Not a duplicate*, *Acknowledge* with
   * a reason, or *Undo acknowledgement*): kept in the account's local store; the panel shows the
   * checks main answers. A failure is a toast, and rejects so the panel keeps what was typed.
   */
  async answerCheck(answer: CheckAnswer): Promise<void> {
    const id = this.openId
    if (id === null) return
    try {
      const { checks } =
        answer.kind === 'withdraw'
          ? await docket().invoke('documents.withdrawAcknowledgement', { id, code: answer.code })
          : await docket().invoke('documents.acknowledge', {
              id,
              code: answer.code,
              kind: answer.kind,
              ...(answer.reason ? { reason: answer.reason } : {}),
            })
      if (this.openId === id) this.checks = checks
    } catch (error) {
      showError(error)
      throw error
    }
  }

  /**
   * Corrects a field of the open document (kept in the account's local store; main checks the
   * value by the field's kind): the pane shows the document and checks main answers. A refused
   * value rejects with main's error (the editor says why); other failures are a toast too.
   */
  async correctField(field: string, value: string): Promise<void> {
    const id = this.openId
    if (id === null) return
    try {
      this.showCorrected(id, await docket().invoke('documents.correct', { id, field, value }))
    } catch (error) {
      if (!isDocketError(error) || error.code !== 'invalid_value') showError(error)
      throw error
    }
  }

  /** Takes back the correction of a field of the open document. A failure is a toast. */
  async withdrawCorrection(field: string): Promise<void> {
    const id = this.openId
    if (id === null) return
    try {
      this.showCorrected(id, await docket().invoke('documents.withdrawCorrection', { id, field }))
    } catch (error) {
      showError(error)
    }
  }

  private showCorrected(id: number, answer: { document: CachedDocumentView; checks: CheckResult[] }): void {
    if (this.openId !== id) return
    this.document = answer.document
    this.checks = answer.checks
  }

  private show(loaded: OpenedDocumentView): void {
    this.document = loaded.document
    this.checks = loaded.checks
    this.comments = loaded.comments
    // Held ahead, a document comes without its history: the view of it open brings it.
    this.history = loaded.history ?? null
    this.documentError = null
  }

  /** Moves the cursor by `delta` rows; the open pane follows the cursor. */
  move(delta: number): void {
    if (delta !== 0) this.lastMove = delta < 0 ? -1 : 1
    const ids = this.ids
    if (ids.length === 0) return
    const index = this.indexOfVisible(this.cursorId)
    const nextIndex = index < 0 ? 0 : Math.min(ids.length - 1, Math.max(0, index + delta))
    const id = ids[nextIndex]!
    this.cursorId = id
    if (this.openId !== null && this.openId !== id) void this.open(id, true)
  }

  /**
   * Whether the service accepts `action` on `ids` (default {@link targets}) in their current
   * states (src/shared/documents/allowedActions.ts), from what is held here: the open
   * document, else its inbox row. Documents whose state is not held are left to the service.
   * Nothing to act on is refused as `noDocument`.
   */
  actionCheck(action: DocumentAction, ids: number[] = this.targets()): TriageActionCheck {
    if (ids.length === 0) return { allowed: false, reason: 'noDocument' }
    const open = this.document
    const subjects = ids.flatMap((id): ActionSubject[] => {
      if (open && open.id === id) return [{ state: open.state, archived: open.local.archived }]
      const row = this.rows.get(id)
      // Every row under *Archived* is archived (read-only); rows carry no flag of their own.
      return row ? [{ state: row.state, archived: this.queue === 'archived' }] : []
    })
    return checkActionOnAll(action, subjects)
  }

  /**
   * Runs a triage action on `options.ids` (default {@link targets}) through the outbox, pushes
   * it on the undo stack, remembers it in the documents' history, and opens the next document
   * when the setting says so (held ahead, so at once). The list itself moves when main pushes
   * its view after the enqueue: one call for the action, one to state the next document. When
   * the action empties the tab, the document acted on is closed rather than left open over an
   * empty list.
   */
  async act(kind: TriageActionKind, options: { description?: string; ids?: number[] } = {}): Promise<boolean> {
    // Archived documents are read-only (main refuses too, code `archived`).
    if (this.queue === 'archived' && !options.ids) {
      showToast('info', t('errors.archived'))
      return false
    }
    const ids = options.ids ?? this.targets()
    if (ids.length === 0) {
      showToast('info', t('triage.toast.nothingSelected'))
      return false
    }
    const anchor = this.openId ?? this.cursorId
    const visibleIds = this.ids
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a local lookup, not state
    const next = anchor !== null ? nextAfter(visibleIds, anchor, new Set(ids)) : null
    // Named before acting: main's next view may no longer list it.
    // One document is named by supplier and invoice number, never by an internal id.
    const documentName = ids.length === 1 ? this.documentName(ids[0]!) : undefined
    this.busy = true
    try {
      const api = docket()
      const result =
        kind === 'ready' || kind === 'exported'
          ? await api.invoke('documents.setState', { ids, state: kind })
          : kind === 'repair'
            ? await api.invoke('documents.repair', { ids, description: options.description || undefined })
            : await api.invoke('documents.archive', { ids })
      const label =
        documentName !== undefined
          ? t(`triage.doneNamed.${kind}`, { document: documentName })
          : t(`triage.done.${kind}`, { count: ids.length })
      this.pushUndo({ entryIds: result.entryIds, label, anchor, kind, ids, documentName })
    } catch (error) {
      showError(error)
      return false
    } finally {
      this.busy = false
    }
    this.selected.clear()
    const actedOnOpen = anchor !== null && ids.includes(anchor)
    // Whether the tab keeps anything once the action is done (main's next view says for sure).
    const leftOver = visibleIds.some((id) => !ids.includes(id))
    if (triageSettings.openNextAfterAction && actedOnOpen && next !== null) {
      if (this.openId !== null) void this.open(next)
      else {
        this.cursorId = next
        void this.loadRows()
      }
    } else if (this.openId !== null && ids.includes(this.openId) && (kind === 'archive' || !leftOver)) {
      this.closeDocument()
      void this.loadRows()
    }
    return true
  }

  /**
   * Pushes an action on the undo stack and shows its toast (the only one, so the only Undo).
   * Archive, delete and repair wait longer in the outbox (src/shared/outbox/undoWindow.ts):
   * their toast says for how long, and stays that long.
   */
  pushUndo(action: UndoableAction): void {
    this.undoStack.push(action)
    const undo = { label: t('triage.action.undo'), run: () => void this.undo() }
    const held = action.kind === 'archive' || action.kind === 'repair' || action.kind === 'delete'
    if (!held) return void showToast('success', action.label, undo)
    const seconds = Math.round(LONG_UNDO_WINDOW_MS / 1000)
    showToast('success', t('triage.toast.held', { action: action.label, seconds }), undo, LONG_UNDO_WINDOW_MS)
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
    let undone = false
    try {
      await docket().invoke('documents.undo', { entryIds: last.entryIds })
      undone = true
      // "n more" promises only what `u` can still do: actions with an entry not yet sent.
      const more = await this.keepUnsentOnly()
      showToast(
        'info',
        more > 0
          ? t('triage.toast.undoneMore', { action: last.label, count: more })
          : t('triage.toast.undone', { action: last.label }),
        more > 0 ? { label: t('triage.action.undo'), run: () => void this.undo() } : undefined,
      )
    } catch (error) {
      if (isDocketError(error) && error.code === 'too_late') {
        const partly = Number((error.details as { undone?: unknown } | undefined)?.undone ?? 0) > 0
        this.sayAlreadySent(last, partly)
      } else showError(error)
    }
    if (last.anchor === null) return
    // The view answered with the reopened document has the list with the action undone.
    await this.open(last.anchor)
    if (undone && !this.visibleIndex.has(last.anchor)) this.setQueue('all')
  }

  /**
   * Drops from the undo stack the actions whose entries were all sent (`outbox.list` no longer
   * holds them unsent) and answers how many are left. Unknown (the list unreadable): the stack
   * as it is.
   */
  private async keepUnsentOnly(): Promise<number> {
    try {
      const { entries } = await docket().invoke('outbox.list', {})
      // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a local lookup, not state
      const unsent = new Set(
        entries.filter((e) => e.status === 'pending' && e.attempts === 0 && !e.uncertain).map((e) => e.id),
      )
      this.undoStack.retain((action) => action.entryIds.some((id) => unsent.has(id)))
    } catch {
      // The count stays as the stack says; each `u` still says plainly what it could do.
    }
    return this.undoStack.size
  }

  /**
   * Says that `action` already reached the service, what that means there, and what the user
   * can do instead: an export (the service cannot take it back) offers *Mark ready again* (any
   * state may be set to ready, docs/service-interface.md "Changing state"); an archive offers
   * the *Archived* tab, where the document stays read-only.
   */
  private sayAlreadySent(action: UndoableAction, partly: boolean): void {
    const named = action.documentName
    const ids = action.ids ?? []
    const long = 12_000
    if (partly) return void showToast('info', t('triage.sent.partly', { action: action.label }), undefined, long)
    switch (action.kind) {
      case 'exported':
        return void showToast(
          'info',
          named !== undefined
            ? t('triage.sent.exported', { document: named })
            : t('triage.sent.other', { action: action.label }),
          ids.length > 0
            ? { label: t('triage.action.markReadyAgain'), run: () => void this.act('ready', { ids }) }
            : undefined,
          long,
        )
      case 'archive':
        return void showToast(
          'info',
          named !== undefined
            ? t('triage.sent.archive', { document: named })
            : t('triage.sent.other', { action: action.label }),
          { label: t('triage.action.showArchived'), run: () => this.setQueue('archived') },
          long,
        )
      case 'ready':
      case 'repair':
        if (named !== undefined)
          return void showToast('info', t(`triage.sent.${action.kind}`, { document: named }), undefined, long)
        break
      case 'delete':
        if (named !== undefined)
          return void showToast('info', t('documents.file.deleteSent', { document: named }), undefined, long)
        break
      case 'comment':
        return void showToast('info', t('triage.sent.comment'), undefined, long)
    }
    showToast('info', t('triage.sent.other', { action: action.label }), undefined, long)
  }

  async addComment(text: string): Promise<boolean> {
    return this.commentAction(
      () => docket().invoke('comments.create', { documentId: this.openId!, text }),
      'comments.added',
    )
  }

  async editComment(uuid: string, text: string): Promise<boolean> {
    return this.commentAction(
      () => docket().invoke('comments.update', { documentId: this.openId!, uuid, text }),
      'comments.edited',
    )
  }

  async deleteComment(uuid: string): Promise<boolean> {
    return this.commentAction(
      () => docket().invoke('comments.delete', { documentId: this.openId!, uuid }),
      'comments.deleted',
    )
  }

  private async commentAction(run: () => Promise<{ entryIds: string[] }>, labelKey: MessageKey): Promise<boolean> {
    if (this.openId === null) return false
    const documentId = this.openId
    try {
      const { entryIds } = await run()
      this.pushUndo({ entryIds, label: t(labelKey), anchor: documentId, kind: 'comment', ids: [documentId] })
    } catch (error) {
      showError(error)
      return false
    }
    // The comments come with main's next view of the open document.
    return true
  }
}
