import { afterEach, describe, expect, it, vi } from 'vitest'
import { readOutboxChange, readSyncStatus, unknownSync } from './syncStatus'

const status = {
  online: true,
  syncing: true,
  paused: false,
  lastSyncAt: '2026-11-22T05:00:00Z',
  pending: 3,
  failed: 1,
  progress: { done: 2, expected: 8 },
  lastError: null,
}

describe('reading the sync status for the status bar', () => {
  afterEach(() => vi.restoreAllMocks())

  it('reads the sync.status payload of the offline engine', () => {
    expect(readSyncStatus(status)).toEqual({
      online: true,
      pending: 3,
      failed: 1,
      lastSyncAt: '2026-11-22T05:00:00Z',
      progress: 0.25,
    })
  })
  it('hides the progress bar when not syncing, or before the first page is expected', () => {
    expect(readSyncStatus({ ...status, syncing: false, progress: { done: 8, expected: 8 } }).progress).toBeNull()
    expect(readSyncStatus({ ...status, progress: { done: 0, expected: 0 } }).progress).toBeNull()
  })
  it('keeps the last sync time it knew while the engine has none', () => {
    const before = { ...unknownSync, lastSyncAt: '2026-11-22T04:00:00Z' }
    expect(readSyncStatus({ ...status, lastSyncAt: null }, before).lastSyncAt).toBe('2026-11-22T04:00:00Z')
  })
  it('updates only the counts from outbox.changed', () => {
    const before = { ...unknownSync, online: true, lastSyncAt: 'x' }
    expect(readOutboxChange({ pending: 0, failed: 2, entryIds: ['a'] }, before)).toEqual({ ...before, failed: 2 })
  })
  it('keeps the view it had when a payload does not match the contract', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const before = { ...unknownSync, online: false, pending: 4 }
    expect(readSyncStatus(null, before)).toBe(before)
    expect(readSyncStatus({ ...status, pending: -1 }, before)).toBe(before)
    expect(readSyncStatus({ connection: 'online', counts: { pending: 2 } }, before)).toBe(before)
    expect(readOutboxChange({ pending: '3' }, before)).toBe(before)
    expect(error).toHaveBeenCalledTimes(4)
  })
})
