/**
 * Every keyboard shortcut of the triage workspace (issue 6, item 5), in one table used by
 * both the key handler and the help overlay (`?`), so the overlay never lies.
 */

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

export interface Shortcut {
  id: ShortcutId
  /** Keys as shown in the help overlay (`Mod` is Ctrl, or ⌘ on macOS). */
  keys: string[]
  /** i18n key of the description (triage strings). */
  label: string
  /** True when `event` triggers this shortcut. */
  matches(event: KeyboardEvent): boolean
}

const plain = (event: KeyboardEvent): boolean => !event.ctrlKey && !event.metaKey && !event.altKey
const mod = (event: KeyboardEvent): boolean => (event.ctrlKey || event.metaKey) && !event.altKey
const key =
  (...keys: string[]) =>
  (event: KeyboardEvent) =>
    plain(event) && keys.includes(event.key)

export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'next', keys: ['j', '↓'], label: 'shortcut.next', matches: key('j', 'ArrowDown') },
  { id: 'previous', keys: ['k', '↑'], label: 'shortcut.previous', matches: key('k', 'ArrowUp') },
  { id: 'first', keys: ['Home'], label: 'shortcut.first', matches: key('Home') },
  { id: 'last', keys: ['End'], label: 'shortcut.last', matches: key('End') },
  { id: 'open', keys: ['Enter', 'o'], label: 'shortcut.open', matches: key('Enter', 'o') },
  { id: 'close', keys: ['Esc'], label: 'shortcut.close', matches: key('Escape') },
  { id: 'select', keys: ['x', 'Space'], label: 'shortcut.select', matches: key('x', ' ') },
  {
    id: 'selectAll',
    keys: ['Mod+A'],
    label: 'shortcut.selectAll',
    matches: (e) => mod(e) && !e.shiftKey && e.key.toLowerCase() === 'a',
  },
  { id: 'ready', keys: ['r'], label: 'shortcut.ready', matches: key('r') },
  { id: 'exported', keys: ['e'], label: 'shortcut.exported', matches: key('e') },
  { id: 'repair', keys: ['p'], label: 'shortcut.repair', matches: key('p') },
  { id: 'archive', keys: ['a'], label: 'shortcut.archive', matches: key('a') },
  { id: 'comment', keys: ['c'], label: 'shortcut.comment', matches: key('c') },
  {
    id: 'undo',
    keys: ['u', 'Mod+Z'],
    label: 'shortcut.undo',
    matches: (e) => key('u')(e) || (mod(e) && !e.shiftKey && e.key.toLowerCase() === 'z'),
  },
  { id: 'search', keys: ['/'], label: 'shortcut.search', matches: key('/') },
  { id: 'help', keys: ['?'], label: 'shortcut.help', matches: (e) => !e.ctrlKey && !e.metaKey && e.key === '?' },
  { id: 'queue', keys: ['1', '2', '3', '4', '5'], label: 'shortcut.queue', matches: key('1', '2', '3', '4', '5') },
  {
    id: 'zoomIn',
    keys: ['+'],
    label: 'shortcut.zoomIn',
    matches: (e) => !e.ctrlKey && !e.metaKey && (e.key === '+' || e.key === '='),
  },
  { id: 'zoomOut', keys: ['-'], label: 'shortcut.zoomOut', matches: key('-') },
  { id: 'zoomReset', keys: ['0'], label: 'shortcut.zoomReset', matches: key('0') },
  { id: 'original', keys: ['f'], label: 'shortcut.original', matches: key('f') },
]

/** The shortcut `event` triggers, or null. */
export function shortcutFor(event: KeyboardEvent): Shortcut | null {
  return SHORTCUTS.find((s) => s.matches(event)) ?? null
}

/** True when the event comes from a field where typing must not trigger shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false
  const element = target as HTMLElement
  if (element.isContentEditable) return true
  const tag = element.tagName
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true
  if (tag === 'INPUT') {
    const type = (element as HTMLInputElement).type
    return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(type)
  }
  return false
}

/** True for a focused control that Enter or Space activates (button, link, tab, checkbox...). */
export function isActivatable(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false
  return (target as Element).closest('button, a[href], input, select, summary, [role="tab"], [role="button"]') !== null
}
