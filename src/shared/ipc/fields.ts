import { z } from 'zod'

/** A service record id (document, agenda, webhook): a positive integer. */
export const recordIdSchema = z.number().int().positive()

/**
 * Field errors as the forms show them: `{ [dotted field]: string[] }`, e.g.
 * `{ 'address.country': ['is invalid'] }` (local rules, or the service's 422 `errors` flattened).
 */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()))

/** Shape of `details` on a `validation` error from the agenda and webhook channels. */
export const fieldErrorDetailsSchema = z.object({ fields: fieldErrorsSchema })
export type FieldErrorDetails = z.infer<typeof fieldErrorDetailsSchema>

/** The empty input of a channel that takes no arguments (extra keys refused). */
export const noInput = z.object({}).strict()
