import { z } from 'zod'
import { integerId, linkSchema, linksSchema, text } from './common'

/**
 * Agenda (Folder) schemas and the attribute rules of POST/PUT /api/v1_2/agendas
 * (docs/service-interface.md, "Agendas").
 * Unknown fields are kept.
 */

export const agendaAddressSchema = z.looseObject({
  street: text,
  building_no: text,
  city: text,
  postal_code: text,
  country: text,
})
export type AgendaAddress = z.infer<typeof agendaAddressSchema>

/** An agenda as the service returns it. */
export const agendaSchema = z.looseObject({
  links: z
    .looseObject({
      self: linkSchema.optional(),
      owner: z.looseObject({ id: integerId.optional(), href: z.string().optional(), type: text }).optional(),
    })
    .optional(),
  id: integerId,
  name: z.string(),
  address: agendaAddressSchema.nullish(),
  company_id: text,
  company_tax_id: text,
  company_vat_id: text,
  /** ISO 4217, 3 uppercase characters (default EUR). */
  home_currency: text,
  email_alias: text,
  email_whitelist: text,
  external_id: text,
  default_view_detail: text,
  active_addons: z.array(z.string()).nullish(),
})
export type Agenda = z.infer<typeof agendaSchema>

/** GET /api/v1_2/agendas and GET/PUT /api/v1_2/agendas/:id: `{ links, agendas: [...] }`. */
export const agendaListResponseSchema = z.looseObject({
  links: linksSchema.optional(),
  agendas: z.array(agendaSchema),
})
export type AgendaListResponse = z.infer<typeof agendaListResponseSchema>

/** POST /api/v1_2/agendas response: `{ agendas: [{ id }] }` in request order. */
export const createAgendasResponseSchema = z.looseObject({
  agendas: z.array(z.looseObject({ id: integerId })),
})

/** email_alias rule: 5-32 chars; letters/digits, with . _ - between a leading and trailing letter/digit. */
export const EMAIL_ALIAS_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{3,30})[A-Za-z0-9]$/

/**
 * Attributes of an agenda sent in create (all relevant) and update (only those present are
 * updated) requests, with the service's attribute rules. Country is ISO 3166-1 alpha-2, any case.
 */
export const agendaAttributesSchema = z.object({
  name: z.string().min(1),
  address: z
    .object({
      street: z.string().nullable().optional(),
      building_no: z.string().nullable().optional(),
      city: z.string().nullable().optional(),
      postal_code: z.string().nullable().optional(),
      country: z.string().regex(/^[A-Za-z]{2}$/, 'country must be an ISO 3166-1 alpha-2 code'),
    })
    .partial()
    .optional(),
  company_id: z.string().nullable().optional(),
  company_tax_id: z.string().nullable().optional(),
  company_vat_id: z.string().nullable().optional(),
  home_currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'home_currency must be 3 uppercase letters (ISO 4217)')
    .optional(),
  client_id: z.string().max(255).optional(),
  email_alias: z.string().regex(EMAIL_ALIAS_PATTERN, 'email_alias must be 5 to 32 letters, digits, . _ -').optional(),
  email_whitelist: z.string().optional(),
  external_id: z.string().max(64).nullable().optional(),
})
export type AgendaAttributes = z.infer<typeof agendaAttributesSchema>
/** Update: any subset of the attributes. */
export const agendaUpdateSchema = agendaAttributesSchema.partial()
export type AgendaUpdate = z.infer<typeof agendaUpdateSchema>
