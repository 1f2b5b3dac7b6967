/**
 * Settings of the triage workspace, read from the preferences (features/preferences: kept by
 * main, changed live from the settings dialog or the action bar's switch).
 */
import { preferences, setPreferences } from '../preferences'

export const triageSettings = {
  /** After an action on the open document, open the next one (default on). */
  get openNextAfterAction(): boolean {
    return preferences.current.openNextAfterAction
  },
}

/** Changes *open next after an action* (a preference: every window follows). */
export function setOpenNextAfterAction(value: boolean): void {
  void setPreferences({ openNextAfterAction: value })
}
