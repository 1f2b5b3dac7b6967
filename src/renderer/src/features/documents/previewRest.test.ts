import { describe, expect, it } from 'vitest'
import { keptImageUrl, PREVIEW_REST_MS, PreviewRest, type RestTimers } from './previewRest'

/** Timers moved by hand: `advance(ms)` runs what falls due. */
function fakeTimers() {
  let now = 0
  let next = 1
  const due = new Map<number, { at: number; run: () => void }>()
  const timers: RestTimers = {
    setTimeout: (run, ms) => {
      due.set(next, { at: now + ms, run })
      return next++
    },
    clearTimeout: (handle) => void due.delete(handle as number),
  }
  const advance = (ms: number) => {
    now += ms
    for (const [handle, timer] of [...due]) {
      if (timer.at > now) continue
      due.delete(handle)
      timer.run()
    }
  }
  return { timers, advance, pending: () => due.size }
}

/** A rest whose shown ids are recorded in order. */
function rest() {
  const clock = fakeTimers()
  const shown: (number | null)[] = []
  const r = new PreviewRest((id) => shown.push(id), PREVIEW_REST_MS, clock.timers)
  return { r, shown, ...clock }
}

describe('the image while stepping through the queue', () => {
  it('shows a document opened directly at once', () => {
    const { r, shown } = rest()
    r.follow(1, false)
    r.follow(2, false)
    expect(shown).toEqual([1, 2])
  })

  it('shows a document reached by a step only once the reviewer has stayed on it', () => {
    const { r, shown, advance } = rest()
    r.follow(1, false)
    r.follow(2, true)
    advance(PREVIEW_REST_MS - 1)
    expect(shown).toEqual([1])
    advance(1)
    expect(shown).toEqual([1, 2])
  })

  it('loads no image of the documents a run of steps passes over', () => {
    const { r, shown, advance } = rest()
    r.follow(1, false)
    for (const id of [2, 3, 4, 5]) {
      r.follow(id, true)
      advance(40)
    }
    advance(PREVIEW_REST_MS)
    expect(shown).toEqual([1, 5])
  })

  it('shows at once a document opened directly in the middle of a rest, and drops the rest', () => {
    const { r, shown, advance, pending } = rest()
    r.follow(1, false)
    r.follow(2, true)
    r.follow(7, false)
    expect(shown).toEqual([1, 7])
    expect(pending()).toBe(0)
    advance(PREVIEW_REST_MS)
    expect(shown).toEqual([1, 7])
  })

  it('shows the first image at once even after a step, and a step back to the shown one at once', () => {
    const { r, shown, pending } = rest()
    r.follow(3, true)
    expect(shown).toEqual([3])
    r.follow(4, true)
    r.follow(3, true)
    expect(pending()).toBe(0)
    expect(shown).toEqual([3])
  })

  it('shows nothing once stopped', () => {
    const { r, shown, advance } = rest()
    r.follow(1, false)
    r.follow(2, true)
    r.stop()
    advance(PREVIEW_REST_MS)
    expect(shown).toEqual([1])
  })
})

describe('keptImageUrl', () => {
  it('keeps the address last known for the same document when the view no longer holds it', () => {
    const first = keptImageUrl(null, 7, '/previews/7')
    expect(first).toEqual({ url: '/previews/7', known: { documentId: 7, url: '/previews/7' } })
    expect(keptImageUrl(first.known, 7, undefined).url).toBe('/previews/7')
    // A document with no image stays without one.
    expect(keptImageUrl({ documentId: 8, url: null }, 8, undefined).url).toBeNull()
  })

  it('knows nothing of another document, and takes what the view says over what it kept', () => {
    const known = { documentId: 7, url: '/previews/7' }
    expect(keptImageUrl(known, 9, undefined).url).toBeUndefined()
    expect(keptImageUrl(known, 7, '/previews/7?v=2')).toEqual({
      url: '/previews/7?v=2',
      known: { documentId: 7, url: '/previews/7?v=2' },
    })
    expect(keptImageUrl(known, 7, null).url).toBeNull()
  })
})
