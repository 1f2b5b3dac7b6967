import { describe, expect, it } from 'vitest'
import { backoffCeilingMs, Connectivity } from './connectivity'

function connectivity(random = () => 0.5) {
  const calls: string[] = []
  const c = new Connectivity(
    { backoffBaseMs: 100, backoffMaxMs: 1_000 },
    { changed: () => calls.push('changed'), usable: () => calls.push('usable'), retryLater: () => calls.push('retry') },
    random,
  )
  return { c, calls }
}

const network = { code: 'network', message: 'no route' }

describe('Connectivity', () => {
  it('goes offline on no answer (told once, a retry asked each time) and back online on the next answer', () => {
    const { c, calls } = connectivity()
    c.unreachable(network)
    c.unreachable(network)
    expect(c).toMatchObject({ online: false, usable: false, lastError: network })
    expect(calls).toEqual(['changed', 'retry', 'retry'])
    calls.length = 0
    c.reached()
    c.reached()
    expect(c.online).toBe(true)
    expect(calls).toEqual(['changed', 'usable'])
  })

  it('pauses with its reason and resumes with no error; the outbox owner is told to send again', () => {
    const { c, calls } = connectivity()
    const reason = { code: 'reauth_required', message: 'Sign in again.' }
    c.pause(reason)
    c.pause({ code: 'other', message: 'ignored while paused' })
    expect(c).toMatchObject({ paused: true, usable: false, lastError: reason })
    c.resume()
    expect(c).toMatchObject({ paused: false, usable: true, lastError: null })
    expect(calls).toEqual(['changed', 'changed', 'usable'])
  })

  it('a refusal answered to the sign-in before the last one pauses nothing; one of the current sign-in does', () => {
    const { c } = connectivity()
    const refused = { code: 'unauthorized', message: 'Unauthorized' }
    const oldSignIn = c.signInEpoch
    c.pause({ code: 'reauth_required', message: 'Sign in again.' })
    c.resume()
    expect(c.signInEpoch).not.toBe(oldSignIn)
    expect(c.pause(refused, oldSignIn)).toBe(false)
    c.noteFailure(
      { kind: 'paused', reason: refused, answerLost: false, answerUnreadable: false, partlyDone: false },
      0,
      oldSignIn,
    )
    expect(c).toMatchObject({ paused: false, usable: true, lastError: null })
    expect(c.pause(refused, c.signInEpoch)).toBe(true)
    expect(c).toMatchObject({ paused: true, lastError: refused })
  })

  it("noteFailure reacts to offline and paused only; a failing service is the caller's to report", () => {
    const { c, calls } = connectivity()
    const failure = (kind: 'offline' | 'paused' | 'transient' | 'refused') => ({
      kind,
      reason: { code: kind, message: kind },
      answerLost: false,
      answerUnreadable: false,
      partlyDone: false,
    })
    c.noteFailure(failure('transient'))
    c.noteFailure(failure('refused'))
    expect(calls).toEqual([])
    expect(c.lastError).toBeNull()
    c.noteFailure(failure('offline'))
    expect(c.online).toBe(false)
    c.noteFailure(failure('paused'))
    expect(c.paused).toBe(true)
    c.failing({ code: 'server', message: '503' })
    expect(c.lastError).toEqual({ code: 'server', message: '503' })
    expect(calls.at(-1)).toBe('retry')
  })

  it('backs off exponentially up to the maximum, with jitter between half and all of the step; an answer resets it', () => {
    const low = connectivity(() => 0)
    expect([1, 2, 3, 4, 5].map(() => low.c.nextRetryDelayMs())).toEqual([50, 100, 200, 400, 500])
    const high = connectivity(() => 0.999_999)
    expect([1, 2, 3].map(() => high.c.nextRetryDelayMs())).toEqual([100, 200, 400])
    high.c.reached()
    expect(high.c.nextRetryDelayMs()).toBe(100)
    high.c.resetBackoff()
    expect(high.c.nextRetryDelayMs()).toBe(100)
    expect(backoffCeilingMs(10, { backoffBaseMs: 100, backoffMaxMs: 1_000 })).toBe(1_000)
  })

  it('tells the headline state in precedence storage_failing > signed_out > offline > service_failing > online', () => {
    const { c } = connectivity()
    expect(c.connection).toBe('online')
    c.noteServiceFailing({ code: 'server', message: '503' })
    expect(c.connection).toBe('service_failing')
    c.unreachable(network)
    expect(c.connection).toBe('offline')
    c.pause({ code: 'reauth_required', message: 'Sign in again.' })
    expect(c.connection).toBe('signed_out')
    const disk = { folder: '/cache', reason: 'disk_full' as const, message: 'full' }
    c.storageFailing(disk)
    expect(c).toMatchObject({ connection: 'storage_failing', storageError: disk, usable: false })
    c.storageRestored()
    expect(c.connection).toBe('signed_out')
    c.resume()
    // The sign-in reached the service: online again, not offline.
    expect(c).toMatchObject({ connection: 'online', usable: true })
  })

  it('dates the next try while offline or failing (null otherwise), and an answer clears it', () => {
    const { c } = connectivity(() => 0)
    c.unreachable(network)
    const delay = c.nextRetryDelayMs(1_000)
    expect(c.retryAt()).toBe(1_000 + delay)
    c.reached()
    expect(c.retryAt()).toBeNull()
    c.failing({ code: 'server', message: '500' })
    c.nextRetryDelayMs(2_000)
    expect(c.connection).toBe('service_failing')
    expect(c.retryAt()).toBe(2_000 + 50)
  })

  it("remembers the service's Retry-After until it has passed; a shorter one changes nothing", () => {
    const { c } = connectivity()
    c.noteFailure(
      {
        kind: 'transient',
        reason: { code: 'rate_limited', message: '429' },
        answerLost: false,
        answerUnreadable: false,
        partlyDone: false,
        retryAfterMs: 30_000,
      },
      10_000,
    )
    c.serviceAskedToWait(20_000)
    expect(c.waitUntil(10_000)).toBe(40_000)
    expect(c.waitUntil(40_000)).toBeNull()
  })

  it('a storage failure stops sending and asks for a retry each time; restored, the owner sends again', () => {
    const storageCalls: string[] = []
    const d = new Connectivity(
      { backoffBaseMs: 100, backoffMaxMs: 1_000 },
      {
        changed: () => storageCalls.push('changed'),
        usable: () => storageCalls.push('usable'),
        retryLater: () => storageCalls.push('retry'),
        storageFailed: () => storageCalls.push('storage'),
      },
    )
    const disk = { folder: '/c', reason: 'read_only' as const, message: 'ro' }
    d.storageFailing(disk)
    d.storageFailing(disk)
    expect(d.usable).toBe(false)
    d.storageRestored()
    expect(storageCalls).toEqual(['changed', 'storage', 'storage', 'changed', 'usable'])
    expect(d.usable).toBe(true)
  })
})
