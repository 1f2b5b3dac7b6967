import { describe, expect, it } from 'vitest'
import { DEFAULT_ENGINE_OPTIONS } from './options'
import { undoWindowOf } from './undoWindow'

describe('undo window per action kind', () => {
  const windows = { undoWindowMs: 3_000, longUndoWindowMs: 10_000 }

  it('holds archive, delete and repair for the long window', () => {
    for (const kind of ['document.archive', 'document.delete', 'document.repair'] as const) {
      expect(undoWindowOf(kind, windows)).toBe(10_000)
    }
  })

  it('holds state changes, comments, agendas and uploads for the short window', () => {
    for (const kind of [
      'document.setState',
      'documents.setStates',
      'comment.create',
      'comment.update',
      'comment.delete',
      'agenda.create',
      'agenda.update',
      'documents.upload',
    ] as const) {
      expect(undoWindowOf(kind, windows)).toBe(3_000)
    }
  })

  it('defaults to 3 s and 10 s', () => {
    expect(DEFAULT_ENGINE_OPTIONS.undoWindowMs).toBe(3_000)
    expect(DEFAULT_ENGINE_OPTIONS.longUndoWindowMs).toBe(10_000)
  })
})
