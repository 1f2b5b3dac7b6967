import type { Store, StoreSection } from './store'

/**
 * `read`, answered from its last answer while no write to `sections` of `store` started or ended
 * since that read began ({@link Store.writesTo}); a read under way is shared. A read that
 * overlapped a write is answered to its caller but not served again, and a read that fails is
 * not kept, so the answer is always what the store held at some moment after the last write
 * ended. The answer is shared between callers: they must not change it.
 */
export function keptRead<T>(store: Pick<Store, 'writesTo'>, sections: readonly StoreSection[], read: () => Promise<T>) {
  let kept: { writes: number; answer: Promise<T> } | null = null
  return (): Promise<T> => {
    const writes = store.writesTo(sections)
    if (kept && kept.writes === writes) return kept.answer
    const answer = read()
    const entry = { writes, answer }
    kept = entry
    answer.catch(() => {
      if (kept === entry) kept = null
    })
    return answer
  }
}
