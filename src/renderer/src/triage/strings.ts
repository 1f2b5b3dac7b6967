import { hasString, registerStrings, t } from '../lib/i18n'
import { triageStrings } from './stringTables'

/** Registered at import time; the tables live in stringTables.ts (plain data, unit-tested). */

registerStrings('triage', triageStrings)

/** A readable name of a document state (unknown states as they are). */
export function stateLabel(state: string): string {
  return hasString(`triage.state.${state}`) ? t(`triage.state.${state}`) : state
}
