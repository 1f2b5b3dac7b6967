/**
 * Whether a dialog or a menu is open anywhere in a document, known without scanning the whole
 * document on every key.
 *
 * The keyboard model asks this on every key press, twice (the command palette's keys and the
 * triage shortcuts). Answered by `querySelector` it is a walk of every element of the page
 * whenever nothing is open (the usual case), which grows with the page: 0.3-0.6 ms a key with
 * three agendas, 1-4 ms with two hundred in the sidebar (bench B4, B13). Here a
 * `MutationObserver` follows the changes that can open or close one, and the answer is worked
 * out again only when one of them may have:
 * - while nothing is open, an inserted element that is or holds an overlay opens one;
 * - while one is open, any removal may have closed it: the next question scans once;
 * - a change of `open`, `role` or `data-menu-open` anywhere: the next question scans once.
 * Changes not yet delivered to the observer are taken first ({@link OverlayWatch.isOpen}), so a
 * dialog opened earlier in the same task already counts.
 */

/** Open dialogs and menus: while one is on screen, keys belong to it. */
export const OVERLAY_SELECTOR = 'dialog[open], [role="dialog"], [role="menu"], [data-menu-open]'

/** The attributes whose change can make an element an open overlay or stop it being one. */
export const OVERLAY_ATTRIBUTES = ['open', 'role', 'data-menu-open']

/** What the watch reads of a mutation record (a DOM `MutationRecord` has these). */
export interface OverlayMutation {
  type: string
  addedNodes: ArrayLike<unknown>
  removedNodes: ArrayLike<unknown>
}

/** The part of a DOM `MutationObserver` the watch uses, so a test can drive it. */
export interface OverlayObserver {
  /** The records not delivered yet, taken off the observer's queue. */
  takeRecords(): OverlayMutation[]
}

/** The element methods used on an inserted node (absent on text and comment nodes). */
type Queryable = { matches(selector: string): boolean; querySelector(selector: string): unknown }

const isQueryable = (node: unknown): node is Queryable =>
  typeof node === 'object' &&
  node !== null &&
  typeof (node as Queryable).matches === 'function' &&
  typeof (node as Queryable).querySelector === 'function'

/**
 * Whether an overlay is open under a root, kept from the mutations an observer reports.
 * `scan` answers from the DOM itself (the root's `querySelector`); it runs on the first
 * question and after a change the watch cannot judge on its own.
 */
export class OverlayWatch {
  /** The answer as last known; null: to be scanned on the next question. */
  private known: boolean | null = null
  private observer: OverlayObserver | null = null

  constructor(private readonly scan: () => boolean) {}

  /** Connects the observer whose records {@link isOpen} takes before it answers. */
  attach(observer: OverlayObserver): void {
    this.observer = observer
  }

  /** Takes in mutation records: the observer's callback, or records taken early. */
  apply(records: Iterable<OverlayMutation>): void {
    for (const record of records) {
      if (this.known === null) return
      if (record.type === 'attributes') {
        this.known = null
        return
      }
      if (this.known) {
        if (record.removedNodes.length > 0) this.known = null
        continue
      }
      for (const node of Array.from(record.addedNodes)) {
        if (isQueryable(node) && (node.matches(OVERLAY_SELECTOR) || node.querySelector(OVERLAY_SELECTOR) !== null)) {
          this.known = true
          break
        }
      }
    }
  }

  /** True while a dialog or a menu is open under the root. */
  isOpen(): boolean {
    if (this.observer) this.apply(this.observer.takeRecords())
    if (this.known === null) this.known = this.scan()
    return this.known
  }
}

const watches = new WeakMap<Document, OverlayWatch>()

/**
 * True while a dialog or a menu is open anywhere in `doc`. The first call for a document starts
 * its watch (an observer of the whole document for as long as the document lives); where there
 * is no `MutationObserver` every call scans.
 */
export function overlayOpen(doc: Document): boolean {
  let watch = watches.get(doc)
  if (!watch) {
    watch = new OverlayWatch(() => doc.querySelector(OVERLAY_SELECTOR) !== null)
    const Observer = (doc.defaultView as (Window & typeof globalThis) | null)?.MutationObserver
    if (typeof Observer !== 'function') return watch.isOpen()
    const w = watch
    const observer = new Observer((records) => w.apply(records))
    observer.observe(doc, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: OVERLAY_ATTRIBUTES,
    })
    watch.attach(observer)
    watches.set(doc, watch)
  }
  return watch.isOpen()
}
