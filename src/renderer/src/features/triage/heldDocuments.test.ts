import { describe, expect, it } from 'vitest'
import type { OpenedDocumentView } from '../../../../shared/ipc'
import { keepUnchanged } from './heldDocuments'

/** A held document as a view carries it; `patch` changes parts of it. */
function opened(id: number, patch: Partial<OpenedDocumentView> = {}): OpenedDocumentView {
  return {
    document: {
      id,
      state: 'not_ready',
      data: { header: { total: '121.00' } },
    } as unknown as OpenedDocumentView['document'],
    checks: [{ id: 'vat', severity: 'ok' }] as unknown as OpenedDocumentView['checks'],
    comments: [],
    ...patch,
  }
}

describe('documents of a new view keep the objects of the parts that did not change', () => {
  it('keeps the whole held entry when main sends the same document again', () => {
    const before = opened(7)
    const [kept] = keepUnchanged(new Map([[7, before]]), [opened(7)])
    expect(kept).toBe(before)
  })

  it('takes a changed part from the new view and keeps the unchanged ones', () => {
    const before = opened(7)
    const changed = opened(7, {
      document: { ...before.document, state: 'ready' } as OpenedDocumentView['document'],
    })
    const [kept] = keepUnchanged(new Map([[7, before]]), [changed])
    expect(kept).not.toBe(before)
    expect(kept!.document).toBe(changed.document)
    expect(kept!.checks).toBe(before.checks)
    expect(kept!.comments).toBe(before.comments)
  })

  it('takes a document not held as it comes', () => {
    const next = opened(8)
    expect(keepUnchanged(new Map([[7, opened(7)]]), [next])[0]).toBe(next)
  })

  it('gives a document ahead, held with its history, none once the view has none for it', () => {
    const before = opened(7, { history: [], preview: null })
    const [kept] = keepUnchanged(new Map([[7, before]]), [opened(7)])
    expect(kept).not.toBe(before)
    expect('history' in kept!).toBe(false)
    expect('preview' in kept!).toBe(false)
    expect(kept!.document).toBe(before.document)
  })

  it('gives the open document the history the new view brings, keeping the rest', () => {
    const before = opened(7)
    const [kept] = keepUnchanged(new Map([[7, before]]), [opened(7, { history: [], preview: null })])
    expect(kept!.history).toEqual([])
    expect(kept!.preview).toBeNull()
    expect(kept!.checks).toBe(before.checks)
  })
})
