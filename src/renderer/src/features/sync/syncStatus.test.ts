import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  CONNECTING_TIMEOUT_MS,
  readOutboxChange,
  readSyncStatus,
  secondsUntil,
  syncAge,
  syncIsStale,
  unknownSync,
  waitingHeadline,
} from './syncStatus'

const status = {
  online: true,
  syncing: true,
  paused: false,
  lastSyncAt: '2026-11-22T05:00:00Z',
  pending: 3,
  failed: 1,
  progress: { done: 2, expected: 8 },
  lastError: null,
  connection: 'online',
  retryAt: null,
  waitUntil: null,
  storageError: null,
  offlineCopies: { done: 0, total: 0, running: false, stopped: null },
  signedOutQueued: 0,
}

describe('reading the sync status for the status bar', () => {
  afterEach(() => vi.restoreAllMocks())

  it('reads the sync.status payload of the offline engine', () => {
    expect(readSyncStatus(status)).toEqual({
      online: true,
      connection: 'online',
      pending: 3,
      failed: 1,
      lastSyncAt: '2026-11-22T05:00:00Z',
      progress: 0.25,
      retryAt: null,
      waitUntil: null,
      storageError: null,
      offlineCopies: null,
      signedOutQueued: 0,
      heldAgendas: [],
    })
  })
  it('reads the agendas held because their listing would never end', () => {
    const message = 'The service lists more than 200,000 documents in agenda 7 (4,000 pages); Docket stops there.'
    const view = readSyncStatus({ ...status, heldAgendas: [{ agendaId: 7, code: 'bad_response', message }] })
    expect(view.heldAgendas).toEqual([{ agendaId: 7, message }])
  })
  it('reads the headline state, the retry times, the cache failure and the queue waiting for a sign-in', () => {
    const storageError = { folder: '/home/u/.config/Docket', reason: 'disk_full' as const, message: 'ENOSPC' }
    const view = readSyncStatus({
      ...status,
      connection: 'storage_failing',
      retryAt: '2026-11-22T05:01:00Z',
      waitUntil: '2026-11-22T05:00:30Z',
      storageError,
      signedOutQueued: 2,
    })
    expect(view).toMatchObject({
      connection: 'storage_failing',
      retryAt: '2026-11-22T05:01:00Z',
      waitUntil: '2026-11-22T05:00:30Z',
      storageError,
      signedOutQueued: 2,
    })
  })
  it('shows offline copies only when there is something to copy, never more done than total', () => {
    expect(
      readSyncStatus({ ...status, offlineCopies: { done: 340, total: 412, running: true, stopped: null } })
        .offlineCopies,
    ).toEqual({
      done: 340,
      total: 412,
      running: true,
      stopped: null,
    })
    expect(
      readSyncStatus({ ...status, offlineCopies: { done: 5, total: 3, running: false, stopped: null } }).offlineCopies
        ?.done,
    ).toBe(3)
    expect(
      readSyncStatus({ ...status, offlineCopies: { done: 0, total: 0, running: false, stopped: null } }).offlineCopies,
    ).toBeNull()
  })
  it('says why offline copies stopped moving', () => {
    const copies = { done: 5, total: 8, running: false, stopped: 'failing' as const }
    expect(readSyncStatus({ ...status, offlineCopies: copies }).offlineCopies?.stopped).toBe('failing')
    // A reason main does not know of is a payload that breaks the contract: the view stays.
    const before = readSyncStatus(status)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(readSyncStatus({ ...status, offlineCopies: { ...copies, stopped: 'bored' } }, before)).toBe(before)
  })
  it('counts whole seconds up to a time, never below zero', () => {
    const now = Date.parse('2026-11-22T05:00:00Z')
    expect(secondsUntil('2026-11-22T05:00:30Z', now)).toBe(30)
    expect(secondsUntil('2026-11-22T05:00:00.200Z', now)).toBe(1)
    expect(secondsUntil('2026-11-22T04:59:00Z', now)).toBe(0)
    expect(secondsUntil(null, now)).toBeNull()
    expect(secondsUntil('not a time', now)).toBeNull()
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
    expect(readSyncStatus({ ...status, connection: 'sleeping' }, before)).toBe(before)
    expect(error).toHaveBeenCalledTimes(5)
  })
})

describe('the status bar before any sync state arrives', () => {
  const asked = Date.parse('2026-11-22T05:00:00Z')
  it('says Connecting… only within the request timeout', () => {
    expect(waitingHeadline(unknownSync, null, asked, asked + 1_000)).toBe('connecting')
    expect(waitingHeadline(unknownSync, null, asked, asked + CONNECTING_TIMEOUT_MS - 1)).toBe('connecting')
    expect(waitingHeadline(unknownSync, null, asked, asked + CONNECTING_TIMEOUT_MS)).toBe('no_answer')
  })
  it('says Not signed in when main answers that nobody is, and No answer for any other error at once', () => {
    expect(waitingHeadline(unknownSync, { code: 'not_signed_in' }, asked, asked)).toBe('signed_out')
    expect(waitingHeadline(unknownSync, { code: 'internal' }, asked, asked)).toBe('no_answer')
  })
  it('has nothing to say once a state arrived', () => {
    expect(waitingHeadline(readSyncStatus(status), null, asked, asked + 60_000)).toBeNull()
  })
})

describe('the age of the last sync', () => {
  const now = Date.parse('2026-11-22T05:00:00Z')
  it('is now under a minute, else whole minutes, hours or days ago', () => {
    expect(syncAge('2026-11-22T04:59:30Z', now)).toEqual({ value: 0, unit: 'second' })
    expect(syncAge('2026-11-22T04:57:00Z', now)).toEqual({ value: -3, unit: 'minute' })
    expect(syncAge('2026-11-22T02:10:00Z', now)).toEqual({ value: -2, unit: 'hour' })
    expect(syncAge('2026-11-19T05:00:00Z', now)).toEqual({ value: -3, unit: 'day' })
  })
  it('is none without a sync or with an unreadable time, and now for a time ahead of the clock', () => {
    expect(syncAge(null, now)).toBeNull()
    expect(syncAge('yesterday', now)).toBeNull()
    expect(syncAge('2026-11-22T05:02:00Z', now)).toEqual({ value: 0, unit: 'second' })
  })
  it('is marked stale after ten minutes, or when there was no sync', () => {
    expect(syncIsStale('2026-11-22T04:55:00Z', now)).toBe(false)
    expect(syncIsStale('2026-11-22T04:49:00Z', now)).toBe(true)
    expect(syncIsStale(null, now)).toBe(true)
  })
})
