/**
 * The triage shortcuts (features/triage/shortcuts.ts) as palette commands: listed with their
 * keys, and run by pressing those keys on the window, so the palette runs exactly what the
 * key does (one handler, the same guards) and never goes stale when a shortcut changes.
 */
import { QUEUES } from '../../../../shared/queues'
import { focusHome } from '../../lib/focusHome'
import { t } from '../../lib/i18n'
import { SHORTCUTS, type Shortcut } from './shortcuts'
import type { Command, CommandGroup } from '../../lib/commands'

/** Shown key names of the shortcut table -> KeyboardEvent.key. */
const EVENT_KEYS: Record<string, string> = { Esc: 'Escape', Space: ' ', '↓': 'ArrowDown', '↑': 'ArrowUp' }

/**
 * Presses `shown` (e.g. `r`, `Mod+A`, `g a`) as the keyboard would, on the focused element
 * after sending the focus home (the inbox list): a command chosen in the palette acts on the
 * documents as its key would there, under the same keyboard model (triage/keyScope.ts).
 */
export function pressKeys(shown: string): void {
  focusHome()
  const target: EventTarget = document.activeElement ?? window
  for (const stroke of shown.split(' ')) {
    const mod = stroke.startsWith('Mod+')
    const raw = mod ? stroke.slice(4).toLowerCase() : stroke
    const key = EVENT_KEYS[raw] ?? raw
    target.dispatchEvent(new KeyboardEvent('keydown', { key, ctrlKey: mod, bubbles: true, cancelable: true }))
  }
}

const GROUPS: Partial<Record<Shortcut['id'], CommandGroup>> = {
  ready: 'document',
  exported: 'document',
  repair: 'document',
  archive: 'document',
  comment: 'document',
  undo: 'document',
  zoomIn: 'view',
  zoomOut: 'view',
  zoomReset: 'view',
  original: 'view',
  nextUnverified: 'document',
  pageNext: 'view',
  pagePrevious: 'view',
  agenda: 'agendas',
  allAgendas: 'agendas',
  help: 'app',
}

/** Why a shortcut cannot act now (translated), or undefined when it can. */
export type ShortcutAvailability = (id: Shortcut['id']) => string | undefined

let availability: ShortcutAvailability = () => undefined

/**
 * Set by the triage view: which shortcuts cannot act on the documents now and why (an action
 * the service does not accept in the documents' state). Their commands are listed disabled,
 * with that reason. Returns the function that clears it again.
 */
export function setShortcutAvailability(next: ShortcutAvailability): () => void {
  availability = next
  return () => {
    if (availability === next) availability = () => undefined
  }
}

/** Every triage shortcut as a command; the queue keys become one command per queue. */
export function triageCommands(): Command[] {
  return SHORTCUTS.flatMap((shortcut): Command[] => {
    const group = GROUPS[shortcut.id] ?? 'inbox'
    if (shortcut.id === 'queue') {
      return shortcut.keys.flatMap((key) => {
        const queue = QUEUES[Number(key) - 1]
        if (!queue) return []
        return [
          {
            id: `triage.queue.${queue}`,
            group,
            label: t('app.command.showQueue', { queue: t(`triage.queue.${queue}`) }),
            keys: [key],
            run: () => pressKeys(key),
          },
        ]
      })
    }
    const reason = availability(shortcut.id)
    return [
      {
        id: `triage.${shortcut.id}`,
        group,
        label: t(shortcut.label),
        keys: shortcut.keys,
        ...(reason ? { disabled: true, disabledReason: reason } : {}),
        run: () => pressKeys(shortcut.keys[0]!),
      },
    ]
  })
}
