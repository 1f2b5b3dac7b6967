/**
 * The keyboard focus's home: the place it goes when the element that had it goes away (a
 * dialog closed whose opener is hidden or gone, an editor closed, a key pressed while the focus
 * had fallen to the page's body). The triage view sets it to its inbox list; before any view
 * sets it, going home does nothing.
 */
let home: (() => void) | null = null

/** Makes `focus` the way home; returns the function that removes it again (for `onMount`). */
export function setFocusHome(focus: () => void): () => void {
  home = focus
  return () => {
    if (home === focus) home = null
  }
}

/** Puts the focus on its home at once (synchronously), when a view has set one. */
export function focusHome(): void {
  home?.()
}

/**
 * True when the focus is on nothing in particular: the page's body, its root, nothing, or an
 * element that was hidden under it (the browser moves such a focus to the body a little later).
 */
export function focusIsLost(doc: Document = document): boolean {
  const active = doc.activeElement
  if (active === null || active === doc.body || active === doc.documentElement) return true
  return typeof active.checkVisibility === 'function' && !active.checkVisibility()
}

/**
 * Gives the focus back to `element` (where it was before a dialog or an editor took it) when
 * that element can still take it; otherwise, once the DOM has settled, sends it home.
 */
export function restoreFocus(element: Element | null): void {
  if (element instanceof HTMLElement && element.isConnected) element.focus()
  setTimeout(() => {
    if (focusIsLost()) focusHome()
  }, 0)
}
