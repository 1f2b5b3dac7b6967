import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { glibcHeap } from './nativeHeap'
import { v8Heap } from './v8Heap'

const MB = 1024 * 1024

/** This process's anonymous resident memory in bytes (`RssAnon` of /proc/self/status): what malloc holds. */
function anonymousResident(): number {
  const line = /^RssAnon:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))
  if (!line) throw new Error('no RssAnon in /proc/self/status')
  return Number(line[1]) * 1024
}

/**
 * Allocates `count` buffers of 4 KB through the C allocator and keeps one in `keepEvery`:
 * the others become free chunks between live ones, which glibc does not return by itself.
 */
function fragment(count: number, keepEvery: number): Buffer[] {
  const kept: Buffer[] = []
  for (let i = 0; i < count; i++) {
    const buffer = Buffer.allocUnsafeSlow(4096).fill(i & 0xff)
    if (i % keepEvery === 0) kept.push(buffer)
  }
  return kept
}

describe.runIf(process.platform === 'linux')('glibcHeap on Linux', () => {
  it('gives back the free memory a burst of buffers left between live ones', async () => {
    const native = glibcHeap()
    const heap = v8Heap()
    expect(native).not.toBeNull()
    expect(heap).not.toBeNull()
    native!.trim()
    const start = anonymousResident()
    const kept = fragment(40_000, 16)
    heap!.release()
    // V8 frees the dead buffers' memory on a background thread after the collection.
    await sleep(200)
    const held = anonymousResident()
    // glibc keeps most of it: V8's collections during the burst free buffers that are then reused.
    expect(held - start).toBeGreaterThan(32 * MB)
    expect(native!.trim()).toBe(true)
    const trimmed = anonymousResident()
    expect(held - trimmed).toBeGreaterThan(20 * MB)
    expect(kept.length).toBe(2_500)
  })
})

describe('glibcHeap elsewhere', () => {
  it('is null on macOS and Windows, whose allocators give memory back by themselves', () => {
    let loaded = false
    const load = () => {
      loaded = true
      throw new Error('must not be loaded')
    }
    expect(glibcHeap('darwin', load)).toBeNull()
    expect(glibcHeap('win32', load)).toBeNull()
    expect(loaded).toBe(false)
  })

  it('is null, not an error, when the C library has no malloc_trim (musl) or koffi cannot load', () => {
    const noTrim = () => ({
      load: () => ({
        func: (): never => {
          throw new Error('symbol not found: malloc_trim')
        },
      }),
    })
    expect(glibcHeap('linux', noTrim)).toBeNull()
    expect(
      glibcHeap('linux', () => {
        throw new Error('cannot find module koffi-linux-x64')
      }),
    ).toBeNull()
  })
})
