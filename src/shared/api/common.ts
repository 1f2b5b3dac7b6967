import { z } from 'zod'
import { redactHref } from './redact'

/**
 * Building blocks shared by the resource schemas (docs/service-interface.md, "Conventions").
 * Objects are `z.looseObject` so fields the service adds later are kept.
 */

/**
 * A number as the service documents it; a string holding a plain decimal ("12.50") is accepted and
 * converted, because some services send decimals as strings. Anything else fails.
 */
export const numeric = z.preprocess((v) => {
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v)
  return v
}, z.number())

/** An integer identifier (documents, agendas, users, tax lines, items); numeric strings accepted. */
export const integerId = z.preprocess((v) => {
  if (typeof v === 'string' && /^\s*\d+\s*$/.test(v)) return Number(v)
  return v
}, z.number().int())

/** Text the service documents as string but real services often send as null; may be missing. */
export const text = z.string().nullish()

/** An ISO 8601 UTC timestamp string (`created_at`, `last_modified_at`). */
export const timestamp = z.string()

/** An ISO 8601 date string (YYYY-MM-DD) or null (header dates). */
export const dateOrNull = z.string().nullish()

/** `{ href }`; an `access_token` query parameter is removed on parse so it is never stored. */
export const linkSchema = z.looseObject({
  href: z.string().transform(redactHref),
})
export type Link = z.infer<typeof linkSchema>

/** The `links` object of envelopes and resources: `self`, sometimes `back`. */
export const linksSchema = z.looseObject({
  self: linkSchema.optional(),
  back: linkSchema.optional(),
})
export type Links = z.infer<typeof linksSchema>
