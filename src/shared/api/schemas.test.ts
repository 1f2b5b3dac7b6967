import { describe, expect, it } from 'vitest'
import {
  agendaSchema,
  commentSchema,
  documentListResponseSchema,
  documentSchema,
  errorBodySchema,
  redact,
  redactHref,
  tokenResponseSchema,
  userSchema,
} from './index'

const doc = {
  links: { self: { href: 'https://svc.example/api/v1_2/documents/7?access_token=SECRET123' } },
  id: 7,
  type: 'PurchaseInvoice',
  created_at: '2026-01-02T03:04:05Z',
  last_modified_at: '2026-01-02T03:04:05Z',
  state: 'ready',
  comments_count: 2,
  view_detail: 'summary',
  verificator_response: 'ok',
  parent_document_id: null,
  preview: '/previews/7.png',
  original: 'https://svc.example/files/7?expires=1&signature=abc',
  user_file_name: 'a.pdf',
  invoice_type: 0,
  bank_account: { bban: '123', bank_code: '0800', bic: null, iban: null },
  payment_options: {},
  data: {
    header: { invoice_no: 'F-1', issue_date: '2026-01-01', due_date: null, currency: 'EUR', currency_rate: '1.0' },
  },
  supplier: { name: 'ACME', country: 'DE', iban: null },
  customer: { name: 'Me' },
  summary: { total: '121.00', vat_total: 21, sub_total: 100 },
  tax_lines: [{ id: 1, percent: 21, sub_total: 100, vat_total: 21, total: 121, paid_deposits: 0 }],
  items: [],
  future_field: { kept: true },
}

describe('documentSchema', () => {
  it('parses a full document, keeps unknown fields, coerces decimal strings, strips access_token from self', () => {
    const d = documentSchema.parse(doc)
    expect(d.summary?.total).toBe(121)
    expect((d as Record<string, unknown>).future_field).toEqual({ kept: true })
    expect(d.links?.self?.href).toBe('https://svc.example/api/v1_2/documents/7')
    expect(d.data?.header?.due_date).toBeNull()
  })
  it('keeps an unknown state as a string', () => {
    expect(documentSchema.parse({ ...doc, state: 'teleporting' }).state).toBe('teleporting')
  })
  it('names the path of a mistyped field', () => {
    const r = documentListResponseSchema.safeParse({ documents: [doc, { ...doc, summary: { total: 'lots' } }] })
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]?.path).toEqual(['documents', 1, 'summary', 'total'])
  })
  it('rejects a missing id', () => {
    const { id: _id, ...rest } = doc
    expect(documentSchema.safeParse(rest).success).toBe(false)
  })
})

describe('other resources', () => {
  it('parses agenda, comment, user, token, error body', () => {
    expect(
      agendaSchema.parse({
        id: 1,
        name: 'Main',
        address: { country: 'DE' },
        company_id: null,
        home_currency: 'EUR',
        active_addons: [],
      }).name,
    ).toBe('Main')
    expect(
      commentSchema.parse({
        uuid: 'u-1',
        text: 'hi',
        author_id: 1,
        document_id: 7,
        state: 'created',
        created_at: 'x',
        last_modified_at: 'x',
      }).uuid,
    ).toBe('u-1')
    expect(userSchema.parse({ id: 3, email: 'a@b.c', name: 'A', surname: 'B' }).id).toBe(3)
    expect(tokenResponseSchema.parse({ access_token: 'a', expires_in: '7200', refresh_token: 'r' }).expires_in).toBe(
      7200,
    )
    const e = errorBodySchema.parse({
      message: 'Validation Failed',
      errors: { url: ['is missing'], auth_credentials: { password: ['must include at least one digit'] } },
    })
    expect(e.errors?.auth_credentials).toEqual({ password: ['must include at least one digit'] })
  })
})

describe('redact', () => {
  it('removes tokens, secrets and codes from text', () => {
    const line =
      'GET https://x/api?page=1&access_token=abc.def Authorization: Bearer eyJhbGciOi.x-y_z {"refresh_token":"rt-1","client_secret":"cs","code":"not_found"} client_secret=s3 ?code=authcode&state=st'
    const out = redact(line)
    for (const secret of ['abc.def', 'eyJhbGciOi', 'rt-1', '"cs"', 's3', 'authcode']) expect(out).not.toContain(secret)
    expect(out).toContain('page=1')
    expect(out).toContain('"code":"not_found"')
    expect(out).toContain('state=st')
  })
  it('redactHref drops the access_token parameter of relative and absolute hrefs', () => {
    expect(redactHref('/api/v1_2/documents?page=2&access_token=t')).toBe('/api/v1_2/documents?page=2')
    expect(redactHref('https://h/x')).toBe('https://h/x')
  })
})
