import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSandbox, type TestSandbox } from './testing'

/**
 * Published clients send every optional attribute, with null for the ones not set. The rule:
 * null for an optional attribute means the attribute is absent; only attributes whose value
 * may be null (company ids, external_id, address parts other than the country) take null as
 * their value.
 */

let t: TestSandbox
beforeAll(async () => {
  t = await startTestSandbox({ processingDelayMs: 20, prerenderPreviews: false })
})
afterAll(() => t.close())

describe('optional attributes sent as null are absent', () => {
  it('agenda create: the body a published client sends gets 201 (alias generated, EUR, empty whitelist)', async () => {
    // Exactly what the client sends: every optional field present, null where not set.
    const body = JSON.parse(
      '{"agendas":[{"id":null,"name":"Null Client GmbH","company_id":null,"company_tax_id":null,' +
        '"company_vat_id":null,"home_currency":"EUR","email_alias":null,"email_whitelist":null,' +
        '"address":{"street":"Example","building_no":"125","city":null,"postal_code":null,"country":"at"}}]}',
    ) as unknown
    const res = await t.api('POST', '/api/v1_2/agendas', { body })
    expect(res.status).toBe(201)
    const created = res.body.agendas[0]
    expect(created).toMatchObject({
      name: 'Null Client GmbH',
      company_id: null,
      company_tax_id: null,
      company_vat_id: null,
      home_currency: 'EUR',
      email_whitelist: '',
      external_id: null,
      address: { street: 'Example', building_no: '125', city: null, postal_code: null, country: 'AT' },
    })
    expect(created.email_alias).toMatch(/^null-client-gmbh-\d+$/)
    expect(created.id).toBeGreaterThan(4)
  })

  it('agenda create: name null is still a missing name (422)', async () => {
    const res = await t.api('POST', '/api/v1_2/agendas', { body: { agendas: [{ name: null, email_alias: null }] } })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ name: ["can't be blank"] })
  })

  it('agenda update: null keeps alias, whitelist, currency, name and country; clears the nullable ones', async () => {
    const set = await t.api('PUT', '/api/v1_2/agendas/1', {
      body: { agendas: [{ email_whitelist: 'a@b.cz', external_id: 'ext-null-1', company_id: '123' }] },
    })
    expect(set.status).toBe(200)
    const res = await t.api('PUT', '/api/v1_2/agendas/1', {
      body: {
        agendas: [
          {
            id: null,
            name: null,
            email_alias: null,
            email_whitelist: null,
            home_currency: null,
            client_id: null,
            external_id: null,
            company_id: null,
            address: { country: null, city: null },
          },
        ],
      },
    })
    expect(res.status).toBe(200)
    expect(res.body.agendas[0]).toMatchObject({
      name: 'Demo s.r.o.',
      email_alias: 'demo-sro',
      email_whitelist: 'a@b.cz',
      home_currency: 'CZK',
      external_id: null,
      company_id: null,
      address: { country: 'CZ', city: null, street: 'Vinohradská 12' },
    })
  })

  it('upload: type, file_split and content_type null take their defaults', async () => {
    const res = await t.api('POST', '/api/v1_2/documents', {
      body: {
        documents: [
          {
            type: null,
            agenda_id: 1,
            file_split: null,
            files: [
              { filename: 'scan.pdf', content_type: null, content: Buffer.from('%PDF-1.4\n').toString('base64') },
            ],
          },
        ],
      },
    })
    expect(res.status).toBe(201)
    expect(res.body.documents).toHaveLength(1)
    expect(res.body.documents[0].type).toBe('PurchaseInvoice')
    const original = await t.api('GET', `/api/v1_2/documents/${res.body.documents[0].id}/original_file`)
    expect(original.body.documents[0].original_content_type).toBe('application/pdf')
  })

  it('comment update: text null changes nothing (204); comment create with text null is 422', async () => {
    const created = await t.api('POST', '/api/v1_2/documents/1/comments', { body: { comment: { text: 'Keep me' } } })
    expect(created.status).toBe(201)
    const uuid = created.body.comment.uuid as string
    const res = await t.api('PUT', `/api/v1_2/documents/1/comments/${uuid}`, { body: { comment: { text: null } } })
    expect(res.status).toBe(204)
    const list = await t.api('GET', '/api/v1_2/documents/1/comments')
    expect(list.body.comments.find((c: { uuid: string }) => c.uuid === uuid).text).toBe('Keep me')
    const blank = await t.api('POST', '/api/v1_2/documents/1/comments', { body: { comment: { text: null } } })
    expect(blank.status).toBe(422)
  })
})
