import { describe, expect, it } from 'vitest'
import { checkAction, checkActionOnAll, type DocumentAction } from './allowedActions'

const ACTIONS: DocumentAction[] = ['ready', 'exported', 'repair', 'archive', 'delete', 'comment']
const allowed = (action: DocumentAction, state: string, archived = false) =>
  checkAction(action, { state, archived }).allowed

describe('the actions the service accepts, by document state', () => {
  it('sends to repair only from Not ready or Ready to export (the service answers 422 otherwise)', () => {
    expect(allowed('repair', 'not_ready')).toBe(true)
    expect(allowed('repair', 'ready')).toBe(true)
    for (const state of ['exported', 'auto_exported', 'repairing', 'extracting', 'trash', 'something_new'])
      expect(checkAction('repair', { state })).toEqual({ allowed: false, reason: 'repairOnlyFromReview' })
  })

  it('marks ready or exported from any state, but not into the state the document is already in', () => {
    for (const state of ['not_ready', 'repairing', 'extracting', 'exported']) expect(allowed('ready', state)).toBe(true)
    expect(checkAction('ready', { state: 'ready' })).toEqual({ allowed: false, reason: 'alreadyReady' })
    for (const state of ['not_ready', 'ready', 'repairing']) expect(allowed('exported', state)).toBe(true)
    expect(checkAction('exported', { state: 'exported' })).toEqual({ allowed: false, reason: 'alreadyExported' })
    expect(checkAction('exported', { state: 'auto_exported' })).toEqual({ allowed: false, reason: 'alreadyExported' })
  })

  it('archives and deletes from any state', () => {
    for (const state of ['not_ready', 'ready', 'repairing', 'exported', 'uploaded']) {
      expect(allowed('archive', state)).toBe(true)
      expect(allowed('delete', state)).toBe(true)
    }
  })

  it('keeps an archived document read-only, apart from its comments', () => {
    for (const action of ACTIONS.filter((a) => a !== 'comment'))
      expect(checkAction(action, { state: 'not_ready', archived: true })).toEqual({
        allowed: false,
        reason: 'archived',
      })
    expect(allowed('comment', 'exported', true)).toBe(true)
  })

  it('allows an action on a selection only when every document accepts it', () => {
    const mixed = [{ state: 'not_ready' }, { state: 'exported' }, { state: 'ready' }]
    expect(checkActionOnAll('repair', mixed)).toEqual({ allowed: false, reason: 'repairOnlyFromReview' })
    expect(checkActionOnAll('archive', mixed)).toEqual({ allowed: true })
    expect(checkActionOnAll('repair', [{ state: 'not_ready' }, { state: 'ready' }])).toEqual({ allowed: true })
    expect(checkActionOnAll('ready', [])).toEqual({ allowed: true })
  })

  it('marks a selection ready when at least one is not ready yet, and says so when all are', () => {
    expect(checkActionOnAll('ready', [{ state: 'ready' }, { state: 'not_ready' }])).toEqual({ allowed: true })
    expect(checkActionOnAll('ready', [{ state: 'ready' }, { state: 'ready' }])).toEqual({
      allowed: false,
      reason: 'alreadyReady',
    })
    expect(checkActionOnAll('exported', [{ state: 'exported' }, { state: 'ready', archived: true }])).toEqual({
      allowed: false,
      reason: 'archived',
    })
  })
})
