import { z } from 'zod'

/**
 * Error body of the service (docs/service-interface.md, "Errors"): `{ message, errors? }`. `errors` (422) is keyed
 * by field; each value is an array of messages or a nested object keyed by sub-field.
 */
export type ValidationErrors = { [field: string]: string[] | ValidationErrors }

export const validationErrorsSchema: z.ZodType<ValidationErrors> = z.lazy(() =>
  z.record(z.string(), z.union([z.array(z.string()), validationErrorsSchema])),
)

export const errorBodySchema = z.looseObject({
  message: z.string(),
  errors: validationErrorsSchema.optional(),
})
export type ErrorBody = z.infer<typeof errorBodySchema>

/** Stable codes of an `ApiError` (see src/main/api/errors.ts). */
export const API_ERROR_CODES = [
  'network',
  'timeout',
  'unauthorized',
  'forbidden',
  'not_found',
  'validation',
  'bad_request',
  'conflict',
  'rate_limited',
  'server',
  'bad_response',
  'unknown_outcome',
] as const
export type ApiErrorCode = (typeof API_ERROR_CODES)[number]
