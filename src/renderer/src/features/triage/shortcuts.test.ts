import { QUEUES } from '../../../../shared/queues'
import { describe, expect, it } from 'vitest'
import { isGuarded, isModifierOnly, shortcutFor, SHORTCUTS, typesText, typingEnded } from './shortcuts'

/** A key event as the handler sees it; `target` a stand-in element (tag name, inside a dialog or not). */
function key(k: string, options: { tag?: string; inDialog?: boolean; ctrl?: boolean } = {}): KeyboardEvent {
  const target = {
    tagName: options.tag ?? 'DIV',
    isContentEditable: false,
    type: 'text',
    closest: (selector: string) => (options.inDialog && selector.includes('dialog') ? {} : null),
  }
  return { key: k, ctrlKey: !!options.ctrl, metaKey: false, altKey: false, shiftKey: false, target } as never
}

describe('keyboard shortcuts', () => {
  it('switches agenda with g then a, and never with a alone', () => {
    expect(shortcutFor(key('a'), 'g')?.id).toBe('agenda')
    expect(shortcutFor(key('a'))?.id).toBe('archive')
  })
  it('shows All agendas with g then Shift+A, apart from g a', () => {
    expect(shortcutFor(key('A'), 'g')?.id).toBe('allAgendas')
    expect(shortcutFor(key('a'), 'g')?.id).not.toBe('allAgendas')
    expect(shortcutFor(key('A'))).toBeNull()
    // The Shift pressed between g and A is a modifier alone: it leaves the g waiting.
    expect(isModifierOnly(key('Shift'))).toBe(true)
    expect(isModifierOnly(key('A'))).toBe(false)
  })
  it('moves to the next unverified value with n', () => {
    expect(shortcutFor(key('n'))?.id).toBe('nextUnverified')
    expect(shortcutFor(key('n', { ctrl: true }))).toBeNull()
  })
  it('has a key for each of the seven queue tabs (7: Archived)', () => {
    expect(shortcutFor(key('7'))?.id).toBe('queue')
    expect(SHORTCUTS.find((s) => s.id === 'queue')?.keys).toHaveLength(QUEUES.length)
  })
  it('never fires from a text field or from inside a dialog', () => {
    expect(isGuarded(key('e', { tag: 'TEXTAREA' }), null, 10_000)).toBe(true)
    expect(isGuarded(key('e', { tag: 'INPUT' }), null, 10_000)).toBe(true)
    expect(isGuarded(key('e', { inDialog: true }), null, 10_000)).toBe(true)
    expect(isGuarded(key('e'), null, 10_000)).toBe(false)
  })
  it('ignores letters that follow typing in a field that went away under the user', () => {
    const field = (connected: boolean) => ({ isConnected: connected, closest: () => null }) as unknown as Element
    expect(isGuarded(key('e'), { element: field(false), at: 9_500 }, 10_000)).toBe(true)
    expect(isGuarded(key('e'), { element: field(false), at: 8_000 }, 10_000)).toBe(false)
    // A field still on screen was left by moving the focus: the key acts.
    expect(isGuarded(key('e'), { element: field(true), at: 9_500 }, 10_000)).toBe(false)
  })
  it('tells typing from leaving a field on purpose', () => {
    expect(typesText(key('e'))).toBe(true)
    expect(typesText(key('Enter'))).toBe(false)
    expect(typesText(key('a', { ctrl: true }))).toBe(false)
    expect(typingEnded(key('Enter', { ctrl: true }))).toBe(true)
    expect(typingEnded(key('Escape'))).toBe(true)
    expect(typingEnded(key('x'))).toBe(false)
    expect(typingEnded(key('k', { ctrl: true }))).toBe(true)
  })
})
