import { documentProvenance } from '../../../shared/evidence/provenance'
import { AppError } from '../errors'
import type { HandlersFor } from '../router'
import type { EvidenceService, EvidenceWorkspace } from './service'

/** How long `documents.evidence` waits for a file's first reading before answering `pending` (ms). */
const WAIT_MS = 1500

/**
 * `documents.evidence`: the provenance of a cached document's extracted values. Opening a
 * document asks for it, so its original may be fetched (the same file the in-app view shows).
 * Errors: `not_found` for a document that is not cached.
 */
export function createEvidenceHandlers(deps: {
  getWorkspace(): Pick<EvidenceWorkspace, 'getDocument'>
  evidence: EvidenceService
}): HandlersFor<'documents.evidence'> {
  return {
    'documents.evidence': async ({ id }) => {
      const document = await deps.getWorkspace().getDocument(id)
      if (!document) throw new AppError('not_found', `Document ${id} is not in this device's cache.`)
      const state = await deps.evidence.evidenceOf(id, { fetch: true, waitMs: WAIT_MS })
      const evidence = state.evidence
      const fields = evidence ? documentProvenance(document, evidence) : []
      return {
        id,
        status: state.status,
        complete: state.complete,
        fields,
        pages: evidence?.pages ?? [],
        words: evidence?.words ?? [],
        source: evidence?.source ?? null,
        einvoice: evidence?.einvoice?.format ?? null,
        payments: evidence?.payments ?? [],
        unverified: fields.filter((field) => !['matches_einvoice', 'matches_qr', 'on_invoice'].includes(field.status))
          .length,
        ...(state.problem ? { problem: state.problem } : {}),
      }
    },
  }
}
