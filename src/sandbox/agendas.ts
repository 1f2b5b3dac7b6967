import type { FastifyInstance, FastifyReply } from 'fastify'
import {
  addError,
  authenticate,
  isObject,
  NOT_AUTHORIZED,
  NOT_FOUND,
  positiveInt,
  sendMessage,
  sendValidation,
  type FieldErrors,
  type SandboxContext,
} from './context'
import { isCountryCode, isCurrencyCode } from './iso-codes'
import type { AgendaAddress } from './model'
import type { AgendaRecord, SandboxStore, UserRecord } from './store'

/** Attributes a create or update request may set (docs/service-interface.md, "Agendas"). */
export type AgendaPatch = Partial<
  Pick<
    AgendaRecord,
    | 'name'
    | 'company_id'
    | 'company_tax_id'
    | 'company_vat_id'
    | 'home_currency'
    | 'email_alias'
    | 'email_whitelist'
    | 'external_id'
    | 'client_id'
  >
> & { address?: Partial<AgendaAddress> }

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/
const EMAIL_ALIAS = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/
const ADDRESS_FIELDS = ['street', 'building_no', 'city', 'postal_code', 'country'] as const
/**
 * Attributes whose value may be null (the service returns them as "string or null"): null
 * sets them to null. For every other attribute, and for `address.country`, null means the
 * attribute is absent, as published clients send every optional attribute with null.
 */
const NULLABLE = new Set(['company_id', 'company_tax_id', 'company_vat_id', 'external_id'])
const NULLABLE_ADDRESS = new Set(['street', 'building_no', 'city', 'postal_code'])
export const FIRST_AGENDA_MESSAGE = 'The first agenda must be created in the web interface'

/**
 * Validates one agenda of a create (`creating`) or update request against the attribute rules
 * (home_currency ISO 4217, country ISO 3166-1 alpha-2 stored uppercase, email_alias 5-32
 * characters of the allowed form and unique, external_id max 64 and unique in the account,
 * email_whitelist valid addresses, client_id max 255). Adds messages to `errors` keyed by field
 * (`address` nested by sub-field) and returns the attributes to store. `taken` holds aliases
 * and external ids used by other agendas (and earlier agendas of the same request). An
 * attribute sent as null counts as absent unless its value may be null (see NULLABLE), so a
 * create that sends `email_alias: null` gets a generated alias and an update that sends
 * `home_currency: null` keeps the currency.
 */
export function validateAgenda(
  input: Record<string, unknown>,
  creating: boolean,
  taken: { aliases: Set<string>; externalIds: Set<string> },
  errors: FieldErrors,
): AgendaPatch {
  const patch: AgendaPatch = {}
  const has = (key: string) =>
    Object.prototype.hasOwnProperty.call(input, key) && (input[key] !== null || NULLABLE.has(key))

  if (has('name') || creating) {
    const name = input['name']
    if (typeof name !== 'string' || name.trim() === '') addError(errors, ['name'], "can't be blank")
    else if (name.length > 255) addError(errors, ['name'], 'is too long (maximum is 255 characters)')
    else patch.name = name.trim()
  }

  for (const key of ['company_id', 'company_tax_id', 'company_vat_id'] as const) {
    if (!has(key)) continue
    const value = input[key]
    if (value !== null && typeof value !== 'string') addError(errors, [key], 'must be a string')
    else patch[key] = value === '' ? null : (value as string | null)
  }

  if (has('address')) {
    const address = input['address']
    if (address !== null && !isObject(address)) addError(errors, ['address'], 'must be an object')
    else if (isObject(address)) {
      const a: Partial<AgendaAddress> = {}
      for (const key of ADDRESS_FIELDS) {
        if (!Object.prototype.hasOwnProperty.call(address, key)) continue
        const value = address[key]
        if (value === null && !NULLABLE_ADDRESS.has(key)) continue
        if (value !== null && typeof value !== 'string') {
          addError(errors, ['address', key], 'must be a string')
          continue
        }
        if (key === 'country' && typeof value === 'string') {
          if (!/^[A-Za-z]{2}$/.test(value) || !isCountryCode(value)) {
            addError(errors, ['address', 'country'], 'is not a valid ISO 3166-1 alpha-2 country code')
            continue
          }
          a.country = value.toUpperCase()
          continue
        }
        a[key] = value as string | null
      }
      patch.address = a
    }
  }

  if (has('home_currency')) {
    const value = input['home_currency']
    if (typeof value !== 'string') addError(errors, ['home_currency'], 'must be a string')
    else if (value.length !== 3) addError(errors, ['home_currency'], 'is the wrong length (should be 3 characters)')
    else if (!isCurrencyCode(value)) addError(errors, ['home_currency'], 'is not a valid ISO 4217 currency code')
    else patch.home_currency = value
  }

  if (has('email_alias')) {
    const value = input['email_alias']
    if (typeof value !== 'string' || value === '') addError(errors, ['email_alias'], "can't be blank")
    else {
      let ok = true
      if (value.length < 5) {
        addError(errors, ['email_alias'], 'is too short (minimum is 5 characters)')
        ok = false
      }
      if (value.length > 32) {
        addError(errors, ['email_alias'], 'is too long (maximum is 32 characters)')
        ok = false
      }
      if (!EMAIL_ALIAS.test(value)) {
        addError(errors, ['email_alias'], 'is invalid')
        ok = false
      }
      if (ok && taken.aliases.has(value.toLowerCase())) {
        addError(errors, ['email_alias'], 'has already been taken')
        ok = false
      }
      if (ok) {
        patch.email_alias = value
        taken.aliases.add(value.toLowerCase())
      }
    }
  }

  if (has('email_whitelist')) {
    const value = input['email_whitelist']
    if (typeof value !== 'string') addError(errors, ['email_whitelist'], 'must be a string')
    else {
      const parts = value.split(',').map((p) => p.trim())
      const nonEmpty = parts.filter((p) => p !== '')
      const bad = nonEmpty.filter((p) => !EMAIL.test(p))
      if (bad.length > 0) addError(errors, ['email_whitelist'], `contains an invalid e-mail address: ${bad.join(', ')}`)
      else patch.email_whitelist = nonEmpty.join(',')
    }
  }

  if (has('external_id')) {
    const value = input['external_id']
    if (value !== null && typeof value !== 'string') addError(errors, ['external_id'], 'must be a string')
    else if (typeof value === 'string' && value.length > 64) {
      addError(errors, ['external_id'], 'is too long (maximum is 64 characters)')
    } else if (typeof value === 'string' && value !== '' && taken.externalIds.has(value)) {
      addError(errors, ['external_id'], 'has already been taken')
    } else {
      patch.external_id = value === '' ? null : (value as string | null)
      if (typeof value === 'string' && value !== '') taken.externalIds.add(value)
    }
  }

  if (has('client_id')) {
    const value = input['client_id']
    if (typeof value !== 'string') addError(errors, ['client_id'], 'must be a string')
    else if (value.length > 255) addError(errors, ['client_id'], 'is too long (maximum is 255 characters)')
    else patch.client_id = value
  }
  return patch
}

function takenValues(
  store: SandboxStore,
  accountId: number,
  except?: number,
): { aliases: Set<string>; externalIds: Set<string> } {
  const aliases = new Set<string>()
  const externalIds = new Set<string>()
  for (const a of store.agendas.values()) {
    if (a.id === except) continue
    aliases.add(a.email_alias.toLowerCase())
    if (a.accountId === accountId && a.external_id) externalIds.add(a.external_id)
  }
  return { aliases, externalIds }
}

function uniqueAlias(store: SandboxStore, name: string): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 20) || 'agenda'
  const used = new Set([...store.agendas.values()].map((a) => a.email_alias.toLowerCase()))
  for (let n = 1; ; n++) {
    const alias = `${base}-${n}`.replace(/^-/, '')
    if (alias.length >= 5 && !used.has(alias)) return alias
  }
}

export function registerAgendas(app: FastifyInstance, ctx: SandboxContext): void {
  const { store, render } = ctx
  const listHref = () => `${ctx.baseUrl()}/api/v1_2/agendas`

  /** The agenda of `:agenda_id` the caller has rights on; sends 404/403 and returns null. */
  function agendaFor(user: UserRecord, rawId: unknown, reply: FastifyReply, ownerOnly: boolean): AgendaRecord | null {
    const id = positiveInt(rawId)
    const agenda = id !== null ? store.agendas.get(id) : undefined
    if (!agenda) {
      sendMessage(reply, 404, NOT_FOUND)
      return null
    }
    const role = store.roleOf(agenda, user.id)
    if (role === null || (ownerOnly && role !== 'owner')) {
      sendMessage(reply, 403, NOT_AUTHORIZED)
      return null
    }
    return agenda
  }

  app.get('/api/v1_2/agendas', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    return reply.send({
      links: { self: { href: listHref() } },
      agendas: store.agendasOf(user.id).map((a) => render.agenda(a)),
    })
  })

  app.get('/api/v1_2/agendas/:agenda_id', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const agenda = agendaFor(user, (request.params as Record<string, string>)['agenda_id'], reply, false)
    if (!agenda) return reply
    return reply.send({
      links: { back: { href: listHref() }, self: { href: render.agendaHref(agenda.id) } },
      agendas: [render.agenda(agenda)],
    })
  })

  app.post('/api/v1_2/agendas', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const body = isObject(request.body) ? request.body : {}
    const list = body['agendas']
    if (!Array.isArray(list) || list.length === 0) return sendValidation(reply, { agendas: ['is missing'] })
    if (![...store.agendas.values()].some((a) => a.accountId === user.accountId)) {
      return sendMessage(reply, 403, FIRST_AGENDA_MESSAGE)
    }
    const errors: FieldErrors = {}
    const taken = takenValues(store, user.accountId)
    const patches: AgendaPatch[] = []
    for (const entry of list) {
      if (!isObject(entry)) {
        addError(errors, ['agendas'], 'must be objects')
        continue
      }
      patches.push(validateAgenda(entry, true, taken, errors))
    }
    if (Object.keys(errors).length > 0) return sendValidation(reply, errors)
    const created = patches.map((patch) =>
      store.addAgenda({
        accountId: user.accountId,
        ownerId: user.id,
        members: new Map(),
        name: patch.name ?? '',
        address: {
          street: patch.address?.street ?? null,
          building_no: patch.address?.building_no ?? null,
          city: patch.address?.city ?? null,
          postal_code: patch.address?.postal_code ?? null,
          country: patch.address?.country ?? null,
        },
        company_id: patch.company_id ?? null,
        company_tax_id: patch.company_tax_id ?? null,
        company_vat_id: patch.company_vat_id ?? null,
        home_currency: patch.home_currency ?? 'EUR',
        email_alias: patch.email_alias ?? uniqueAlias(store, patch.name ?? 'agenda'),
        email_whitelist: patch.email_whitelist ?? '',
        external_id: patch.external_id ?? null,
        default_view_detail: 'summary',
        active_addons: [],
        client_id: patch.client_id ?? null,
      }),
    )
    return reply.code(201).send({ agendas: created.map((a) => render.agenda(a)) })
  })

  app.put('/api/v1_2/agendas/:agenda_id', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const agenda = agendaFor(user, (request.params as Record<string, string>)['agenda_id'], reply, true)
    if (!agenda) return reply
    const body = isObject(request.body) ? request.body : {}
    const input = Array.isArray(body['agendas']) ? body['agendas'][0] : body['agenda']
    if (!isObject(input)) return sendValidation(reply, { agendas: ['is missing'] })
    const errors: FieldErrors = {}
    const patch = validateAgenda(input, false, takenValues(store, agenda.accountId, agenda.id), errors)
    if (Object.keys(errors).length > 0) return sendValidation(reply, errors)
    const { address, ...rest } = patch
    Object.assign(agenda, rest)
    if (address) agenda.address = { ...agenda.address, ...address }
    return reply.send({
      links: { back: { href: listHref() }, self: { href: render.agendaHref(agenda.id) } },
      agendas: [render.agenda(agenda)],
    })
  })

  app.delete('/api/v1_2/agendas/:agenda_id', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const agenda = agendaFor(user, (request.params as Record<string, string>)['agenda_id'], reply, true)
    if (!agenda) return reply
    store.deleteAgenda(agenda.id)
    return reply.code(204).send()
  })
}
