/**
 * The one keyboard model of the app: where the keyboard focus is decides whether a key may act.
 *
 * - Triage shortcuts (`r`, `e`, `a`, `j`...) act only while the focus is in the triage work
 *   area: the inbox, the document pane or the triage action bar.
 * - App-wide keys (`\` for focus mode) act anywhere else too, except as below.
 * - No shortcut acts while the focus is on an editable element (input, textarea, select,
 *   contenteditable), or while a dialog or a menu is open anywhere: keys belong to them.
 * - When the focus has fallen to the page itself (body), a key only puts the focus back on
 *   the inbox list and does nothing else: letters typed into an editor that vanished must
 *   never act on documents.
 *
 * {@link keyScope} is the rule, pure; {@link focusFacts} reads its inputs from the DOM.
 */

import { overlayOpen } from './overlayWatch'

/** Marks an element whose keys triage shortcuts may act on (`data-key-area="triage"`). */
export const TRIAGE_KEY_AREA = 'triage'

/** What the rule needs to know about where a key was pressed. */
export interface FocusFacts {
  /** The focus is on an element that takes typed text (input, textarea, select, contenteditable). */
  editable: boolean
  /** A dialog or a menu is open anywhere on the page. */
  overlayOpen: boolean
  /** The focus has fallen to the page itself (body, the root element, or nothing). */
  onBody: boolean
  /** The focus is in the triage work area (inbox, document pane, triage action bar). */
  inTriage: boolean
}

/**
 * Who may act on a key:
 * - `triage`: the triage shortcuts and the app-wide keys;
 * - `app`: only the app-wide keys (the focus is on another control of the window);
 * - `restore`: nothing; the key only puts the focus back on the inbox list;
 * - `none`: nothing at all (a field, a dialog or a menu has the key).
 */
export type KeyScope = 'triage' | 'app' | 'restore' | 'none'

/** The rule: see the module's description. */
export function keyScope(facts: FocusFacts): KeyScope {
  if (facts.overlayOpen || facts.editable) return 'none'
  if (facts.onBody) return 'restore'
  return facts.inTriage ? 'triage' : 'app'
}

/** True when a triage shortcut may act where `facts` say the key was pressed. */
export function mayTriageKeyAct(facts: FocusFacts): boolean {
  return keyScope(facts) === 'triage'
}

/** True when an app-wide key (not a triage shortcut) may act there. */
export function mayAppKeyAct(facts: FocusFacts): boolean {
  const scope = keyScope(facts)
  return scope === 'triage' || scope === 'app'
}

/**
 * Keys that never move the focus back from the body: modifiers pressed alone (the first half
 * of Ctrl+K or of a capital letter) and Tab, which moves the focus itself.
 */
export function isFocusNeutral(event: Pick<KeyboardEvent, 'key'>): boolean {
  return ['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock', 'Tab'].includes(event.key)
}

/**
 * Reads {@link FocusFacts} for a key event's target in `doc`; whether an overlay is open comes
 * from the document's overlay watch (`overlayWatch.ts`), not from a scan of every element.
 */
export function focusFacts(target: EventTarget | null, doc: Document): FocusFacts {
  const element = target && typeof (target as Element).closest === 'function' ? (target as Element) : null
  const onBody = element === null || element === doc.body || element === doc.documentElement
  return {
    editable: isTypingTarget(element),
    overlayOpen: overlayOpen(doc),
    onBody,
    inTriage: !onBody && element.closest(`[data-key-area="${TRIAGE_KEY_AREA}"]`) !== null,
  }
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
