import { describe, expect, it } from 'vitest'
import { BatchValueRoom } from './valueRoom'

describe('BatchValueRoom', () => {
  it('lays the values of one batch out one after another in one buffer, each its own bytes', () => {
    const room = new BatchValueRoom(64)
    const a = room.take(10)
    const b = room.take(20)
    a.fill(1)
    b.fill(2)
    expect(a.buffer).toBe(b.buffer)
    expect(b.byteOffset).toBe(a.byteOffset + 10)
    expect([...a]).toEqual(new Array(10).fill(1))
    expect([...b]).toEqual(new Array(20).fill(2))
  })

  it('reuses the same buffer for the next batch once reset', () => {
    const room = new BatchValueRoom(64)
    const first = room.take(40)
    room.reset()
    const second = room.take(40)
    expect(second.buffer).toBe(first.buffer)
    expect(second.byteOffset).toBe(first.byteOffset)
  })

  it('grows into a new buffer when a batch needs more, leaving the values already taken intact', () => {
    const room = new BatchValueRoom(64)
    const early = room.take(50)
    early.fill(7)
    const late = room.take(50)
    expect(late.buffer).not.toBe(early.buffer)
    late.fill(9)
    expect([...early]).toEqual(new Array(50).fill(7))
    expect(room.capacity).toBe(128)
    // The grown buffer serves the next batches.
    room.reset()
    expect(room.take(100).buffer).toBe(late.buffer)
  })

  it('fits a value larger than the doubled buffer in one piece', () => {
    const room = new BatchValueRoom(16)
    expect(room.take(1000).byteLength).toBe(1000)
    expect(room.capacity).toBe(1000)
  })
})
