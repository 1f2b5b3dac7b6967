import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiAgenda } from './model'
import { startTestSandbox, type TestSandbox } from './testing'

let t: TestSandbox
beforeAll(async () => {
  t = await startTestSandbox({ documents: 3 })
})
afterAll(() => t.close())

const base = {
  name: 'New Folder s.r.o.',
  address: { street: 'Main 1', building_no: '1', city: 'Brno', postal_code: '60200', country: 'cz' },
  company_id: '87654321',
  company_tax_id: 'CZ87654321',
  company_vat_id: 'CZ87654321',
  home_currency: 'CZK',
  client_id: 'docket-desktop',
}

async function create(agendas: unknown[]) {
  return t.api('POST', '/api/v1_2/agendas', { body: { agendas } })
}

describe('GET /api/v1_2/agendas', () => {
  it('lists agendas where the caller is owner, admin or user, with links.self and the Agenda fields', async () => {
    const res = await t.api('GET', '/api/v1_2/agendas')
    expect(res.status).toBe(200)
    expect(res.body.links.self.href).toBe(`${t.url}/api/v1_2/agendas`)
    expect(res.body.agendas.map((a: ApiAgenda) => [a.id, a.name])).toEqual([
      [1, 'Demo s.r.o.'],
      [2, 'Demo Scale Ltd.'],
      [3, 'Colleague Shared'],
    ])
    const a = res.body.agendas[0]
    expect(a).toMatchObject({
      links: {
        self: { href: `${t.url}/api/v1_2/agendas/1` },
        owner: { id: 1, href: `${t.url}/api/v1_2/users/1`, type: 'users' },
      },
      address: { country: 'CZ' },
      home_currency: 'CZK',
      email_alias: 'demo-sro',
      default_view_detail: 'summary',
      active_addons: [],
    })
    expect(a).not.toHaveProperty('client_id')
    const colleague = await t.api('GET', '/api/v1_2/agendas', { token: await t.token(2) })
    expect(colleague.body.agendas.map((x: ApiAgenda) => x.id)).toEqual([3, 4])
  })
})

describe('GET /api/v1_2/agendas/:agenda_id', () => {
  it('200 with links back and self and agendas holding one Agenda (plain user may read)', async () => {
    const res = await t.api('GET', '/api/v1_2/agendas/3')
    expect(res.status).toBe(200)
    expect(res.body.links).toEqual({
      back: { href: `${t.url}/api/v1_2/agendas` },
      self: { href: `${t.url}/api/v1_2/agendas/3` },
    })
    expect(res.body.agendas).toHaveLength(1)
    expect(res.body.agendas[0].links.owner.id).toBe(2)
  })

  it('403 Not authorized to perform this action without rights; 404 Not found for an unknown id', async () => {
    const res = await t.api('GET', '/api/v1_2/agendas/4')
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: 'Not authorized to perform this action' })
    const unknown = await t.api('GET', '/api/v1_2/agendas/999')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ message: 'Not found' })
  })
})

describe('POST /api/v1_2/agendas', () => {
  it('201 with agendas holding ids in request order; country stored uppercase; default EUR; client_id not returned', async () => {
    const res = await create([
      { ...base, email_alias: 'new-folder', external_id: 'ext-1', email_whitelist: 'a@b.cz, c@d.com' },
      { name: 'Second', address: { country: 'de' } },
    ])
    expect(res.status).toBe(201)
    const [first, second] = res.body.agendas
    expect(second.id).toBe(first.id + 1)
    expect(first).toMatchObject({
      name: 'New Folder s.r.o.',
      address: { country: 'CZ', city: 'Brno' },
      home_currency: 'CZK',
      email_alias: 'new-folder',
      external_id: 'ext-1',
      email_whitelist: 'a@b.cz,c@d.com',
    })
    expect(second).toMatchObject({ name: 'Second', address: { country: 'DE' }, home_currency: 'EUR' })
    expect(second.email_alias.length).toBeGreaterThanOrEqual(5)
    expect(first).not.toHaveProperty('client_id')
    const state = t.sandbox.state().agendas.find((a) => a.id === first.id)!
    expect(state.client_id).toBe('docket-desktop')
    expect(state.links.owner.id).toBe(1)
    const listed = await t.api('GET', '/api/v1_2/agendas')
    expect(listed.body.agendas.map((a: ApiAgenda) => a.id)).toContain(first.id)
  })

  it.each([
    [
      'home_currency not 3 characters',
      { home_currency: 'EURO' },
      { home_currency: ['is the wrong length (should be 3 characters)'] },
    ],
    ['home_currency lowercase', { home_currency: 'eur' }, { home_currency: ['is not a valid ISO 4217 currency code'] }],
    ['home_currency unknown', { home_currency: 'XYZ' }, { home_currency: ['is not a valid ISO 4217 currency code'] }],
    [
      'country not ISO 3166-1 alpha-2',
      { address: { country: 'XX' } },
      { address: { country: ['is not a valid ISO 3166-1 alpha-2 country code'] } },
    ],
    [
      'country alpha-3',
      { address: { country: 'CZE' } },
      { address: { country: ['is not a valid ISO 3166-1 alpha-2 country code'] } },
    ],
    ['email_alias too short', { email_alias: 'abcd' }, { email_alias: ['is too short (minimum is 5 characters)'] }],
    [
      'email_alias too long',
      { email_alias: 'a'.repeat(33) },
      { email_alias: ['is too long (maximum is 32 characters)'] },
    ],
    ['email_alias leading dot', { email_alias: '.abcde' }, { email_alias: ['is invalid'] }],
    ['email_alias trailing dash', { email_alias: 'abcde-' }, { email_alias: ['is invalid'] }],
    ['email_alias with a space', { email_alias: 'ab cde' }, { email_alias: ['is invalid'] }],
    ['email_alias taken', { email_alias: 'demo-sro' }, { email_alias: ['has already been taken'] }],
    [
      'external_id too long',
      { external_id: 'x'.repeat(65) },
      { external_id: ['is too long (maximum is 64 characters)'] },
    ],
    [
      'email_whitelist invalid',
      { email_whitelist: 'ok@example.com,not-an-email' },
      { email_whitelist: ['contains an invalid e-mail address: not-an-email'] },
    ],
    ['client_id too long', { client_id: 'c'.repeat(256) }, { client_id: ['is too long (maximum is 255 characters)'] }],
    ['name missing', { name: '' }, { name: ["can't be blank"] }],
  ])('422 Validation Failed for %s; nothing is created', async (_name, patch, errors) => {
    const before = t.sandbox.state().agendas.length
    const res = await create([{ ...base, ...patch }])
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ message: 'Validation Failed', errors })
    expect(t.sandbox.state().agendas.length).toBe(before)
  })

  it('accepts the limits exactly: email_alias of 5 and 32 characters with . _ - inside, external_id of 64, client_id of 255', async () => {
    const res = await create([
      { ...base, email_alias: 'a.b_c', external_id: 'e'.repeat(64), client_id: 'c'.repeat(255) },
      { ...base, email_alias: `a${'-'.repeat(30)}z` },
    ])
    expect(res.status).toBe(201)
  })

  it('external_id must be unique in the account; the same alias twice in one request is taken', async () => {
    await create([{ ...base, email_alias: 'unique-one', external_id: 'dup-ext' }])
    const dup = await create([{ ...base, email_alias: 'unique-two', external_id: 'dup-ext' }])
    expect(dup.status).toBe(422)
    expect(dup.body.errors).toEqual({ external_id: ['has already been taken'] })
    const twice = await create([
      { ...base, email_alias: 'twice-alias' },
      { ...base, email_alias: 'twice-alias' },
    ])
    expect(twice.status).toBe(422)
    expect(twice.body.errors).toEqual({ email_alias: ['has already been taken'] })
  })

  it('422 without an agendas array; 403 for an account without any agenda (first agenda is made in the web interface)', async () => {
    const missing = await t.api('POST', '/api/v1_2/agendas', { body: {} })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ agendas: ['is missing'] })
    const outsider = await t.api('POST', '/api/v1_2/agendas', { token: await t.token(3), body: { agendas: [base] } })
    expect(outsider.status).toBe(403)
    expect(outsider.body.message).toBe('The first agenda must be created in the web interface')
  })
})

describe('PUT /api/v1_2/agendas/:agenda_id', () => {
  it('owner: 200 with links and the updated agenda; only attributes present are updated', async () => {
    const created = (await create([{ ...base, email_alias: 'to-update', external_id: 'upd' }])).body.agendas[0]
    const res = await t.api('PUT', `/api/v1_2/agendas/${created.id}`, {
      body: { agendas: [{ name: 'Renamed', address: { country: 'sk' } }] },
    })
    expect(res.status).toBe(200)
    expect(res.body.links.self.href).toBe(`${t.url}/api/v1_2/agendas/${created.id}`)
    expect(res.body.agendas[0]).toMatchObject({
      name: 'Renamed',
      address: { country: 'SK', city: 'Brno', street: 'Main 1' },
      home_currency: 'CZK',
      email_alias: 'to-update',
      external_id: 'upd',
    })
    // its own alias is not "taken" by itself
    const same = await t.api('PUT', `/api/v1_2/agendas/${created.id}`, {
      body: { agendas: [{ email_alias: 'to-update' }] },
    })
    expect(same.status).toBe(200)
  })

  it('422 with field errors for invalid attributes', async () => {
    const res = await t.api('PUT', '/api/v1_2/agendas/1', {
      body: { agendas: [{ home_currency: 'eu', email_alias: 'demo-scale' }] },
    })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
      message: 'Validation Failed',
      errors: {
        home_currency: ['is the wrong length (should be 3 characters)'],
        email_alias: ['has already been taken'],
      },
    })
  })

  it('403 for a plain user (agenda 3) and for no rights (agenda 4); 404 for an unknown agenda', async () => {
    for (const id of [3, 4]) {
      const res = await t.api('PUT', `/api/v1_2/agendas/${id}`, { body: { agendas: [{ name: 'Mine now' }] } })
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ message: 'Not authorized to perform this action' })
    }
    expect((await t.api('PUT', '/api/v1_2/agendas/999', { body: { agendas: [{ name: 'x' }] } })).status).toBe(404)
    expect(t.sandbox.state().agendas.find((a) => a.id === 3)!.name).toBe('Colleague Shared')
  })
})

describe('DELETE /api/v1_2/agendas/:agenda_id', () => {
  it('owner: 204 without body; the agenda and its documents are gone', async () => {
    const res = await t.api('DELETE', '/api/v1_2/agendas/2')
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    const state = t.sandbox.state()
    expect(state.agendas.some((a) => a.id === 2)).toBe(false)
    expect(state.documents.some((d) => d.agenda_id === 2)).toBe(false)
    expect((await t.api('GET', '/api/v1_2/agendas/2')).status).toBe(404)
  })

  it('403 for a non-owner', async () => {
    const res = await t.api('DELETE', '/api/v1_2/agendas/3')
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: 'Not authorized to perform this action' })
  })
})
