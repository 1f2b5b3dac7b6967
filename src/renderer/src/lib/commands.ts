/**
 * The app's commands, for the command palette (Ctrl/Cmd+K) and the app-wide keys: every
 * feature registers what it can do while it is on screen, as a provider read each time the
 * palette opens (so labels follow the language and `disabled` the current state).
 *
 * ```ts
 * $effect(() => registerCommands('preview', () => [
 *   { id: 'preview.rotate', group: 'view', label: t('documents.preview.rotate'), run: rotate },
 * ]))
 * ```
 */

/** Where a command is listed in the palette. */
export type CommandGroup = 'document' | 'inbox' | 'view' | 'agendas' | 'app'

export interface Command {
  /** Unique across the app, `<area>.<name>`, e.g. `layout.focusMode`. */
  id: string
  group: CommandGroup
  /** What the palette shows, already translated. */
  label: string
  /** Keys as shown (`Mod` is Ctrl, or ⌘ on macOS), e.g. `['\\']`, `['Mod+K']`. */
  keys?: string[]
  /**
   * Set for keys the app-wide handler runs (outside text fields and dialogs); commands
   * that only list a key another handler owns (the triage shortcuts) leave it out.
   */
  matches?: (event: KeyboardEvent) => boolean
  /** Listed but not runnable now (shown dimmed). */
  disabled?: boolean
  /** Why it is disabled, already translated (shown beside it in the palette). */
  disabledReason?: string
  run: () => void
}

/** Produces a source's commands as they stand now. */
export type CommandProvider = () => Command[]

/** How the app-wide key handler treats a source's commands (see {@link registerCommands}). */
export interface CommandSourceOptions {
  /**
   * None of the source's commands is run by the app-wide key handler (none has `matches`; keys
   * it lists are another handler's, such as the triage shortcuts'): the handler then does not
   * build the source's commands on every key press. For sources with many commands or labels
   * to translate (one command per agenda: 200 in a firm's account), which would otherwise be
   * built for each `j` (bench B4, B13). Their commands' `matches` is ignored.
   */
  keyless?: boolean
}

interface Source {
  provide: CommandProvider
  keyless: boolean
}

const sources = new Map<string, Source>()

/**
 * Adds (or replaces) the commands of `source`; returns the function that removes them, to
 * return from the `$effect` or `onMount` of the component that registered them.
 */
export function registerCommands(
  source: string,
  provider: CommandProvider,
  options: CommandSourceOptions = {},
): () => void {
  const entry: Source = { provide: provider, keyless: options.keyless === true }
  sources.set(source, entry)
  return () => {
    if (sources.get(source) === entry) sources.delete(source)
  }
}

/** Every command registered now, in registration order of their sources. */
export function listCommands(): Command[] {
  return [...sources.values()].flatMap(({ provide, keyless }) =>
    keyless ? provide().map(({ matches: _ignored, ...command }) => command) : provide(),
  )
}

/** The enabled command that runs on `event` through the app-wide key handler, or null. */
export function commandForKey(event: KeyboardEvent): Command | null {
  for (const { provide, keyless } of sources.values()) {
    if (keyless) continue
    const found = provide().find((command) => !command.disabled && command.matches?.(event))
    if (found) return found
  }
  return null
}
