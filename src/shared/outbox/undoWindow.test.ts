import { describe, expect, it } from 'vitest'
import { LONG_UNDO_WINDOW_MS, UNDO_WINDOW_MS, undoWindowOf } from './undoWindow'

describe('undo window per action kind', () => {
  const windows = { undoWindowMs: 3_000, longUndoWindowMs: 10_000 }

  it('holds archive, delete and repair for the long window', () => {
    for (const kind of ['documents.archive', 'documents.delete', 'documents.repair'] as const) {
      expect(undoWindowOf(kind, windows)).toBe(10_000)
    }
  })

  it('holds state changes, comments, agendas and uploads for the short window', () => {
    for (const kind of [
      'documents.setState',
      'comments.create',
      'comments.update',
      'comments.delete',
      'agendas.create',
      'agendas.update',
      'upload.files',
    ] as const) {
      expect(undoWindowOf(kind, windows)).toBe(3_000)
    }
  })

  it('by default holds archive, delete and repair 10 s, longer than the 3 s of the rest', () => {
    expect(UNDO_WINDOW_MS).toBe(3_000)
    expect(LONG_UNDO_WINDOW_MS).toBe(10_000)
  })
})
