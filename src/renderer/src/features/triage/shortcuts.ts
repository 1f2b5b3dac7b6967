/**
 * Every keyboard shortcut of the triage workspace, in one table used by both the key handler
 * and the help overlay (`?`), so the overlay never lies. A shortcut may follow a prefix key
 * (`g a`: press g, then a), as in mail clients.
 */
import type { MessageKey } from '../../locales/messages'
import { isTypingTarget } from '../../lib/keyScope'

export type ShortcutId =
  | 'next'
  | 'previous'
  | 'first'
  | 'last'
  | 'open'
  | 'close'
  | 'select'
  | 'selectAll'
  | 'ready'
  | 'exported'
  | 'repair'
  | 'archive'
  | 'comment'
  | 'undo'
  | 'search'
  | 'help'
  | 'queue'
  | 'zoomIn'
  | 'zoomOut'
  | 'zoomReset'
  | 'original'
  | 'nextUnverified'
  | 'pageNext'
  | 'pagePrevious'
  | 'agenda'
  | 'allAgendas'
  | 'outbox'

export interface Shortcut {
  id: ShortcutId
  /** Keys as shown in the help overlay (`Mod` is Ctrl, or ⌘ on macOS). */
  keys: string[]
  /** The key of its description in the locales. */
  label: MessageKey
  /** The key pressed just before (`g` of `g a`); such a shortcut never fires without it. */
  prefix?: string
  /** True when `event` triggers this shortcut (after its prefix, when it has one). */
  matches(event: KeyboardEvent): boolean
}

/** Keys that start a two-key shortcut and do nothing alone. */
export const PREFIX_KEYS: ReadonlySet<string> = new Set(['g'])
/** How long a prefix key waits for the second key, in ms. */
export const PREFIX_TIMEOUT_MS = 1500

const plain = (event: KeyboardEvent): boolean => !event.ctrlKey && !event.metaKey && !event.altKey
const mod = (event: KeyboardEvent): boolean => (event.ctrlKey || event.metaKey) && !event.altKey
const key =
  (...keys: string[]) =>
  (event: KeyboardEvent) =>
    plain(event) && keys.includes(event.key)

export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'next', keys: ['j', '↓'], label: 'triage.shortcut.next', matches: key('j', 'ArrowDown') },
  { id: 'previous', keys: ['k', '↑'], label: 'triage.shortcut.previous', matches: key('k', 'ArrowUp') },
  { id: 'first', keys: ['Home'], label: 'triage.shortcut.first', matches: key('Home') },
  { id: 'last', keys: ['End'], label: 'triage.shortcut.last', matches: key('End') },
  { id: 'open', keys: ['Enter', 'o'], label: 'triage.shortcut.open', matches: key('Enter', 'o') },
  { id: 'close', keys: ['Esc'], label: 'triage.shortcut.close', matches: key('Escape') },
  { id: 'select', keys: ['x', 'Space'], label: 'triage.shortcut.select', matches: key('x', ' ') },
  {
    id: 'selectAll',
    keys: ['Mod+A'],
    label: 'triage.shortcut.selectAll',
    matches: (e) => mod(e) && !e.shiftKey && e.key.toLowerCase() === 'a',
  },
  { id: 'ready', keys: ['r'], label: 'triage.shortcut.ready', matches: key('r') },
  { id: 'exported', keys: ['e'], label: 'triage.shortcut.exported', matches: key('e') },
  { id: 'repair', keys: ['p'], label: 'triage.shortcut.repair', matches: key('p') },
  { id: 'archive', keys: ['a'], label: 'triage.shortcut.archive', matches: key('a') },
  { id: 'comment', keys: ['c'], label: 'triage.shortcut.comment', matches: key('c') },
  {
    id: 'undo',
    keys: ['u', 'Mod+Z'],
    label: 'triage.shortcut.undo',
    matches: (e) => key('u')(e) || (mod(e) && !e.shiftKey && e.key.toLowerCase() === 'z'),
  },
  { id: 'search', keys: ['/'], label: 'triage.shortcut.search', matches: key('/') },
  { id: 'help', keys: ['?'], label: 'triage.shortcut.help', matches: (e) => !e.ctrlKey && !e.metaKey && e.key === '?' },
  {
    id: 'queue',
    keys: ['1', '2', '3', '4', '5', '6', '7'],
    label: 'triage.shortcut.queue',
    matches: key('1', '2', '3', '4', '5', '6', '7'),
  },
  {
    id: 'zoomIn',
    keys: ['+'],
    label: 'triage.shortcut.zoomIn',
    matches: (e) => !e.ctrlKey && !e.metaKey && (e.key === '+' || e.key === '='),
  },
  { id: 'zoomOut', keys: ['-'], label: 'triage.shortcut.zoomOut', matches: key('-') },
  { id: 'zoomReset', keys: ['0'], label: 'triage.shortcut.zoomReset', matches: key('0') },
  { id: 'original', keys: ['f'], label: 'triage.shortcut.original', matches: key('f') },
  { id: 'nextUnverified', keys: ['n'], label: 'triage.shortcut.nextUnverified', matches: key('n') },
  { id: 'pageNext', keys: ['PageDown'], label: 'triage.shortcut.pageNext', matches: key('PageDown') },
  { id: 'pagePrevious', keys: ['PageUp'], label: 'triage.shortcut.pagePrevious', matches: key('PageUp') },
  { id: 'agenda', keys: ['g a'], label: 'triage.shortcut.agenda', prefix: 'g', matches: key('a') },
  // Shift+A after g: beside `g a` (switch agenda), the capital for every agenda.
  { id: 'allAgendas', keys: ['g A'], label: 'triage.shortcut.allAgendas', prefix: 'g', matches: key('A') },
  { id: 'outbox', keys: ['g o'], label: 'outbox.shortcut', prefix: 'g', matches: key('o') },
]

/**
 * The shortcut `event` triggers, or null. `prefix` is the prefix key pressed just before
 * (see {@link PREFIX_KEYS}), if any: then only the shortcuts that follow it are looked at.
 */
export function shortcutFor(event: KeyboardEvent, prefix: string | null = null): Shortcut | null {
  return SHORTCUTS.find((s) => (s.prefix ?? null) === prefix && s.matches(event)) ?? null
}

/**
 * True for the press of a modifier alone (Shift, Ctrl, Alt, Meta): it starts no shortcut and
 * must not end a pending prefix, or `g` then Shift+A (`g A`) would lose its `g` to the Shift.
 */
export function isModifierOnly(event: KeyboardEvent): boolean {
  return MODIFIER_KEYS.has(event.key)
}

const MODIFIER_KEYS: ReadonlySet<string> = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock'])

/** The text field the user last typed into, and when (ms, `performance.now()`). */
export interface LastTyping {
  element: Element
  at: number
}

/**
 * True when a key event must not trigger a single-key shortcut: it comes from a text field or
 * from inside an open dialog, or it follows typing (less than `graceMs` ago) in a field that
 * went away under the user (its dialog closed): the next letters would otherwise act on
 * documents. A field the user left on purpose (Enter, Ctrl+Enter, Esc, Tab, the pointer; see
 * {@link typingEnded}) is forgotten by the caller, and a field still on screen was left by
 * moving the focus, so `j` right after sending a comment or a search works at once.
 */
export function isGuarded(event: KeyboardEvent, typing: LastTyping | null, now: number, graceMs = 1000): boolean {
  const target = event.target as Element | null
  if (isTypingTarget(target)) return true
  if (target && typeof target.closest === 'function' && target.closest('dialog[open], [role="dialog"]')) return true
  if (!typing || now - typing.at >= graceMs) return false
  const dialog = typing.element.closest('dialog')
  return !typing.element.isConnected || (dialog !== null && !dialog.open)
}

/**
 * True for a key that ends typing in a field on purpose (send, cancel, move on, or Ctrl/Cmd+K,
 * which closes the command palette it was typed in).
 */
export function typingEnded(event: KeyboardEvent): boolean {
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') return true
  return event.key === 'Enter' || event.key === 'Escape' || event.key === 'Tab'
}

/** True for a key that types text into a field (a character without Ctrl, Cmd or Alt). */
export function typesText(event: KeyboardEvent): boolean {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey
}

/** True for a focused control that Enter or Space activates (button, link, tab, checkbox...). */
export function isActivatable(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false
  return (target as Element).closest('button, a[href], input, select, summary, [role="tab"], [role="button"]') !== null
}
