import { getHeapSpaceStatistics } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { v8Heap } from './v8Heap'

const MB = 1024 * 1024
const youngGeneration = (): number =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0

/** Many short-lived objects: what makes V8 grow its young generation. */
function churn(): number {
  let kept = 0
  for (let round = 0; round < 40; round++) {
    const objects: { i: number; s: string }[] = []
    for (let i = 0; i < 200_000; i++) objects.push({ i, s: `x${i}` })
    kept += objects.length
  }
  return kept
}

describe('v8Heap', () => {
  it('shrinks the young generation a burst of work grew, which a plain full collection keeps', () => {
    const heap = v8Heap()
    expect(heap).not.toBeNull()
    expect(churn()).toBe(8_000_000)
    const grown = youngGeneration()
    expect(grown).toBeGreaterThan(4 * MB)
    const before = heap!.committedBytes()
    heap!.release()
    expect(youngGeneration()).toBeLessThan(grown / 2)
    expect(heap!.committedBytes()).toBeLessThan(before)
  })

  it('leaves no gc function to contexts created after it', () => {
    const ownGc = typeof (globalThis as { gc?: unknown }).gc === 'function'
    expect(v8Heap()).not.toBeNull()
    // Started with --expose-gc, every context has it anyway; otherwise none made later does.
    expect(runInNewContext('typeof gc')).toBe(ownGc ? 'function' : 'undefined')
  })
})
