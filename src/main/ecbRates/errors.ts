/**
 * Why an update of the reference rates failed, for a program to branch on:
 * - `offline`: no connection to the host (refused, reset, DNS);
 * - `timeout`: no answer, or no whole answer, in time;
 * - `bad_status`: an HTTP status other than 200 or 304 (`details.status`);
 * - `redirected`: a redirect to another host, or too many redirects;
 * - `too_large`: the body passed the size cap (`details.limitBytes`);
 * - `bad_format`: not the ECB's reference-rate XML (an HTML page, garbage, another document);
 * - `invalid_rates`: the ECB's format, but a day or a rate that cannot be right (a date that
 *   does not exist or lies in the future, a rate that is not a positive number, a rate a
 *   third or three times the last known one);
 * - `storage`: the rates were fetched but could not be written to the user-data folder.
 */
export type ReferenceRatesErrorCode =
  'offline' | 'timeout' | 'bad_status' | 'redirected' | 'too_large' | 'bad_format' | 'invalid_rates' | 'storage'

/** A failed update: a {@link ReferenceRatesErrorCode} and a sentence for people. */
export class ReferenceRatesError extends Error {
  override readonly name = 'ReferenceRatesError'

  constructor(
    readonly code: ReferenceRatesErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

/** True for a {@link ReferenceRatesError}. */
export function isReferenceRatesError(error: unknown): error is ReferenceRatesError {
  return error instanceof ReferenceRatesError
}
