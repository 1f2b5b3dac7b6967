/**
 * Settings of the triage workspace, kept in localStorage (a UI preference, not account data).
 * The settings screen (features/settings) may import and bind `triageSettings` directly.
 */
const KEY = 'docket.triage.openNextAfterAction'

function load(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'false'
  } catch {
    return true
  }
}

export const triageSettings = $state({
  /** After an action on the open document, open the next one (default on). */
  openNextAfterAction: load(),
})

/** Changes and persists `openNextAfterAction`. */
export function setOpenNextAfterAction(value: boolean): void {
  triageSettings.openNextAfterAction = value
  try {
    localStorage.setItem(KEY, String(value))
  } catch {
    /* storage unavailable: the setting lasts for this session */
  }
}
