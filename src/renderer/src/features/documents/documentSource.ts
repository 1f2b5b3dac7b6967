import type { CheckResult } from '../../../../shared/checks/result'
import type { ActionCheck } from '../../../../shared/documents/allowedActions'
import type { CachedDocumentView, OpenedDocumentView, PreviewImageView } from '../../../../shared/ipc'
import type { CheckAnswer } from './checkAnswer'

/**
 * What the document pane reads and does: the screen that shows it (features/triage) passes
 * its own state, which has these members, so documents never imports the screen.
 */
export interface DocumentSource {
  /** The open document's id, or null when none is open. */
  readonly openId: number | null
  /** The open document once loaded (null while it loads or failed: see {@link documentError}). */
  readonly document: CachedDocumentView | null
  /** Why the open document failed to load, in the user's words; null otherwise. */
  readonly documentError: string | null
  readonly checks: CheckResult[]
  /** The next document (j), laid out ahead out of sight; null when unknown. */
  readonly upcoming: OpenedDocumentView | null
  /** The agenda of the open document, named beside its title in the All agendas queue; null otherwise. */
  readonly openAgendaName: string | null
  /** True while stepping with j / k: the preview decodes after the paint. */
  readonly stepping: boolean
  /** Whether an action may run on these documents, and why not (archived: read-only). */
  actionCheck(action: 'delete', ids: number[]): ActionCheck | { allowed: false; reason: 'noDocument' }
  /** The name the user knows a document by (its file name, or a fallback). */
  documentName(id: number): string
  open(id: number): Promise<void>
  /**
   * The preview image of a document as the last view answered it: the address, null when none
   * can be shown, undefined when the view did not say (the preview then asks for it itself).
   */
  previewOf(id: number | null): PreviewImageView | null | undefined
  answerCheck(answer: CheckAnswer): Promise<void>
  /** Keeps a correction of one field of the open document (a field path of shared/corrections). */
  correctField(field: string, value: string): Promise<void>
  /** Takes back the correction of one field of the open document. */
  withdrawCorrection(field: string): Promise<void>
}
