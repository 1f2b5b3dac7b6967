import { tOptional } from '../../lib/i18n'

/**
 * A readable name of a document state (`documents.state.<state>`). The state comes from the
 * service, so one Docket does not know yet is shown as the service wrote it.
 */
export function stateLabel(state: string): string {
  return tOptional(`documents.state.${state}`) ?? state
}
