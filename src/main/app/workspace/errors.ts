/**
 * An error of the triage workspace a person can read and a program can branch on
 * (`not_found`, `too_late`, ...). The router sends `code` and `message` to the renderer.
 */
export class WorkspaceError extends Error {
  override readonly name = 'WorkspaceError'
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
  }
}
