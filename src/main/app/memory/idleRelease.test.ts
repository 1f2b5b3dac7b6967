import { afterEach, describe, expect, it, vi } from 'vitest'
import { IdleMemoryRelease } from './idleRelease'
import type { ReleasableHeap } from './v8Heap'

const MB = 1024 * 1024

/** The clock the releases read: the fake timers' time plus what the fake releases took. */
let releaseTime = 0
const clock = () => Date.now() + releaseTime

/** A heap whose size the test sets; a release takes `tookMs` and brings it back to `floor`. */
function fakeHeap(size: number, floor = size, tookMs = 0): ReleasableHeap & { size: number; releases: number } {
  const heap = {
    size,
    releases: 0,
    committedBytes: () => heap.size,
    release: () => {
      heap.releases++
      heap.size = floor
      releaseTime += tookMs
    },
  }
  return heap
}

function started(heap: ReleasableHeap | null, lines: string[] = []): IdleMemoryRelease {
  releaseTime = 0
  const release = new IdleMemoryRelease({
    heap,
    quietMs: 2_000,
    growthBytes: 16 * MB,
    maxTimeShare: 0.01,
    now: clock,
    log: (line) => lines.push(line),
  })
  release.start()
  return release
}

afterEach(() => {
  vi.useRealTimers()
})

describe('IdleMemoryRelease', () => {
  it('gives memory back once the services are quiet after the heap grew, and says how much', () => {
    vi.useFakeTimers()
    const heap = fakeHeap(40 * MB)
    const lines: string[] = []
    const release = started(heap, lines)
    heap.size = 75 * MB
    release.noteActivity()
    vi.advanceTimersByTime(1_999)
    expect(heap.releases).toBe(0)
    vi.advanceTimersByTime(1)
    expect(heap.releases).toBe(1)
    expect(lines).toEqual([expect.stringMatching(/^Gave memory back while idle: JavaScript heap 75\.0 MB -> 40\.0 MB/)])
    release.stop()
  })

  it('waits while calls and events keep coming: each one starts the quiet time again', () => {
    vi.useFakeTimers()
    const heap = fakeHeap(40 * MB)
    const release = started(heap)
    heap.size = 80 * MB
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(1_500)
      release.noteActivity()
    }
    expect(heap.releases).toBe(0)
    vi.advanceTimersByTime(2_000)
    expect(heap.releases).toBe(1)
    release.stop()
  })

  it('leaves a heap alone that grew less than the threshold since the start or the last release', () => {
    vi.useFakeTimers()
    const heap = fakeHeap(40 * MB)
    const release = started(heap)
    heap.size = 40 * MB + 16 * MB - 1
    release.noteActivity()
    vi.advanceTimersByTime(10_000)
    expect(heap.releases).toBe(0)
    heap.size = 56 * MB
    release.noteActivity()
    vi.advanceTimersByTime(2_000)
    expect(heap.releases).toBe(1)
    release.stop()
  })

  it('measures growth from the lowest size seen, so a heap that shrank by itself and grew back counts', () => {
    vi.useFakeTimers()
    const heap = fakeHeap(60 * MB, 20 * MB)
    const release = started(heap)
    heap.size = 30 * MB
    release.noteActivity()
    vi.advanceTimersByTime(2_000)
    expect(heap.releases).toBe(0)
    heap.size = 47 * MB
    release.noteActivity()
    vi.advanceTimersByTime(2_000)
    expect(heap.releases).toBe(1)
    release.stop()
  })

  it('keeps releases to 1 % of the time: after one that took 100 ms, the next waits 10 s', () => {
    vi.useFakeTimers()
    const heap = fakeHeap(40 * MB, 40 * MB, 100)
    const lines: string[] = []
    const release = started(heap, lines)
    heap.size = 80 * MB
    release.noteActivity()
    vi.advanceTimersByTime(2_000)
    expect(heap.releases).toBe(1)
    expect(lines[0]).toMatch(/in 100 ms$/)
    // It ended at 2.1 s on the clock: the next may run at 12.1 s, that is 10 s of timers later.
    heap.size = 80 * MB
    release.noteActivity()
    vi.advanceTimersByTime(2_000)
    expect(heap.releases).toBe(1)
    vi.advanceTimersByTime(12_000 - 4_000 - 1)
    expect(heap.releases).toBe(1)
    vi.advanceTimersByTime(1)
    expect(heap.releases).toBe(2)
    release.stop()
  })

  it('checks once after the start, so work done before anything else happened is released too', () => {
    vi.useFakeTimers()
    const heap = fakeHeap(10 * MB, 12 * MB)
    const release = started(heap)
    heap.size = 70 * MB
    vi.advanceTimersByTime(2_000)
    expect(heap.releases).toBe(1)
    release.stop()
  })

  it('runs nothing after stop, and leaves no timer behind', () => {
    vi.useFakeTimers()
    const heap = fakeHeap(40 * MB)
    const release = started(heap)
    heap.size = 90 * MB
    release.noteActivity()
    release.stop()
    expect(vi.getTimerCount()).toBe(0)
    release.noteActivity()
    vi.advanceTimersByTime(60_000)
    expect(heap.releases).toBe(0)
  })

  it('does nothing without a releasable heap (V8 gave no gc function)', () => {
    vi.useFakeTimers()
    const release = started(null)
    release.noteActivity()
    expect(vi.getTimerCount()).toBe(0)
    release.stop()
  })

  it('logs a release that failed and goes on', () => {
    vi.useFakeTimers()
    const heap = fakeHeap(40 * MB)
    heap.release = () => {
      throw new Error('no')
    }
    const lines: string[] = []
    const release = started(heap, lines)
    heap.size = 80 * MB
    release.noteActivity()
    vi.advanceTimersByTime(2_000)
    expect(lines[0]).toBe('Could not give memory back: no')
    release.stop()
  })
})
