/**
 * Which document the invoice image shows while the reviewer steps through the queue with j / k:
 * the open one once they have stayed on it for {@link PREVIEW_REST_MS}. Until then the pane
 * shows no image (the image of the document left behind is hidden in the step's own frame, so
 * it is never seen beside another document's data).
 *
 * Why: an image costs its fetch, its decoding (80-120 ms of a scanned page on a raster thread)
 * and a frame that lays out and paints the image's pane (a loading placeholder, then the
 * image). In a quick run of steps (a held key repeats every 30-50 ms) that work is for
 * documents the reviewer only passes over, and it competes on the machine's cores with drawing
 * the next document's data (bench B4). A document opened any other way (a click, a search, the
 * first one) shows its image at once.
 */

/**
 * How long the reviewer stays on a document reached by a step before its image is shown (ms):
 * tapping through the queue up to four documents a second loads no image, and a reviewer who
 * stops to read sees it a quarter of a second later than the data.
 */
export const PREVIEW_REST_MS = 250

/** The timer functions the rest uses (the platform's by default; a test passes fakes). */
export interface RestTimers {
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const platformTimers: RestTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/**
 * Follows the open document and tells `show` which one the image shows: at once, or after the
 * rest when the document was reached by a step. One timer; {@link stop} ends it (the pane
 * going away).
 */
export class PreviewRest {
  private timer: unknown = undefined
  private shown: number | null = null

  constructor(
    private readonly show: (id: number | null) => void,
    private readonly restMs: number = PREVIEW_REST_MS,
    private readonly timers: RestTimers = platformTimers,
  ) {}

  /**
   * The open document is now `id` (null: none), reached by a step (`stepping`) or not. A step
   * waits for the rest (a further step starts it again); anything else shows at once, and so
   * does a step when no image was shown yet.
   */
  follow(id: number | null, stepping: boolean): void {
    this.stop()
    if (id === this.shown) return
    if (!stepping || this.shown === null || id === null) return this.showNow(id)
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined
      this.showNow(id)
    }, this.restMs)
  }

  /** Cancels a rest under way: nothing is shown by it. */
  stop(): void {
    if (this.timer === undefined) return
    this.timers.clearTimeout(this.timer)
    this.timer = undefined
  }

  private showNow(id: number | null): void {
    this.shown = id
    this.show(id)
  }
}

/** Where one document's image is served, as the open document's view last said (null: it has none). */
export interface KnownImage {
  documentId: number
  url: string | null
}

/**
 * The image address the pane keeps for `documentId`, given what the view says now (`url`:
 * a string, null for no image, undefined when the view does not hold the document). A view
 * stops holding a document the reviewer stepped past while its image, hidden, waits for the
 * rest: the address last known for that same document is kept, so the image stays loaded
 * rather than being dropped for a loading placeholder nobody sees (whose pulse would keep the
 * page drawing frames on every step, bench B4). Returns the address to use (undefined: not
 * known) and what to remember.
 */
export function keptImageUrl(
  last: KnownImage | null,
  documentId: number,
  url: string | null | undefined,
): { url: string | null | undefined; known: KnownImage | null } {
  if (url !== undefined) return { url, known: { documentId, url } }
  if (last?.documentId === documentId) return { url: last.url, known: last }
  return { url: undefined, known: last }
}
