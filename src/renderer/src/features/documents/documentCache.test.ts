import { describe, expect, it } from 'vitest'
import { DocumentCache, neighboursOf, type OpenedDocument } from './documentCache'

const opened = (id: number, state = 'not_ready'): OpenedDocument =>
  ({ document: { id, state }, checks: [], comments: [] }) as unknown as OpenedDocument

/** A loader whose answers the test releases one by one. */
function manualLoader() {
  const calls: { id: number; resolve: (v: OpenedDocument) => void; reject: (e: unknown) => void }[] = []
  const load = (id: number) =>
    new Promise<OpenedDocument>((resolve, reject) => {
      calls.push({ id, resolve, reject })
    })
  return { calls, load }
}

const tick = () => new Promise((r) => setTimeout(r, 0))

describe('DocumentCache', () => {
  it('answers a loaded document at once, and a load in flight without asking again', async () => {
    const { calls, load } = manualLoader()
    const cache = new DocumentCache(load)
    cache.prefetch(7)
    cache.prefetch(7)
    expect(calls.map((c) => c.id)).toEqual([7])
    expect(cache.peek(7)).toBeUndefined()
    const pending = cache.get(7)
    expect(calls).toHaveLength(1)
    calls[0]!.resolve(opened(7))
    expect((await pending).document.id).toBe(7)
    expect(cache.peek(7)?.document.id).toBe(7)
  })

  it('loads again when asked for a fresh copy', async () => {
    const { calls, load } = manualLoader()
    const cache = new DocumentCache(load)
    void cache.get(7)
    calls[0]!.resolve(opened(7))
    await tick()
    const fresh = cache.get(7, true)
    expect(calls).toHaveLength(2)
    calls[1]!.resolve(opened(7, 'ready'))
    expect((await fresh).document.state).toBe('ready')
    expect(cache.peek(7)?.document.state).toBe('ready')
  })

  it('keeps nothing loaded before a clear, nor a load that was in flight during it', async () => {
    const { calls, load } = manualLoader()
    const cache = new DocumentCache(load)
    void cache.get(1)
    calls[0]!.resolve(opened(1))
    await tick()
    cache.prefetch(2)
    cache.clear()
    expect(cache.peek(1)).toBeUndefined()
    calls[1]!.resolve(opened(2))
    await tick()
    expect(cache.peek(2)).toBeUndefined()
    // a load after the clear is kept again
    void cache.get(2)
    expect(calls).toHaveLength(3)
    calls[2]!.resolve(opened(2))
    await tick()
    expect(cache.peek(2)).toBeDefined()
  })

  it('does not keep a failed load, and drops the least recently used over capacity', async () => {
    const { calls, load } = manualLoader()
    const cache = new DocumentCache(load, 2)
    const failed = cache.get(1)
    calls[0]!.reject(new Error('not_found'))
    await expect(failed).rejects.toThrow('not_found')
    expect(cache.peek(1)).toBeUndefined()
    cache.prefetch(1)
    expect(calls).toHaveLength(2)
    for (const id of [2, 3]) void cache.get(id)
    calls[1]!.resolve(opened(1))
    calls[2]!.resolve(opened(2))
    await tick()
    cache.peek(1) // 1 used last: 2 is the oldest
    calls[3]!.resolve(opened(3))
    await tick()
    expect(cache.peek(2)).toBeUndefined()
    expect(cache.peek(1)).toBeDefined()
    expect(cache.peek(3)).toBeDefined()
  })
})

describe('neighboursOf', () => {
  const rows = [10, 11, 12, 13, 14, 15, 16]
  it('takes the next three in the direction of the move and one the other way', () => {
    expect(neighboursOf(rows, 3, 1)).toEqual([14, 15, 16, 12])
    expect(neighboursOf(rows, 3, -1)).toEqual([12, 11, 10, 14])
  })
  it('stops at the ends of the list', () => {
    expect(neighboursOf(rows, 6, 1)).toEqual([15])
    expect(neighboursOf(rows, 5, 1)).toEqual([16, 14])
    expect(neighboursOf(rows, 0, -1)).toEqual([11])
  })
})
