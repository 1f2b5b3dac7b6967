import { describe, expect, it } from 'vitest'
import { OVERLAY_SELECTOR, OverlayWatch, type OverlayMutation } from './overlayWatch'

/** An element as the watch sees it: whether it is an overlay, whether it holds one. */
const element = (is: boolean, holds = false) => ({
  matches: (selector: string) => selector === OVERLAY_SELECTOR && is,
  querySelector: (selector: string) => (selector === OVERLAY_SELECTOR && holds ? {} : null),
})
const text = { nodeType: 3 }
const added = (...nodes: unknown[]): OverlayMutation => ({ type: 'childList', addedNodes: nodes, removedNodes: [] })
const removed = (...nodes: unknown[]): OverlayMutation => ({ type: 'childList', addedNodes: [], removedNodes: nodes })
const attribute: OverlayMutation = { type: 'attributes', addedNodes: [], removedNodes: [] }

/** A watch over a page whose scan answers `page.open`, counting its scans; `queued` are records not delivered yet. */
function watched(open = false) {
  const page = { open, scans: 0, queued: [] as OverlayMutation[] }
  const watch = new OverlayWatch(() => {
    page.scans++
    return page.open
  })
  watch.attach({ takeRecords: () => page.queued.splice(0) })
  return { page, watch }
}

describe('whether a dialog or a menu is open', () => {
  it('scans the page on the first question only, then answers from what changed', () => {
    const { page, watch } = watched()
    expect(watch.isOpen()).toBe(false)
    expect(watch.isOpen()).toBe(false)
    watch.apply([added(element(false), text), removed(element(false))])
    expect(watch.isOpen()).toBe(false)
    expect(page.scans).toBe(1)
  })

  it('counts a dialog or a menu inserted while nothing was open, without scanning', () => {
    const { page, watch } = watched()
    watch.isOpen()
    watch.apply([added(text, element(true))])
    expect(watch.isOpen()).toBe(true)
    expect(page.scans).toBe(1)
  })

  it('counts an inserted element that holds one deeper down', () => {
    const { watch } = watched()
    watch.isOpen()
    watch.apply([added(element(false, true))])
    expect(watch.isOpen()).toBe(true)
  })

  it('scans again after a removal while one was open: it may have closed', () => {
    const { page, watch } = watched(true)
    expect(watch.isOpen()).toBe(true)
    page.open = false
    watch.apply([removed(element(true))])
    expect(watch.isOpen()).toBe(false)
    expect(page.scans).toBe(2)
  })

  it('scans again after an open, role or data-menu-open attribute changed anywhere', () => {
    const { page, watch } = watched()
    watch.isOpen()
    page.open = true
    watch.apply([attribute])
    expect(watch.isOpen()).toBe(true)
    page.open = false
    watch.apply([attribute])
    expect(watch.isOpen()).toBe(false)
    expect(page.scans).toBe(3)
  })

  it('takes the changes the observer has not delivered yet before it answers', () => {
    const { page, watch } = watched()
    watch.isOpen()
    page.queued.push(added(element(true)))
    expect(watch.isOpen()).toBe(true)
    page.open = false
    page.queued.push(attribute)
    expect(watch.isOpen()).toBe(false)
  })
})
