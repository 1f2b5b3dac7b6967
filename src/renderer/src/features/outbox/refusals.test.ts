import { describe, expect, it } from 'vitest'
import { en } from '../../locales/en'
import { refusalOf, type RefusalReason } from './refusals'

describe('refusals of failed outbox actions', () => {
  it('a repair refused because of the state cannot be retried while the document stays exported', () => {
    expect(refusalOf({ code: 'validation' }, 'documents.repair', 'exported')).toEqual({
      reason: 'repair_state',
      retryable: false,
    })
    expect(refusalOf({ code: 'bad_request' }, 'documents.repair', null).retryable).toBe(false)
  })

  it('the same repair can be retried once the document is ready or not ready again', () => {
    expect(refusalOf({ code: 'validation' }, 'documents.repair', 'ready').retryable).toBe(true)
    expect(refusalOf({ code: 'validation' }, 'documents.repair', 'not_ready').retryable).toBe(true)
  })

  it('offers no retry for 4xx refusals that sending again cannot change', () => {
    const never: [string, RefusalReason][] = [
      ['not_found', 'gone'],
      ['forbidden', 'forbidden'],
      ['validation', 'invalid'],
      ['bad_request', 'invalid'],
      ['archived', 'archived'],
    ]
    for (const [code, reason] of never) {
      expect(refusalOf({ code }, 'documents.setState', 'ready'), code).toEqual({ reason, retryable: false })
    }
  })

  it('offers a retry when the service failed, never answered, or the situation may change', () => {
    for (const code of ['server', 'rate_limited', 'bad_response', 'timeout', 'network', 'internal']) {
      expect(refusalOf({ code }, 'documents.archive'), code).toEqual({ reason: 'service', retryable: true })
    }
    for (const [code, reason] of [
      ['conflict', 'conflict'],
      ['not_confirmed', 'not_confirmed'],
      ['storage', 'storage'],
      ['dependency_failed', 'dependency'],
      ['something_new', 'other'],
    ] as const) {
      expect(refusalOf({ code }), code).toEqual({ reason, retryable: true })
    }
  })

  it('has a text and a next step in the catalog for every reason', () => {
    const reasons: RefusalReason[] = [
      'repair_state',
      'gone',
      'forbidden',
      'invalid',
      'conflict',
      'archived',
      'not_confirmed',
      'service',
      'storage',
      'dependency',
      'other',
    ]
    const catalog = en as Record<string, string>
    for (const reason of reasons) {
      expect(catalog[`outbox.refusal.${reason}`], reason).toBeTruthy()
      expect(catalog[`outbox.next.${reason}`], reason).toBeTruthy()
    }
  })
})
