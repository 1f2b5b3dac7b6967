import { describe, expect, it } from 'vitest'
import { readSyncStatus, unknownSync } from './syncStatus'

describe('reading the sync status for the status bar', () => {
  it('reads the sync.status payload of the offline engine', () => {
    const view = readSyncStatus({
      online: true,
      syncing: true,
      paused: false,
      lastSyncAt: '2026-11-22T05:00:00Z',
      pending: 3,
      failed: 1,
      progress: { done: 2, expected: 8 },
      lastError: null,
    })
    expect(view).toEqual({ online: true, pending: 3, failed: 1, lastSyncAt: '2026-11-22T05:00:00Z', progress: 0.25 })
  })
  it('hides the progress bar when not syncing', () => {
    expect(readSyncStatus({ online: false, syncing: false, progress: { done: 8, expected: 8 } }).progress).toBeNull()
  })
  it('updates only the counts from outbox.changed', () => {
    const before = { ...unknownSync, online: true, lastSyncAt: 'x' }
    expect(readSyncStatus({ pending: 0, failed: 2, entryIds: ['a'] }, before)).toEqual({ ...before, failed: 2 })
  })
  it('ignores a malformed payload', () => {
    expect(readSyncStatus(null)).toEqual(unknownSync)
    expect(readSyncStatus('online')).toEqual(unknownSync)
  })
})
