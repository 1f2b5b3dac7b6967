/**
 * The app shell's extension points. Features add entries here instead of editing App.svelte;
 * the shell renders them in `order`: entries ordered below {@link TOP_BAR_ORDER} go in the top
 * bar's menu (shell/ShellMenu.svelte, where each is also a command of the palette), so the
 * bar stays one row; the others (the account) sit in the bar itself, at its end.
 *
 * ```ts
 * // src/renderer/src/features/export/register.ts
 * import { registerToolbarExtension } from '../../shell/extensions'
 * import ExportButton from './ExportButton.svelte'
 * registerToolbarExtension({ id: 'export', order: 20, component: ExportButton })
 * ```
 * features/index.ts imports every `features/<name>/register.ts` once (App.svelte imports it).
 * A component gets no props: it reads the current agenda and selection from `shellContext`
 * (shell/context.svelte.ts), calls `refreshWorkspace()` after changing data, and owns its
 * dialogs. Its texts are keys of locales/en.ts and locales/cs.ts, shown with `t()` (lib/i18n).
 */
import type { Component } from 'svelte'

/** Entries with this `order` or higher are shown in the top bar itself, not in its menu. */
export const TOP_BAR_ORDER = 100

export interface ToolbarExtension {
  /** Unique, e.g. `upload`, `export`, `settings`. */
  id: string
  /** Lower comes first (triage items use 0-9); {@link TOP_BAR_ORDER} and up: in the bar itself. */
  order?: number
  /** Rendered in the menu or the bar (a button that opens its own dialog, a menu...). */
  component: Component
}

/** Toolbar entries, appended to by features at import time. */
export const toolbarExtensions: ToolbarExtension[] = []

/** Adds a toolbar entry (replacing one with the same id). */
export function registerToolbarExtension(extension: ToolbarExtension): void {
  const index = toolbarExtensions.findIndex((e) => e.id === extension.id)
  if (index >= 0) toolbarExtensions.splice(index, 1, extension)
  else toolbarExtensions.push(extension)
}

/** The settings dialog's sections, in page order (features/settings lists and scrolls them). */
export const SETTINGS_SECTIONS = ['preferences', 'offline', 'account', 'webhooks', 'desktop'] as const
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]

/**
 * A feature's part of the settings dialog, e.g. the account panel in `account`. The settings
 * feature renders every panel of a section, in `order`, without importing the features:
 * each registers its panels from its own `register.ts`.
 */
export interface SettingsPanel {
  /** Unique, e.g. `account`, `cache`. */
  id: string
  section: SettingsSection
  /** Lower comes first within the section. */
  order?: number
  /** May take `onleave`, which closes the settings dialog (signing out leaves it). */
  component: Component<{ onleave: () => void }> | Component
}

/** Settings panels, appended to by features at import time. */
export const settingsPanels: SettingsPanel[] = []

/** Adds a settings panel (replacing one with the same id). */
export function registerSettingsPanel(panel: SettingsPanel): void {
  const index = settingsPanels.findIndex((p) => p.id === panel.id)
  if (index >= 0) settingsPanels.splice(index, 1, panel)
  else settingsPanels.push(panel)
}

/** The panels of one section, in `order`. */
export function panelsOf(section: SettingsSection): SettingsPanel[] {
  return settingsPanels.filter((p) => p.section === section).sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
}
