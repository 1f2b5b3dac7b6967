import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/errors'
import { OfflineError } from './errors'
import { classifyRequestError, type FailureKind } from './outcomes'

describe('classifyRequestError (one table for push, pull, repair polls and reads)', () => {
  const table: [code: string, kind: FailureKind][] = [
    ['network', 'offline'],
    ['timeout', 'offline'],
    ['unknown_outcome', 'offline'],
    ['unauthorized', 'paused'],
    ['reauth_required', 'paused'],
    ['signed_out', 'paused'],
    ['no_account', 'paused'],
    ['server', 'transient'],
    ['rate_limited', 'transient'],
    ['bad_response', 'transient'],
    ['bad_request', 'refused'],
    ['forbidden', 'refused'],
    ['validation', 'refused'],
    ['conflict', 'refused'],
    ['not_found', 'refused'],
    ['not_confirmed', 'refused'],
    ['dependency_failed', 'refused'],
    ['upload_file_missing', 'refused'],
  ]
  it.each(table)('%s is %s', (code, kind) => {
    const failure = classifyRequestError(Object.assign(new Error(`failed: ${code}`), { code }))
    expect(failure.kind).toBe(kind)
    expect(failure.reason).toEqual({ code, message: `failed: ${code}` })
  })

  it('an error without a code (a bug, a store failure) is refused as `internal`, with its message', () => {
    expect(classifyRequestError(new Error('disk full'))).toMatchObject({
      kind: 'refused',
      reason: { code: 'internal', message: 'disk full' },
    })
    expect(classifyRequestError('plain text')).toMatchObject({ kind: 'refused', reason: { message: 'plain text' } })
    expect(classifyRequestError(null).kind).toBe('refused')
  })

  it('a code that only looks like a table key (an Object.prototype name) is refused', () => {
    expect(classifyRequestError({ code: 'constructor' }).kind).toBe('refused')
  })

  it('keeps the facts the push policy needs: answer lost, answer unreadable, part done, Retry-After', () => {
    expect(classifyRequestError(new ApiError('unknown_outcome', 'lost'))).toMatchObject({
      answerLost: true,
      answerUnreadable: false,
      partlyDone: false,
    })
    expect(classifyRequestError(new ApiError('bad_response', 'odd')).answerUnreadable).toBe(true)
    const partly = new ApiError('server', 'second request failed', { status: 500, details: { createdIds: [4] } })
    expect(classifyRequestError(partly)).toMatchObject({ kind: 'transient', partlyDone: true })
    expect(classifyRequestError(new ApiError('server', 'x', { details: { createdIds: [] } })).partlyDone).toBe(false)
    const limited = new ApiError('rate_limited', 'slow down', { status: 429, retryAfterMs: 2_000 })
    expect(classifyRequestError(limited)).toMatchObject({ kind: 'transient', retryAfterMs: 2_000 })
    expect(classifyRequestError(new ApiError('server', 'x')).retryAfterMs).toBeUndefined()
  })

  it("classifies the workspace's own errors by their code like any other", () => {
    expect(classifyRequestError(new OfflineError('network', 'Closed while confirming.')).kind).toBe('offline')
  })
})
