/**
 * An error of the app services a person can read and a program can branch on. The router
 * sends `code`, `message` and `details` to the renderer (see `isExposedError` in router.ts).
 * Codes used: `not_found` (not in this device's cache), `too_late` (an undo after the action
 * was sent), `validation` (`details.fields`: `{ [dotted field]: string[] }`), `forbidden`,
 * `offline`, `unknown_outcome`, `bad_response`, `nothing_to_export`, `not_signed_in`,
 * `not_allowed` (an action the service refuses in the document's state; `details.ids`).
 */
export class AppError extends Error {
  override readonly name: string = 'AppError'
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
  }
}
