import { company } from './seed'
import type { SandboxStore } from './store'

/** What `--agendas N --documents-per-agenda M` adds to the seed data. */
export interface ScaleAgendas {
  /** Agendas added, owned by the demo user (ids 5, 6, ...). */
  agendas: number
  /** Generated documents in each of them. */
  documentsPerAgenda: number
  /** The sandbox's seed: the same seed gives the same agendas and documents. */
  seed: number
}

/** The demo user who owns the added agendas. */
const OWNER_ID = 1
/** States the app lets leave its cache once untouched for its retention period (30 days). */
const EXPORTED_STATES: ReadonlySet<string> = new Set(['exported', 'auto_exported'])
const DAY_MS = 86_400_000
/** An added agenda's exported documents were exported within this many days before the sandbox started. */
const EXPORTED_WITHIN_DAYS = 14
const COUNTRIES = ['CZ', 'SK', 'DE', 'AT', 'GB', 'NL', 'FR', 'BE'] as const
const CURRENCY: Record<(typeof COUNTRIES)[number], string> = {
  CZ: 'CZK',
  SK: 'EUR',
  DE: 'EUR',
  AT: 'EUR',
  GB: 'GBP',
  NL: 'EUR',
  FR: 'EUR',
  BE: 'EUR',
}

/**
 * Adds `agendas` agendas owned by the demo user, as an accounting firm has one per client
 * ("Client 0001 Ltd.", ids from 5 on, aliases `client-0001`, ...), each with
 * `documentsPerAgenda` generated invoices (`synthetic.ts`, seeded with the sandbox's seed and
 * the agenda's number, so every agenda differs and every run with the same seed is the same).
 * Their exported documents were exported in the last {@link EXPORTED_WITHIN_DAYS} days before
 * the store's clock (the generator dates documents in 2025-2026, and the app drops exported
 * documents untouched for 30 days from its cache): so the app keeps every one of them, and
 * `--agendas N --documents-per-agenda M` lists exactly N x M documents in the added agendas.
 * Faker is loaded only when documents are asked for.
 */
export async function seedScaleAgendas(store: SandboxStore, options: ScaleAgendas): Promise<void> {
  const count = Math.max(0, Math.floor(options.agendas))
  const perAgenda = Math.max(0, Math.floor(options.documentsPerAgenda))
  const synthetic = perAgenda > 0 ? await import('./synthetic') : null
  const faker = synthetic?.newFaker()
  const firstId = Math.max(4, ...store.agendas.keys()) + 1
  for (let n = 1; n <= count; n++) {
    const number = String(n).padStart(4, '0')
    const country = COUNTRIES[n % COUNTRIES.length]!
    const agenda = store.addAgenda(
      {
        accountId: 1,
        ownerId: OWNER_ID,
        members: new Map(),
        name: `Client ${number} Ltd.`,
        address: { street: `${n} Client Street`, building_no: null, city: 'Brno', postal_code: '602 00', country },
        company_id: `7${number}000`,
        company_tax_id: `${country}7${number}000`,
        company_vat_id: `${country}7${number}000`,
        home_currency: CURRENCY[country],
        email_alias: `client-${number}`,
        email_whitelist: '',
        external_id: `client-${number}`,
        default_view_detail: 'summary',
        active_addons: [],
        client_id: null,
      },
      firstId + n - 1,
    )
    if (!synthetic || !faker) continue
    const seed = options.seed * 100_003 + n
    for (const doc of synthetic.generateSyntheticDocuments(
      { count: perAgenda, seed, company: company(agenda), homeCurrency: agenda.home_currency },
      faker,
    )) {
      store.addDocument({
        agendaId: agenda.id,
        type: doc.type,
        state: doc.state,
        createdAt: doc.createdAt,
        lastModifiedAt: EXPORTED_STATES.has(doc.state) ? recentlyExported(store.time(), doc) : doc.lastModifiedAt,
        userFileName: doc.userFileName,
        data: doc.data,
        files: { original: null, originalContentType: 'application/pdf', png: null },
      })
    }
  }
}

/**
 * When an added agenda's exported document was last modified (ms): within
 * {@link EXPORTED_WITHIN_DAYS} days before `now`, spread by the document's own time of day (so
 * the same seed gives the same spread), never before it was created.
 */
function recentlyExported(now: number, doc: { createdAt: number; lastModifiedAt: number }): number {
  const ago = doc.lastModifiedAt % (EXPORTED_WITHIN_DAYS * DAY_MS)
  return Math.max(doc.createdAt, now - ago)
}
