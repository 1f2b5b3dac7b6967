/**
 * Page progress of a pull (`done` of `expected` pages, shown in the sync status). `expected`
 * is an estimate per agenda that firms up as pages arrive: at least one page, at least the
 * pages its cached documents fill, one more while pages come back full, and exactly the pages
 * received once its listing ends. The estimate is shown as of the last {@link publish}.
 */
export class PullProgress {
  private done = 0
  private expected = 0
  private readonly byAgenda = new Map<number, number>()

  /** `changed` tells the status' readers (it emits `sync.status`). */
  constructor(private readonly changed: () => void) {}

  /** Pages received and the estimate last published. */
  snapshot(): { done: number; expected: number } {
    return { done: this.done, expected: this.expected }
  }

  /** A new pull: nothing done, nothing expected. */
  reset(): void {
    this.done = 0
    this.expected = 0
    this.byAgenda.clear()
  }

  /** Page number `pages` of an agenda's listing arrived; a `full` page means more may follow. Published. */
  pageArrived(agendaId: number, pages: number, full: boolean): void {
    this.done++
    this.atLeast(agendaId, pages + (full ? 1 : 0))
    this.publish()
  }

  /** The agenda's listing has at least `pages` pages (and always one). */
  atLeast(agendaId: number, pages: number): void {
    this.byAgenda.set(agendaId, Math.max(this.byAgenda.get(agendaId) ?? 1, pages))
  }

  /** The agenda's listing ended with `pages` pages. */
  ended(agendaId: number, pages: number): void {
    this.byAgenda.set(agendaId, pages)
  }

  /** The agenda is not listed after all (gone from the account). */
  forget(agendaId: number): void {
    this.byAgenda.delete(agendaId)
  }

  /** Shows the current estimate. */
  publish(): void {
    let expected = 0
    for (const pages of this.byAgenda.values()) expected += pages
    this.expected = expected
    this.changed()
  }
}
