/**
 * The correction editor open in the data pane, if any (at most one at a time), and the entry
 * point for filling it from elsewhere: clicking a value on the invoice (its text layer or OCR)
 * calls {@link fillCorrection} with the text clicked, which lands in the open editor as if typed.
 */

/** What an open editor offers: the field it corrects and how to put text into it. */
export interface OpenCorrectionEditor {
  /** The field path being corrected (src/shared/corrections). */
  field: string
  /** Replaces the typed text with `value` and focuses the editor. */
  fill(value: string): void
}

const state = $state<{ open: OpenCorrectionEditor | null }>({ open: null })

/** The editor open now, or null. */
export function openCorrectionEditor(): OpenCorrectionEditor | null {
  return state.open
}

/** Called by an editor as it opens; returns what to call as it closes. */
export function registerCorrectionEditor(editor: OpenCorrectionEditor): () => void {
  state.open = editor
  return () => {
    if (state.open === editor) state.open = null
  }
}

/**
 * Fills the open correction editor with `value` (a string read off the invoice), focusing it
 * so Enter saves it. Returns false when no editor is open (the caller may then open one for
 * the field it knows, or ignore the click).
 */
export function fillCorrection(value: string): boolean {
  if (!state.open) return false
  state.open.fill(value)
  return true
}
