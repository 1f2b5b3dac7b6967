import type { ChannelHandlerOutput, DocumentList, DocumentWatch } from '../../../shared/ipc'
import { isExposedError } from '../router'
import { agendasToken, listToken } from './listToken'

/** A view as main works it out (validated on its way out, as every answer and event is). */
export type WatchedView = ChannelHandlerOutput<'documents.watch'>
type OpenedDocumentView = WatchedView['documents'][number]

/** What a watch reads to work out a view (the triage channels' own reads). */
export interface DocumentViewReads {
  /** The list of a query (`documents.query`). */
  list(watch: DocumentWatch & { agendaId: NonNullable<DocumentWatch['agendaId']> }): Promise<DocumentList>
  /** One document as the pane shows it; rejects `not_found` when it is not cached. */
  document(id: number): Promise<OpenedDocumentView>
  /** Where the host serves a document's preview image, or null (`documents.preview`); never rejects. */
  preview(id: number): Promise<OpenedDocumentView['preview']>
  /** A document's history in the account's store, oldest first (`history.list`); never rejects. */
  history(id: number): Promise<NonNullable<OpenedDocumentView['history']>>
  /** The sidebar's agendas (`agendas.list`). */
  agendas(): Promise<NonNullable<WatchedView['agendas']>>
  /**
   * What other documents' checks read of document `id` (its duplicate keys, agenda, whether it
   * is archived, its supplier's bank account: crossDocumentFacts.ts), as a string to compare,
   * or null when it is not cached. Given, a `documents.changed` naming documents whose facts
   * did not move (an evidence read, a comment) re-reads only those; without it, any change
   * re-reads every document the views hold.
   */
  facts?(id: number): Promise<string | null>
}

export interface DocumentWatchOptions {
  reads: DocumentViewReads
  /** Follows every event main sends; returns a stop function. */
  subscribe(listener: (event: string, payload: unknown) => void): () => void
  /** Sends a pushed view to the renderers (`documents.view`). */
  push(view: WatchedView): void
  /** Runs a coalesced push later (default: after the current turn, `setTimeout(0)`). */
  schedule?: (run: () => void) => void
  /** Screens watched at most; the one stated longest ago is let go first (a renderer gone). */
  capacity?: number
  /**
   * How long a view waits for the open document's preview image (ms, default 40): enough for
   * one held in the store; a download is not waited for. The view then goes without it (the
   * pane shows the image loading) and is pushed again once the image is there.
   */
  previewWaitMs?: number
  log?: (line: string) => void
}

/** The events after which the store may show something else: enqueue, settle, pull, undo, repair. */
const CHANGES = new Set(['documents.changed', 'outbox.changed', 'documents.repairFinished'])

/**
 * Live queries: each screen states what it shows (`watch`) and gets its view; after every change
 * of the store (the events in {@link CHANGES}: an action enqueued, settled or undone, a pull),
 * main works the view of every watched screen out again and pushes it (`documents.view`). A
 * burst of changes in one turn makes one push per screen. So the renderer never re-reads on
 * events and never works out what an action does to a list: main's view is the truth. Each
 * list carries a token of its content; a screen states the token of the list it holds, and a
 * view whose list is still that one leaves the ids out ({@link view}). The sidebar's agendas
 * likewise: a view whose agendas are those the screen states it holds leaves them out.
 *
 * A renderer that is gone stops being pushed to when it unwatches, when its host says so
 * ({@link forget}: the screens its sender stated), or when more than `capacity` screens are
 * watched (oldest first).
 */
export class DocumentWatches {
  /**
   * The screens watched: what each stated, the views worked out for it, the renderer that
   * stated it, and whether a view of this statement carried a list (or agendas) other than
   * those it said it holds (the screen may hold those now: the statement's token no longer says).
   */
  private readonly watches = new Map<
    string,
    { watch: DocumentWatch; version: number; sender?: string; listedOther?: boolean; agendasOther?: boolean }
  >()
  private pending = false
  private readonly schedule: (run: () => void) => void
  private readonly capacity: number
  private readonly previewWaitMs: number
  /** Preview reads that outlasted a view's wait, by document id: the next view takes their answer. */
  private readonly latePreviews = new Map<number, Promise<OpenedDocumentView['preview']>>()
  /**
   * Each document as the pane shows it (document, checks, comments), read once while the store
   * is unchanged and shared by the views: a key press then reads only the document that came
   * into the watched ones, not the open one and all those ahead again (bench B4, B13). Any
   * change drops them all (a document's checks read other documents: duplicates, the supplier's
   * accounts), except one that names documents whose {@link known} facts did not move, which
   * drops only those. Kept only for documents some screen watches.
   */
  private documents = new Map<number, Promise<OpenedDocumentView>>()
  /** What other documents' checks read of each document read (see {@link DocumentViewReads.facts}). */
  private readonly known = new Map<number, string | null>()
  /** The invalidations under way (they read the facts of the documents a change names): a view waits for them. */
  private settling: Promise<void> = Promise.resolve()
  private readonly stop: () => void

  constructor(private readonly options: DocumentWatchOptions) {
    this.schedule = options.schedule ?? ((run) => void setTimeout(run, 0))
    this.capacity = options.capacity ?? 16
    this.previewWaitMs = options.previewWaitMs ?? 40
    this.stop = options.subscribe((event, payload) => {
      if (!CHANGES.has(event)) return
      this.invalidate(event, payload)
      this.changed()
    })
  }

  /**
   * Watches (or states again) what screen `watch.viewId` shows; answers its view at once.
   * `sender` names the renderer that stated it (its host's key, e.g. a webContents), so that
   * {@link forget} lets go of its screens when it is gone.
   */
  async watch(watch: DocumentWatch, sender?: string): Promise<WatchedView> {
    const held = this.watches.get(watch.viewId)
    this.watches.delete(watch.viewId)
    this.watches.set(watch.viewId, { watch, version: held?.version ?? 0, ...(sender ? { sender } : {}) })
    while (this.watches.size > this.capacity) this.watches.delete(this.watches.keys().next().value!)
    return this.view(watch.viewId, watch)
  }

  /** Stops pushing to a screen; answers whether it was watched. */
  unwatch(viewId: string): boolean {
    return this.watches.delete(viewId)
  }

  /**
   * Stops pushing to every screen `sender` stated (its window closed, crashed, reloaded or went
   * to another page: the screens of its new page state themselves again); answers how many.
   */
  forget(sender: string): number {
    let forgotten = 0
    for (const [viewId, held] of [...this.watches])
      if (held.sender === sender && this.watches.delete(viewId)) forgotten++
    return forgotten
  }

  /** How many screens are watched. */
  get size(): number {
    return this.watches.size
  }

  /** Stops following the events. */
  close(): void {
    this.stop()
    this.watches.clear()
    this.latePreviews.clear()
    this.documents = new Map()
  }

  /**
   * A change outside the events (an answer to a warning, kept in the store without one): the
   * documents the views hold are read again, since the answer may change other documents'
   * checks too (a duplicate pair).
   */
  checksChanged(): void {
    this.documents = new Map()
  }

  /** A change of the store: one push per screen after the current turn, however many changes. */
  private changed(): void {
    if (this.pending || this.watches.size === 0) return
    this.pending = true
    this.schedule(() => {
      this.pending = false
      for (const [viewId, { watch }] of [...this.watches]) this.pushView(viewId, watch)
    })
  }

  /**
   * What a change makes stale: every document held, unless it is a `documents.changed` naming
   * only documents whose facts as other documents' checks read them are known and unchanged;
   * then only those. Compared with the facts as they were when the event came.
   */
  private invalidate(event: string, payload: unknown): void {
    const held = this.documents
    const named = event === 'documents.changed' ? namedDocuments(payload) : null
    const facts = this.options.reads.facts
    if (!named || !facts || named.some((id) => !this.known.has(id))) {
      this.documents = new Map()
      return
    }
    const before = named.map((id) => this.known.get(id))
    this.settling = this.settling.then(async () => {
      // Dropped meanwhile by another change: nothing left to sort out.
      if (this.documents !== held) return
      try {
        const after = await Promise.all(named.map(async (id) => facts(id)))
        named.forEach((id, index) => this.known.set(id, after[index] ?? null))
        if (after.some((value, index) => value !== before[index])) {
          if (this.documents === held) this.documents = new Map()
          return
        }
        for (const id of named) held.delete(id)
      } catch {
        if (this.documents === held) this.documents = new Map()
      }
    })
  }

  /** A document as the pane shows it, read once while the store is unchanged (a failed read is not kept). */
  private document(id: number): Promise<OpenedDocumentView> {
    const held = this.documents
    let read = held.get(id)
    if (read) return read
    const facts = this.options.reads.facts
    // Its facts as they were when it was read (compared at a change); unknown after a failed read.
    const noted = facts
      ? facts(id).then(
          (value) => void this.known.set(id, value),
          () => void this.known.delete(id),
        )
      : Promise.resolve()
    read = Promise.all([this.options.reads.document(id), noted]).then(([view]) => view)
    held.set(id, read)
    read.catch(() => {
      if (held.get(id) === read) held.delete(id)
    })
    return read
  }

  /** Keeps only the documents (and their facts) some watched screen shows, so the cache stays as small as the screens. */
  private forgetUnwatched(): void {
    const shown = new Set<number>()
    for (const { watch } of this.watches.values()) {
      if (watch.openId !== null) shown.add(watch.openId)
      for (const id of watch.ahead) shown.add(id)
    }
    for (const id of this.documents.keys()) if (!shown.has(id)) this.documents.delete(id)
    for (const id of this.known.keys()) if (!shown.has(id)) this.known.delete(id)
  }

  /** Works out the view of one screen again and pushes it, unless it stated something else meanwhile. */
  private pushView(viewId: string, watch: DocumentWatch): void {
    this.view(viewId, watch).then(
      (view) => {
        // A screen that stated something else meanwhile gets that view from its watch.
        if (this.watches.get(viewId)?.watch === watch) this.options.push(view)
      },
      (error: unknown) =>
        this.options.log?.(`View of ${viewId} not pushed: ${error instanceof Error ? error.message : String(error)}`),
    )
  }

  /**
   * Works out the view of `watch`: list, open document (with its history) and those ahead,
   * agendas. The list goes without its ids when the watch stated its token (`listToken`) and no
   * view of this statement carried another list: a key press restates the screen with the same
   * list, and 14,000 ids validated, cloned and indexed again on each key cost more than the step.
   * The agendas go the same way with `agendasToken` (200 agendas are 43 KB parsed and compared
   * in the renderer on each key otherwise); their token comes with every view.
   */
  private async view(viewId: string, watch: DocumentWatch): Promise<WatchedView> {
    const held = this.watches.get(viewId)
    const version = held ? ++held.version : 0
    await this.settling
    this.forgetUnwatched()
    const { agendaId, openId } = watch
    const ahead = watch.ahead.filter((id) => id !== openId)
    const [list, agendas, open, ...loadedAhead] = await Promise.all([
      agendaId === null ? Promise.resolve(null) : this.options.reads.list({ ...watch, agendaId }).then(tokened),
      this.options.reads.agendas(),
      openId === null ? Promise.resolve(null) : settle(this.openDocument(openId)),
      // Only a head start: one that cannot be read is left out, and read when opened.
      ...ahead.map((id) => settle(this.document(id))),
    ])
    // The ids are left out only while every view of this statement listed what it holds.
    const mayOmit = held !== undefined && held.watch === watch && !held.listedOther
    if (list && held?.watch === watch && list.token !== watch.listToken) held.listedOther = true
    const agendasNamed = agendasToken(agendas)
    const mayOmitAgendas = held !== undefined && held.watch === watch && !held.agendasOther
    if (held?.watch === watch && agendasNamed !== watch.agendasToken) held.agendasOther = true
    const documents: OpenedDocumentView[] = []
    if (open && 'value' in open) documents.push(open.value)
    for (const loaded of loadedAhead) if ('value' in loaded) documents.push(loaded.value)
    return {
      viewId,
      revision: watch.revision,
      version,
      list: list && mayOmit ? omitHeld(list, watch.listToken) : list,
      documents,
      openError: open && 'error' in open ? open.error : null,
      ...(mayOmitAgendas && agendasNamed === watch.agendasToken ? {} : { agendas }),
      agendasToken: agendasNamed,
    }
  }

  /**
   * The open document with its preview image when that is at hand within `previewWaitMs`; a
   * preview still downloading is left out (undefined), and every screen showing the document
   * gets a view with it once it is there (that view takes the read's answer, so a failed
   * download is not asked again in a loop): a key press never waits for an image.
   */
  private async openDocument(id: number): Promise<OpenedDocumentView> {
    const reading = this.latePreviews.get(id) ?? this.options.reads.preview(id)
    let timer: NodeJS.Timeout | undefined
    const waited = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.previewWaitMs)
    })
    const [document, history, preview] = await Promise.all([
      this.document(id),
      this.options.reads.history(id),
      Promise.race([reading, waited]),
    ]).finally(() => clearTimeout(timer))
    if (preview !== 'late') {
      this.latePreviews.delete(id)
      return { ...document, history, preview }
    }
    if (!this.latePreviews.has(id)) {
      this.latePreviews.set(id, reading)
      const arrived = () => {
        const showing = [...this.watches].filter(([, { watch }]) => watch.openId === id)
        if (showing.length === 0) this.latePreviews.delete(id)
        for (const [viewId, { watch }] of showing) this.pushView(viewId, watch)
      }
      void reading.then(arrived, arrived)
    }
    return { ...document, history }
  }
}

/** A list with the token of its content. */
function tokened(list: DocumentList): NonNullable<WatchedView['list']> & { ids: number[] } {
  return { ...list, token: listToken(list) }
}

/**
 * The list as the view carries it: without its ids and their agendas (O(n): validated, cloned
 * and indexed again at each step otherwise) when it is the list the watch holds (`held`, the
 * token it stated), whole otherwise. Only the screen's own statement says what it holds, never
 * what main sent it last: a view it dropped (of an earlier statement) may have carried another.
 */
function omitHeld(
  list: NonNullable<WatchedView['list']>,
  held: string | null | undefined,
): NonNullable<WatchedView['list']> {
  if (!held || list.token !== held) return list
  const { ids: _ids, agendaIds: _agendaIds, ...rest } = list
  return rest
}

/** The documents a `documents.changed` names when it names documents only (not agendas, not everything), else null. */
function namedDocuments(payload: unknown): number[] | null {
  const { documentIds, agendaIds } = (payload ?? {}) as { documentIds?: unknown; agendaIds?: unknown }
  if (!Array.isArray(documentIds) || documentIds.length === 0) return null
  if (!Array.isArray(agendaIds) || agendaIds.length > 0) return null
  return documentIds.filter((id): id is number => typeof id === 'number')
}

/** A read's value, or its error as the renderer would get it (code and message). */
async function settle<T>(read: Promise<T>): Promise<{ value: T } | { error: { code: string; message: string } }> {
  try {
    return { value: await read }
  } catch (error) {
    if (isExposedError(error)) return { error: { code: error.code, message: error.message } }
    throw error
  }
}
