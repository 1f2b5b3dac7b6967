/**
 * Serialises async critical sections within one process: every change of an outbox entry's
 * state runs under one, so the sync engine and the person's actions never race.
 */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve()

  /** Runs `fn` after every section started before it; resolves or rejects with its result. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn)
    this.tail = result.catch(() => undefined)
    return result
  }
}
