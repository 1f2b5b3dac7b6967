import { referenceRate } from '../shared/checks/exchangeRate'
import { emptyExtractedData, emptyParty, roundMoney, type AgendaAddress, type ExtractedData, type Party } from './model'
import type { Fixture } from './fixtures'
import type { AgendaRecord, SandboxStore, UserRecord } from './store'

/** The demo OAuth client (public demo values, not secrets of any real service). */
export const DEMO_CLIENT = {
  clientId: 'docket-desktop',
  clientSecret: 'docket-sandbox-secret',
  redirectUri: 'http://127.0.0.1:53682/oauth/callback',
} as const

/** Demo users: 1 and 2 share account 1; 3 belongs to another account (for "same account only"). */
export const DEMO_USERS: UserRecord[] = [
  { id: 1, accountId: 1, email: 'demo@docket.test', password: 'demo-password-1', name: 'Dana', surname: 'Demo' },
  {
    id: 2,
    accountId: 1,
    email: 'colleague@docket.test',
    password: 'colleague-password-1',
    name: 'Colin',
    surname: 'Colleague',
  },
  {
    id: 3,
    accountId: 2,
    email: 'outsider@elsewhere.test',
    password: 'outsider-password-1',
    name: 'Olga',
    surname: 'Outsider',
  },
]

function address(street: string, city: string, postal: string, country: string): AgendaAddress {
  return { street, building_no: null, city, postal_code: postal, country }
}

/** The agenda's own company as a party of its invoices (customer of purchases, supplier of sales). */
export function company(a: AgendaRecord): Party {
  return {
    ...emptyParty(),
    name: a.name,
    id: a.company_id ?? '',
    tax_id: a.company_tax_id ?? '',
    vat_id: a.company_vat_id ?? '',
    street: a.address.street ?? '',
    city: a.address.city ?? '',
    postal_code: a.address.postal_code ?? '',
    country: a.address.country ?? '',
  }
}

function agenda(
  store: SandboxStore,
  id: number,
  ownerId: number,
  name: string,
  addr: AgendaAddress,
  currency: string,
  alias: string,
  ids: [string, string, string],
  members: Array<[number, 'admin' | 'user']> = [],
): AgendaRecord {
  return store.addAgenda(
    {
      accountId: 1,
      ownerId,
      members: new Map(members),
      name,
      address: addr,
      company_id: ids[0],
      company_tax_id: ids[1],
      company_vat_id: ids[2],
      home_currency: currency,
      email_alias: alias,
      email_whitelist: '',
      external_id: null,
      default_view_detail: 'summary',
      active_addons: [],
      client_id: null,
    },
    id,
  )
}

const DAY_MS = 86_400_000

/**
 * Fills the store with the demo data: users, agendas 1 to 4, webhook 1, every fixture as a
 * not_ready PurchaseInvoice in agenda 1 (ids in load order), two documents in each colleague
 * agenda, then `synthetic` generated documents in agenda 2 (faker is loaded only when asked),
 * then the `planted` invoices (a wrong value in their extracted data) in agenda 1: last, so the
 * ids of everything else stay as they were.
 */
export async function seedStore(
  store: SandboxStore,
  fixtures: Fixture[],
  synthetic: { count: number; seed: number },
  planted: Fixture[] = [],
): Promise<void> {
  for (const user of DEMO_USERS) store.addUser({ ...user })
  const a1 = agenda(store, 1, 1, 'Demo s.r.o.', address('Vinohradská 12', 'Praha', '120 00', 'CZ'), 'CZK', 'demo-sro', [
    '12345678',
    'CZ12345678',
    'CZ12345678',
  ])
  const a2 = agenda(
    store,
    2,
    1,
    'Demo Scale Ltd.',
    address('1 Scale Street', 'London', 'EC1A 1BB', 'GB'),
    'GBP',
    'demo-scale',
    ['09876543', 'GB987654321', 'GB987654321'],
  )
  const a3 = agenda(
    store,
    3,
    2,
    'Colleague Shared',
    address('Hlavná 5', 'Bratislava', '811 01', 'SK'),
    'EUR',
    'colleague-shared',
    ['44556677', 'SK2020123456', 'SK2020123456'],
    [[1, 'user']],
  )
  const a4 = agenda(
    store,
    4,
    2,
    'Colleague Private',
    address('Hauptstraße 7', 'Wien', '1010', 'AT'),
    'EUR',
    'colleague-private',
    ['11223344', 'ATU12345678', 'ATU12345678'],
  )
  store.webhooks.set(1, {
    id: 1,
    accountId: 1,
    url: 'https://hooks.docket.test/demo',
    authCredentials: null,
    settings: { events: ['document.updated'] },
    updatedAt: Date.UTC(2026, 0, 1),
  })

  const addFixture = (fixture: Fixture, index: number) => {
    const data: ExtractedData = structuredClone(fixture.data)
    // The customer printed on the invoice, never the agenda's company put in its place: the
    // counterparty check is there to say when an invoice is addressed to someone else.
    if (!data.customer.name) {
      data.customer = fixture.printedCustomer ? { ...emptyParty(), ...fixture.printedCustomer } : emptyParty()
    }
    data.header.currency_rate = rateFor(data, a1.home_currency)
    const issued = data.header.issue_date ? Date.parse(`${data.header.issue_date}T00:00:00Z`) : Date.UTC(2026, 0, 1)
    const createdAt = issued + DAY_MS + 9 * 3600_000 + index * 60_000
    store.addDocument({
      agendaId: a1.id,
      type: 'PurchaseInvoice',
      state: 'not_ready',
      createdAt,
      userFileName: `${fixture.name}.pdf`,
      data,
      files: { original: fixture.pdf, originalContentType: 'application/pdf', png: fixture.png },
    })
  }
  fixtures.forEach(addFixture)

  for (const [a, entries] of [
    [
      a3,
      [
        ['Office Supplies Kft.', 'OS-2026-101', 'Paper A4, 10 boxes', 10, 24.5, 23],
        ['Kaviareň Dobrá', 'KD-77', 'Coffee beans 1 kg', 4, 18.9, 20],
      ],
    ],
    [
      a4,
      [
        ['Private Audit GmbH', 'PA-2026-9', 'Audit fee', 1, 1500, 20],
        ['Wiener Strom', 'WS-4411', 'Electricity, October', 1, 212.4, 20],
      ],
    ],
  ] as const) {
    entries.forEach(([supplier, invoiceNo, itemName, quantity, unitPrice, rate], index) => {
      const data = simpleInvoice(supplier, invoiceNo, itemName, quantity, unitPrice, rate, a.home_currency)
      data.customer = company(a)
      const createdAt = Date.UTC(2026, 9, 1 + index, 10)
      store.addDocument({
        agendaId: a.id,
        type: 'PurchaseInvoice',
        state: index === 0 ? 'not_ready' : 'ready',
        createdAt,
        userFileName: `${invoiceNo}.pdf`,
        data,
        files: { original: null, originalContentType: 'application/pdf', png: null },
      })
    })
  }

  if (synthetic.count > 0) {
    const { generateSyntheticDocuments } = await import('./synthetic')
    for (const doc of generateSyntheticDocuments({
      count: synthetic.count,
      seed: synthetic.seed,
      company: company(a2),
      homeCurrency: a2.home_currency,
    })) {
      store.addDocument({
        agendaId: a2.id,
        type: doc.type,
        state: doc.state,
        createdAt: doc.createdAt,
        lastModifiedAt: doc.lastModifiedAt,
        userFileName: doc.userFileName,
        data: doc.data,
        files: { original: null, originalContentType: 'application/pdf', png: null },
      })
    }
  }

  planted.forEach((fixture, index) => addFixture(fixture, fixtures.length + index))
}

/**
 * The exchange rate a bookkeeper would book a document at: 1 in the agenda's home currency,
 * else the ECB reference rate of the issue date (units of `home` per unit of the document's
 * currency, 4 decimals), as the app's exchange-rate check compares it. A currency the ECB
 * table does not know keeps the rate the document has.
 */
export function rateFor(data: ExtractedData, home: string): string {
  const currency = data.header.currency.toUpperCase()
  if (!currency || currency === home.toUpperCase()) return '1.0'
  const date = data.header.issue_date
  const rate = date ? referenceRate(currency, home, date) : null
  return rate === null ? data.header.currency_rate : String(Math.round(rate * 10_000) / 10_000)
}

function simpleInvoice(
  supplier: string,
  invoiceNo: string,
  itemName: string,
  quantity: number,
  unitPrice: number,
  rate: number,
  currency: string,
): ExtractedData {
  const data = emptyExtractedData()
  const subtotal = roundMoney(quantity * unitPrice)
  const tax = roundMoney((subtotal * rate) / 100)
  const total = roundMoney(subtotal + tax)
  data.header.invoice_no = invoiceNo
  data.header.currency = currency
  data.header.issue_date = '2026-09-30'
  data.header.tax_date = '2026-09-30'
  data.header.due_date = '2026-10-14'
  data.supplier.name = supplier
  data.items.push({
    code: '',
    name: itemName,
    quantity,
    unit: 'pcs',
    unit_price: unitPrice,
    tax_rate: rate,
    subtotal,
    tax,
    total,
    discount_rate: 0,
    discount: 0,
  })
  data.tax_lines.push({ percent: rate, sub_total: subtotal, vat_total: tax, total, paid_deposits: 0 })
  Object.assign(data.summary, { sub_total: subtotal, vat_total: tax, total, payment_amount: total })
  return data
}
