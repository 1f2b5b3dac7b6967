/**
 * The app shell's extension points. Features add entries here instead of editing App.svelte;
 * the shell renders them in its toolbar, in `order`.
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

export interface ToolbarExtension {
  /** Unique, e.g. `upload`, `export`, `settings`. */
  id: string
  /** Lower comes first (triage items use 0-9). */
  order?: number
  /** Rendered inside the toolbar's menu area (a button that opens its own dialog, a menu...). */
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
