import { describe, expect, it } from 'vitest'
import {
  agendaCreateRulesSchema,
  agendaUpdateRulesSchema,
  checkAgendaField,
  checkAgendaForm,
  flattenFieldErrors,
  normaliseAgendaField,
  toAgendaRequest,
} from './agendaRules'

const code = (field: Parameters<typeof checkAgendaField>[0], value: string) =>
  checkAgendaField(field, value)?.code ?? null

describe('email_alias: 5 to 32 letters and digits, . _ - only between a leading and trailing letter or digit', () => {
  it('accepts aliases at both length bounds and with inner separators', () => {
    expect(code('email_alias', 'abcde')).toBeNull()
    expect(code('email_alias', 'a'.repeat(32))).toBeNull()
    expect(code('email_alias', 'acme.inv_2026-cz')).toBeNull()
    expect(code('email_alias', '12345')).toBeNull()
  })
  it('refuses 4 and 33 characters', () => {
    expect(code('email_alias', 'abcd')).toBe('too_short')
    expect(code('email_alias', 'a'.repeat(33))).toBe('too_long')
  })
  it('refuses a separator at the start or the end', () => {
    expect(code('email_alias', '.abcde')).toBe('alias_edges')
    expect(code('email_alias', 'abcde-')).toBe('alias_edges')
    expect(code('email_alias', '_abc_')).toBe('alias_edges')
  })
  it('refuses other characters (spaces, @, non-Latin letters)', () => {
    expect(code('email_alias', 'ab cde')).toBe('alias_characters')
    expect(code('email_alias', 'ab@cde')).toBe('alias_characters')
    expect(code('email_alias', 'účetní1')).toBe('alias_characters')
  })
})

describe('external_id and client_id lengths', () => {
  it('external_id: max 64', () => {
    expect(code('external_id', 'x'.repeat(64))).toBeNull()
    expect(code('external_id', 'x'.repeat(65))).toBe('too_long')
  })
  it('client_id: max 255', () => {
    expect(code('client_id', 'x'.repeat(255))).toBeNull()
    expect(checkAgendaField('client_id', 'x'.repeat(256))).toMatchObject({ code: 'too_long', params: { max: 255 } })
  })
})

describe('home_currency: 3 uppercase letters, ISO 4217', () => {
  it('accepts EUR, CZK, USD', () => {
    for (const c of ['EUR', 'CZK', 'USD']) expect(code('home_currency', c)).toBeNull()
  })
  it('refuses lowercase, wrong length and codes ISO does not assign', () => {
    expect(code('home_currency', 'eur')).toBe('currency_format')
    expect(code('home_currency', 'EURO')).toBe('currency_format')
    expect(code('home_currency', 'E1R')).toBe('currency_format')
    expect(code('home_currency', 'ABC')).toBe('currency_unknown')
  })
})

describe('country: ISO 3166-1 alpha-2, any case, stored uppercase', () => {
  it('accepts lowercase and normalises it to uppercase', () => {
    expect(code('address.country', 'cz')).toBeNull()
    expect(normaliseAgendaField('address.country', ' cz ')).toBe('CZ')
  })
  it('refuses three letters and unassigned codes', () => {
    expect(code('address.country', 'CZE')).toBe('country_format')
    expect(code('address.country', 'QQ')).toBe('country_unknown')
    expect(code('address.country', 'UK')).toBe('country_unknown')
  })
})

describe('email_whitelist: comma-separated valid addresses', () => {
  it('accepts one or several addresses, with spaces around commas, and empty', () => {
    expect(code('email_whitelist', 'a@example.com')).toBeNull()
    expect(code('email_whitelist', 'a@example.com, b.c@firma.cz')).toBeNull()
    expect(code('email_whitelist', '')).toBeNull()
  })
  it('names the invalid address', () => {
    expect(checkAgendaField('email_whitelist', 'a@example.com, nope')).toMatchObject({
      code: 'email_invalid',
      params: { value: 'nope' },
    })
  })
  it('refuses an empty entry between commas', () => {
    expect(code('email_whitelist', 'a@example.com,,b@example.com')).toBe('email_empty_entry')
  })
})

describe('the form as a whole', () => {
  it('requires a name on create but not on update', () => {
    expect(checkAgendaForm({}, 'create').name?.code).toBe('required')
    expect(checkAgendaForm({}, 'update')).toEqual({})
  })
  it('reports every broken field at once', () => {
    const problems = checkAgendaForm(
      { name: 'Acme', email_alias: 'ab', home_currency: 'eur', 'address.country': 'cze' },
      'create',
    )
    expect(Object.keys(problems).sort()).toEqual(['address.country', 'email_alias', 'home_currency'])
  })
  it('builds a create request without empty fields, country upper-cased', () => {
    expect(
      toAgendaRequest({ name: ' Acme ', 'address.country': 'cz', 'address.city': '', email_alias: '' }, 'create'),
    ).toEqual({
      name: 'Acme',
      address: { country: 'CZ' },
    })
  })
  it('sends null for a cleared nullable field on update', () => {
    expect(toAgendaRequest({ external_id: '', 'address.city': 'Brno' }, 'update')).toEqual({
      external_id: null,
      address: { city: 'Brno' },
    })
  })
})

describe('zod schemas', () => {
  it('parses a valid create body, upper-casing the country', () => {
    const parsed = agendaCreateRulesSchema.parse({ name: 'Acme', address: { country: 'sk' }, home_currency: 'EUR' })
    expect(parsed.address?.country).toBe('SK')
  })
  it('reports issues at the service field paths', () => {
    const result = agendaUpdateRulesSchema.safeParse({ email_alias: '-bad', address: { country: 'xx1' } })
    expect(result.success).toBe(false)
    const paths = result.error!.issues.map((i) => i.path.join('.')).sort()
    expect(paths).toEqual(['address.country', 'email_alias'])
  })
})

describe('flattenFieldErrors (the service 422 errors)', () => {
  it('turns nested objects into dotted paths', () => {
    expect(
      flattenFieldErrors({
        email_alias: ['has already been taken'],
        auth_credentials: { password: ['must include a digit'] },
      }),
    ).toEqual({ email_alias: ['has already been taken'], 'auth_credentials.password': ['must include a digit'] })
  })
  it('ignores what is not an object', () => {
    expect(flattenFieldErrors(null)).toEqual({})
    expect(flattenFieldErrors(['x'])).toEqual({})
  })
})
