/**
 * Which documents a push wrote, and in what order relative to pulls. A pull that began before
 * a push wrote a document's new state may carry an older copy of it: it must not overwrite
 * that state, remove the document, or replace its comments. Order is counted in writes, not
 * read from a clock, so it holds whatever the injected clock does.
 */
export class PushedDocuments {
  private writes = 0
  private readonly lastWrite = new Map<number, number>()

  /** Notes that a push is writing the service's answer for these documents now. */
  note(ids: Iterable<number>): void {
    this.writes++
    for (const id of ids) this.lastWrite.set(id, this.writes)
  }

  /** A mark to compare later writes with (a pull takes one when it begins). */
  mark(): number {
    return this.writes
  }

  /** True when a push wrote `id` after `mark` was taken. */
  since(mark: number, id: number): boolean {
    return (this.lastWrite.get(id) ?? 0) > mark
  }

  /** True when a push ever wrote `id` in this process (it may be cached though a pull never listed it). */
  ever(id: number): boolean {
    return this.lastWrite.has(id)
  }

  /** Ids a push wrote after `mark`. */
  idsSince(mark: number): number[] {
    return [...this.lastWrite].filter(([, at]) => at > mark).map(([id]) => id)
  }
}
