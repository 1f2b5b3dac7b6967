/**
 * An error of the folders, export and upload services a person can read and a program can
 * branch on. The router sends `code`, `message` and `details` to the renderer. Codes used:
 * `validation` (`details.fields`: `{ [dotted field]: string[] }`), `forbidden`, `offline`,
 * `not_found`, `io`.
 */
export class FolderError extends Error {
  override readonly name = 'FolderError'
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
  }
}
