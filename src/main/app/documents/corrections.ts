import type { CheckResult } from '../../../shared/checks/result'
import {
  fieldValueOf,
  kindOf,
  normalizeFieldValue,
  parseFieldPath,
  sameFieldValue,
  type FieldRef,
} from '../../../shared/corrections'
import type { CachedDocument } from '../../offline'
import { AppError } from '../errors'
import type { HandlersFor } from '../router'
import { requireCachedDocument } from './cached'
import type { DocumentsPort } from './handlers'

/** What the correction handlers share with the other document handlers. */
export interface CorrectionHandlerDeps {
  getWorkspace(): DocumentsPort
  /** The checks panel of a document as read now (its corrections applied). */
  checksOf(workspace: DocumentsPort, document: CachedDocument): Promise<CheckResult[]>
  /** The signed-in user's name, when known. */
  userName(): string | null
}

/** The service's value of a field now: the one a correction in force replaced, else the document's own. */
function serviceValueOf(document: CachedDocument, field: string, ref: FieldRef): string | null {
  const corrected = document.local.corrections?.find((correction) => correction.field === field)
  return corrected ? corrected.extracted : fieldValueOf(document, ref)
}

/**
 * `documents.correct`, `documents.withdrawCorrection` and `documents.corrections`: the
 * person's corrections of extracted fields, kept in the account's local store (the service
 * takes no corrected fields). A correction answers the document as Docket now reads it (the
 * corrected values in place) and its checks run on that.
 *
 * Errors: `not_found` (not cached), `archived` (read-only), `invalid_value` when the typed
 * value does not fit the field (`details.reason`: `not_amount`, `not_date`, `not_iban`,
 * `too_long`, ...), `invalid_input` for a tax line the document does not have.
 */
export function correctionHandlers(
  deps: CorrectionHandlerDeps,
): HandlersFor<'documents.correct' | 'documents.withdrawCorrection' | 'documents.corrections'> {
  const { getWorkspace, checksOf, userName } = deps

  async function answer(workspace: DocumentsPort, id: number) {
    const document = await requireCachedDocument(workspace, id)
    return { document, checks: await checksOf(workspace, document) }
  }

  return {
    'documents.correct': async ({ id, field, value }) => {
      const workspace = getWorkspace()
      const document = await requireCachedDocument(workspace, id)
      if (document.local.archived)
        throw new AppError('archived', 'This document is archived: archived documents are read-only.')
      const ref = parseFieldPath(field)!
      if (ref.section === 'tax_lines' && !document.tax_lines?.[ref.index])
        throw new AppError('invalid_input', `Document ${id} has no tax line ${ref.index + 1}.`)
      const kind = kindOf(ref)
      const typed = normalizeFieldValue(kind, value)
      if (!typed.ok) throw new AppError('invalid_value', typed.error.message, { reason: typed.error.code, field })
      const extracted = serviceValueOf(document, field, ref)
      // Typing what the service already says leaves nothing to correct.
      if (sameFieldValue(kind, extracted, typed.value)) await workspace.withdrawCorrection(id, field, userName())
      else await workspace.correct({ documentId: id, field, value: typed.value, extracted, by: userName() })
      return answer(workspace, id)
    },

    'documents.withdrawCorrection': async ({ id, field }) => {
      const workspace = getWorkspace()
      await requireCachedDocument(workspace, id)
      await workspace.withdrawCorrection(id, field, userName())
      return answer(workspace, id)
    },

    'documents.corrections': async ({ id }) => {
      const workspace = getWorkspace()
      const document = await requireCachedDocument(workspace, id)
      return { corrections: document.local.corrections ?? [], events: await workspace.correctionEvents(id) }
    },
  }
}
