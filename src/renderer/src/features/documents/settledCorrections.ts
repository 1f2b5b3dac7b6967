/**
 * The note a person gets when the service's own data comes to say what they corrected: main
 * dropped those corrections (`documents.correctionsSettled`); one toast per document names the
 * document and the fields.
 */
import type { CorrectionsSettled } from '../../../../shared/ipc'
import { localeState, t } from '../../lib/i18n'
import { showToast } from '../../lib/toasts.svelte'
import { fieldLabel } from './correctionText'

/** Shows the note for each document named in `settled`; `nameOf` words a document ("Supplier · FV-1"). */
export function announceSettledCorrections(settled: CorrectionsSettled, nameOf: (documentId: number) => string): void {
  const byDocument = new Map<number, string[]>()
  for (const { documentId, field } of settled.settled) {
    byDocument.set(documentId, [...(byDocument.get(documentId) ?? []), field])
  }
  const words = { language: localeState.language, locale: localeState.locale }
  for (const [documentId, fields] of byDocument) {
    const names = fields.map((field) => fieldLabel(field, null, words)).join(', ')
    showToast(
      'info',
      `${nameOf(documentId)}: ${t('documents.correct.settled', { count: fields.length, fields: names })}`,
    )
  }
}
