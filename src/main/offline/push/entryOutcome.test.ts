import { describe, expect, it } from 'vitest'
import type { OutboxAction } from '../../../shared/outbox/actions'
import type { OutboxEntry } from '../../../shared/outbox/entry'
import { ApiError } from '../../api/errors'
import { outcomeOfError } from './entryOutcome'

const policy = { backoffBaseMs: 1_000, backoffMaxMs: 60_000, maxTransientAttempts: 3 }

function entry(action: OutboxAction, extra: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id: 'e1',
    seq: 1,
    action,
    createdAt: '2026-11-22T00:00:00.000Z',
    baseLastModifiedAt: null,
    attempts: 1,
    status: 'in_flight',
    dependsOn: [],
    ...extra,
  }
}

const archive = entry({ kind: 'documents.archive', documentId: 1 })
const comment = entry({ kind: 'comments.create', documentId: 1, text: 'Paid?' })

describe('outcomeOfError (what a failed send means for its entry)', () => {
  it('no answer: retried when back online, uncertain only when the request may have been applied', () => {
    expect(outcomeOfError(archive, new ApiError('network', 'down'), policy)).toEqual({
      type: 'retry',
      error: { code: 'network', message: 'down' },
      offline: true,
      uncertain: false,
    })
    expect(outcomeOfError(archive, new ApiError('unknown_outcome', 'lost'), policy)).toMatchObject({
      type: 'retry',
      offline: true,
      uncertain: true,
    })
    expect(outcomeOfError({ ...archive, uncertain: true }, new ApiError('timeout', 'slow'), policy)).toMatchObject({
      uncertain: true,
    })
  })

  it('signed out: paused, nothing dropped', () => {
    const signedOut = Object.assign(new Error('Sign in again.'), { code: 'reauth_required' })
    expect(outcomeOfError(archive, signedOut, policy)).toEqual({
      type: 'pause',
      error: { code: 'reauth_required', message: 'Sign in again.' },
    })
  })

  it('a failing service: retried after Retry-After or the backoff of the attempt, failed after maxTransientAttempts', () => {
    expect(outcomeOfError(archive, new ApiError('server', '503'), policy)).toMatchObject({
      type: 'retry',
      offline: false,
      uncertain: false,
      delayMs: 1_000,
    })
    expect(outcomeOfError({ ...archive, attempts: 2 }, new ApiError('server', '503'), policy)).toMatchObject({
      delayMs: 2_000,
    })
    const limited = new ApiError('rate_limited', 'slow down', { retryAfterMs: 7_000 })
    expect(outcomeOfError(archive, limited, policy)).toMatchObject({ type: 'retry', delayMs: 7_000 })
    expect(outcomeOfError({ ...archive, attempts: 3 }, new ApiError('server', '503'), policy)).toEqual({
      type: 'failed',
      error: { code: 'server', message: '503' },
    })
  })

  it('an unreadable answer to a create leaves it uncertain (it may exist); to an idempotent action it does not', () => {
    expect(outcomeOfError(comment, new ApiError('bad_response', 'odd'), policy)).toMatchObject({ uncertain: true })
    expect(outcomeOfError(archive, new ApiError('bad_response', 'odd'), policy)).toMatchObject({ uncertain: false })
  })

  it("a refusal fails the entry with the service's message, unless part of it was done", () => {
    expect(outcomeOfError(archive, new ApiError('bad_request', 'Cannot archive.'), policy)).toEqual({
      type: 'failed',
      error: { code: 'bad_request', message: 'Cannot archive.' },
    })
    const partly = new ApiError('validation', 'second file refused', { details: { createdIds: [9] } })
    expect(outcomeOfError(archive, partly, policy)).toMatchObject({
      type: 'retry',
      offline: false,
      uncertain: true,
      delayMs: 1_000,
    })
  })
})
