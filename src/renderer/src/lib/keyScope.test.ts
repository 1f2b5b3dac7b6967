import { describe, expect, it } from 'vitest'
import { isFocusNeutral, keyScope, mayAppKeyAct, mayTriageKeyAct, type FocusFacts } from './keyScope'

/** Where a key was pressed: by default on the inbox list, nothing open. */
const at = (facts: Partial<FocusFacts> = {}): FocusFacts => ({
  editable: false,
  overlayOpen: false,
  onBody: false,
  inTriage: true,
  ...facts,
})

describe('the keyboard model', () => {
  it('lets triage shortcuts act in the inbox list or the document pane', () => {
    expect(keyScope(at())).toBe('triage')
    expect(mayTriageKeyAct(at())).toBe(true)
    expect(mayAppKeyAct(at())).toBe(true)
  })

  it('never lets a shortcut act in an editable element, even inside the triage area', () => {
    expect(keyScope(at({ editable: true }))).toBe('none')
    expect(mayTriageKeyAct(at({ editable: true }))).toBe(false)
    expect(mayAppKeyAct(at({ editable: true, inTriage: false }))).toBe(false)
  })

  it('never lets a shortcut act while a dialog or a menu is open, wherever the focus is', () => {
    expect(keyScope(at({ overlayOpen: true }))).toBe('none')
    expect(keyScope(at({ overlayOpen: true, onBody: true, inTriage: false }))).toBe('none')
    expect(mayAppKeyAct(at({ overlayOpen: true, inTriage: false }))).toBe(false)
  })

  it('turns a key pressed with the focus fallen to the body into "focus the list" only', () => {
    const body = at({ onBody: true, inTriage: false })
    expect(keyScope(body)).toBe('restore')
    expect(mayTriageKeyAct(body)).toBe(false)
    expect(mayAppKeyAct(body)).toBe(false)
  })

  it('keeps triage shortcuts to the triage area; app keys still act on other controls', () => {
    const topBar = at({ inTriage: false })
    expect(keyScope(topBar)).toBe('app')
    expect(mayTriageKeyAct(topBar)).toBe(false)
    expect(mayAppKeyAct(topBar)).toBe(true)
  })

  it('leaves the focus where it is for lone modifiers and Tab', () => {
    expect(isFocusNeutral({ key: 'Shift' })).toBe(true)
    expect(isFocusNeutral({ key: 'Control' })).toBe(true)
    expect(isFocusNeutral({ key: 'Tab' })).toBe(true)
    expect(isFocusNeutral({ key: 'e' })).toBe(false)
    expect(isFocusNeutral({ key: 'Escape' })).toBe(false)
  })
})
