import { z } from 'zod'

/**
 * The service's agenda attribute rules (docs/service-interface.md, "Agendas" and "Limits"),
 * usable as you type in the renderer and again in main before anything is sent. No Node or Electron imports.
 *
 * | Attribute       | Rule                                                                      |
 * |-----------------|---------------------------------------------------------------------------|
 * | home_currency   | 3 uppercase characters, ISO 4217                                          |
 * | country         | ISO 3166-1 alpha-2; any case accepted, normalised to uppercase            |
 * | email_alias     | 5–32 characters; letters and digits, with . _ - between a leading and a   |
 * |                 | trailing letter or digit                                                  |
 * | external_id     | max 64 characters                                                         |
 * | email_whitelist | comma-separated list of valid e-mail addresses                            |
 * | client_id       | max 255 characters                                                        |
 *
 * Uniqueness (email_alias, external_id) only the service can check: it answers 422 with
 * `errors` keyed by field, which the form shows on the same fields.
 */

/** Every field of the agenda form; address fields are dotted, as in the service's `errors`. */
export const AGENDA_FIELDS = [
  'name',
  'address.street',
  'address.building_no',
  'address.city',
  'address.postal_code',
  'address.country',
  'company_id',
  'company_tax_id',
  'company_vat_id',
  'home_currency',
  'client_id',
  'email_alias',
  'email_whitelist',
  'external_id',
] as const
export type AgendaField = (typeof AGENDA_FIELDS)[number]

/** Lengths the service enforces (docs/service-interface.md, "Limits"). */
export const AGENDA_LIMITS = {
  emailAliasMin: 5,
  emailAliasMax: 32,
  externalIdMax: 64,
  clientIdMax: 255,
  /** Not a service rule; a sanity bound so a pasted book does not reach the service. */
  textMax: 255,
} as const

/**
 * Why a value breaks a rule. The renderer translates the code (with `params`); `message`
 * is the English text, for logs and for main's errors.
 */
export type AgendaRuleCode =
  | 'required'
  | 'too_short'
  | 'too_long'
  | 'alias_characters'
  | 'alias_edges'
  | 'currency_format'
  | 'currency_unknown'
  | 'country_format'
  | 'country_unknown'
  | 'email_invalid'
  | 'email_empty_entry'

export interface AgendaFieldProblem {
  code: AgendaRuleCode
  /** English, for people. */
  message: string
  /** Values for the translated message: `min`, `max`, `value` (e.g. the bad address). */
  params?: Record<string, string | number>
}

/**
 * ISO 3166-1 alpha-2 officially assigned codes (249; ISO 3166 Maintenance Agency list).
 * Data, not logic: update it when ISO assigns a code.
 */
export const ISO_3166_ALPHA2: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
    'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
    'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
    'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
    'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
    'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
    'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
)

/**
 * ISO 4217 currency codes in use (List One, including the X-codes for funds, precious metals
 * and testing). Data, not logic: update it when ISO adds a code.
 */
export const ISO_4217_CODES: ReadonlySet<string> = new Set(
  (
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP ' +
    'BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB ' +
    'EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD ' +
    'JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU ' +
    'MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD ' +
    'RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY ' +
    'TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD ' +
    'XCG XDR XOF XPD XPF XPT XSU XTS XUA XXX YER ZAR ZMW ZWG ZWL'
  ).split(' '),
)

const ALIAS_CHARACTERS = /^[A-Za-z0-9._-]*$/
const ALNUM = /^[A-Za-z0-9]$/
const emailSchema = z.email()

/** Splits an e-mail whitelist on commas, trimming each address; '' and blanks -> []. */
export function splitWhitelist(value: string): string[] {
  if (value.trim() === '') return []
  return value.split(',').map((part) => part.trim())
}

function tooLong(max: number): AgendaFieldProblem {
  return { code: 'too_long', message: `At most ${max} characters.`, params: { max } }
}

/**
 * Normalises a typed value the way the service stores it: trims surrounding spaces, and
 * upper-cases `address.country` (the service accepts either case and stores uppercase).
 * The whitelist is re-joined as `a@x.cz, b@y.cz`.
 */
export function normaliseAgendaField(field: AgendaField, value: string): string {
  const trimmed = value.trim()
  if (field === 'address.country') return trimmed.toUpperCase()
  if (field === 'email_whitelist') return splitWhitelist(trimmed).join(', ')
  return trimmed
}

/**
 * Checks one field's value against the service's rule, as the user types. Returns the first
 * problem, or null when the value is acceptable. An empty optional field is acceptable
 * (it is left out of the request); `name` is required only when `required` says so
 * (creation), because an update sends only what changed.
 */
export function checkAgendaField(
  field: AgendaField,
  rawValue: string | null | undefined,
  options: { required?: boolean } = {},
): AgendaFieldProblem | null {
  const value = (rawValue ?? '').trim()
  if (value === '') {
    if (field === 'name' && options.required !== false) {
      return { code: 'required', message: 'Required.' }
    }
    return null
  }
  switch (field) {
    case 'email_alias': {
      const { emailAliasMin: min, emailAliasMax: max } = AGENDA_LIMITS
      if (!ALIAS_CHARACTERS.test(value)) {
        return { code: 'alias_characters', message: 'Only letters, digits and . _ - are allowed.' }
      }
      if (!ALNUM.test(value[0]!) || !ALNUM.test(value[value.length - 1]!)) {
        return { code: 'alias_edges', message: 'Must start and end with a letter or digit.' }
      }
      if (value.length < min) {
        return { code: 'too_short', message: `At least ${min} characters.`, params: { min } }
      }
      if (value.length > max) return tooLong(max)
      return null
    }
    case 'external_id':
      return value.length > AGENDA_LIMITS.externalIdMax ? tooLong(AGENDA_LIMITS.externalIdMax) : null
    case 'client_id':
      return value.length > AGENDA_LIMITS.clientIdMax ? tooLong(AGENDA_LIMITS.clientIdMax) : null
    case 'home_currency':
      if (!/^[A-Z]{3}$/.test(value)) {
        return { code: 'currency_format', message: 'Three uppercase letters, e.g. EUR.' }
      }
      if (!ISO_4217_CODES.has(value)) {
        return { code: 'currency_unknown', message: `${value} is not an ISO 4217 currency code.`, params: { value } }
      }
      return null
    case 'address.country': {
      if (!/^[A-Za-z]{2}$/.test(value)) {
        return { code: 'country_format', message: 'Two letters (ISO 3166-1 alpha-2), e.g. CZ.' }
      }
      const upper = value.toUpperCase()
      if (!ISO_3166_ALPHA2.has(upper)) {
        return {
          code: 'country_unknown',
          message: `${upper} is not an ISO 3166-1 country code.`,
          params: { value: upper },
        }
      }
      return null
    }
    case 'email_whitelist': {
      for (const address of splitWhitelist(value)) {
        if (address === '') return { code: 'email_empty_entry', message: 'An address is missing between commas.' }
        if (!emailSchema.safeParse(address).success) {
          return {
            code: 'email_invalid',
            message: `${address} is not a valid e-mail address.`,
            params: { value: address },
          }
        }
      }
      return null
    }
    default:
      return value.length > AGENDA_LIMITS.textMax ? tooLong(AGENDA_LIMITS.textMax) : null
  }
}

/** The flat form values: one string per {@link AgendaField} (missing = empty). */
export type AgendaFormValues = Partial<Record<AgendaField, string | null>>

/** Problems keyed by field; a field without a problem is absent. */
export type AgendaFormProblems = Partial<Record<AgendaField, AgendaFieldProblem>>

/**
 * Checks every field of a form. `mode: 'create'` requires `name`; `mode: 'update'` checks
 * only the fields present in `values`.
 */
export function checkAgendaForm(values: AgendaFormValues, mode: 'create' | 'update'): AgendaFormProblems {
  const problems: AgendaFormProblems = {}
  for (const field of AGENDA_FIELDS) {
    if (mode === 'update' && !(field in values)) continue
    const problem = checkAgendaField(field, values[field], { required: mode === 'create' })
    if (problem) problems[field] = problem
  }
  return problems
}

/** The agenda attributes the service accepts (the body of POST /api/v1_2/agendas). */
export interface AgendaRequestAttributes {
  name?: string
  address?: {
    street?: string | null
    building_no?: string | null
    city?: string | null
    postal_code?: string | null
    country?: string
  }
  company_id?: string | null
  company_tax_id?: string | null
  company_vat_id?: string | null
  home_currency?: string
  client_id?: string
  email_alias?: string
  email_whitelist?: string
  external_id?: string | null
}

/**
 * Turns form values into request attributes: normalised, empty optional fields left out
 * on create; on update, a field present but emptied is sent as null where the service allows
 * null (street, building_no, city, postal_code, company ids, external_id) and as '' for the
 * whitelist, so the user can clear it. Does not check rules (see {@link checkAgendaForm}).
 */
export function toAgendaRequest(values: AgendaFormValues, mode: 'create' | 'update'): AgendaRequestAttributes {
  const out: Record<string, unknown> = {}
  const address: Record<string, unknown> = {}
  const nullable = new Set<AgendaField>([
    'address.street',
    'address.building_no',
    'address.city',
    'address.postal_code',
    'company_id',
    'company_tax_id',
    'company_vat_id',
    'external_id',
  ])
  for (const field of AGENDA_FIELDS) {
    if (!(field in values)) continue
    const value = normaliseAgendaField(field, values[field] ?? '')
    let sent: unknown
    if (value !== '') sent = value
    else if (mode === 'update' && nullable.has(field)) sent = null
    else if (mode === 'update' && field === 'email_whitelist') sent = ''
    else continue
    if (field.startsWith('address.')) address[field.slice('address.'.length)] = sent
    else out[field] = sent
  }
  if (Object.keys(address).length > 0) out.address = address
  return out as AgendaRequestAttributes
}

function refineField(field: AgendaField, required: boolean) {
  return (value: string | null | undefined, ctx: z.RefinementCtx) => {
    const problem = checkAgendaField(field, value, { required })
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, params: { rule: problem.code } })
  }
}

const optionalText = (field: AgendaField) => z.string().nullish().superRefine(refineField(field, false))

function attributesSchema() {
  return z.object({
    name: z.string().superRefine(refineField('name', true)).optional(),
    address: z
      .object({
        street: optionalText('address.street'),
        building_no: optionalText('address.building_no'),
        city: optionalText('address.city'),
        postal_code: optionalText('address.postal_code'),
        country: z
          .string()
          .superRefine(refineField('address.country', false))
          .transform((v) => v.trim().toUpperCase())
          .optional(),
      })
      .optional(),
    company_id: optionalText('company_id'),
    company_tax_id: optionalText('company_tax_id'),
    company_vat_id: optionalText('company_vat_id'),
    home_currency: z.string().superRefine(refineField('home_currency', false)).optional(),
    client_id: z.string().superRefine(refineField('client_id', false)).optional(),
    email_alias: z.string().superRefine(refineField('email_alias', false)).optional(),
    email_whitelist: z.string().superRefine(refineField('email_whitelist', false)).optional(),
    external_id: optionalText('external_id'),
  })
}

/**
 * zod schema of the attributes of a new agenda (name required), enforcing every rule of
 * the service; `address.country` comes out uppercase. Issue paths match the service's field
 * names (`email_alias`, `address.country`).
 */
export const agendaCreateRulesSchema = attributesSchema().extend({
  name: z.string().superRefine(refineField('name', true)),
})
/** zod schema of an agenda update: any subset of the attributes, same rules. */
export const agendaUpdateRulesSchema = attributesSchema()
export type AgendaCreateInput = z.output<typeof agendaCreateRulesSchema>
export type AgendaUpdateInput = z.output<typeof agendaUpdateRulesSchema>

/**
 * Flattens the service's 422 `errors` (`{ email_alias: ['taken'], address: { country: [...] } }`)
 * to dotted field paths (`{ 'email_alias': [...], 'address.country': [...] }`) so each
 * message lands on its form field. Values that are neither arrays nor objects become one
 * message; anything else is ignored.
 */
export function flattenFieldErrors(errors: unknown, prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return out
  for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (Array.isArray(value)) out[path] = value.map((v) => String(v))
    else if (typeof value === 'string') out[path] = [value]
    else if (typeof value === 'object' && value !== null) Object.assign(out, flattenFieldErrors(value, path))
  }
  return out
}
