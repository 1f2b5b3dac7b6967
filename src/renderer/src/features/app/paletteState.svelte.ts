/** Whether the command palette is open, and the text it opens with. */
export const paletteState = $state({ open: false, query: '' })

/** Opens the command palette (Ctrl/Cmd+K), optionally already filtered by `query`. */
export function openCommandPalette(query = ''): void {
  paletteState.query = query
  paletteState.open = true
}
