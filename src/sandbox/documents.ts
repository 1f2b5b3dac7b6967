import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  addError,
  authenticate,
  bearerToken,
  isObject,
  NOT_AUTHORIZED,
  NOT_FOUND,
  positiveInt,
  queryList,
  sendMessage,
  sendValidation,
  type FieldErrors,
  type SandboxContext,
} from './context'
import { fixtureForFileName } from './fixtures'
import { sendHugePage, sendNewIdsPage } from './hostileListing'
import { emptyExtractedData, emptyParty, type DocumentType } from './model'
import type { DocumentRecord, UserRecord } from './store'

/** Documents per list page (docs/service-interface.md, "Limits"). */
export const PAGE_SIZE = 50
const COMMA = Buffer.from(',')
const END_OF_LIST = Buffer.from(']}')
const DOCUMENT_TYPES: DocumentType[] = ['PurchaseInvoice', 'SalesInvoice']
/** States the single and batch document updates accept. */
const SETTABLE_STATES = ['ready', 'exported'] as const
const INVALID_STATE = 'Invalid state name'
export const REPAIR_NOT_ALLOWED = 'Document can be repaired only in state ready or not_ready'

/**
 * Loads the document of `:document_id` the caller may see; sends 404 `Not found` (unknown id)
 * or 403 `Not authorized to perform this action` (no rights on its agenda) and returns null.
 */
export function documentFor(
  ctx: SandboxContext,
  user: UserRecord,
  rawId: unknown,
  reply: FastifyReply,
): DocumentRecord | null {
  const id = positiveInt(rawId)
  const doc = id !== null ? ctx.store.documents.get(id) : undefined
  if (!doc) {
    sendMessage(reply, 404, NOT_FOUND)
    return null
  }
  const agenda = ctx.store.agendas.get(doc.agendaId)
  if (!agenda || ctx.store.roleOf(agenda, user.id) === null) {
    sendMessage(reply, 403, NOT_AUTHORIZED)
    return null
  }
  return doc
}

/** `modified_since` as ms; accepts ISO 8601 with or without milliseconds and zone (UTC assumed). */
function parseTimestamp(value: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/.exec(
    value.trim(),
  )
  if (!match) return null
  const zone = match[3] ?? 'Z'
  const ms = Date.parse(`${match[1]}T${match[2] ?? '00:00:00'}${zone === 'Z' ? 'Z' : zone}`)
  return Number.isNaN(ms) ? null : ms
}

function listSelfHref(ctx: SandboxContext, request: FastifyRequest): string {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '')
  query.delete('access_token')
  query.set('access_token', bearerToken(request))
  return `${ctx.baseUrl()}/api/v1_2/documents?${query.toString()}`
}

/** Decodes standard or URL-safe base64 (`-` `_`, padding `=` or `,`); null when not base64. */
export function decodeBase64(value: string): Buffer | null {
  const compact = value.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/').replace(/,/g, '=')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) return null
  return Buffer.from(compact, 'base64')
}

function contentTypeFor(fileName: string): string {
  const ext = fileName.toLowerCase().split('.').pop() ?? ''
  return (
    {
      pdf: 'application/pdf',
      png: 'image/png',
      jpg: 'image/jpeg',
      jpeg: 'image/jpeg',
      tif: 'image/tiff',
      tiff: 'image/tiff',
      xml: 'application/xml',
      isdoc: 'application/xml',
    }[ext] ?? 'application/octet-stream'
  )
}

export function registerDocuments(app: FastifyInstance, ctx: SandboxContext): void {
  const { store, render } = ctx

  app.get('/api/v1_2/documents', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const q = request.query as Record<string, unknown>

    let agendaIds: Set<number>
    if (q['agenda_id'] !== undefined) {
      const agendaId = positiveInt(q['agenda_id'])
      const agenda = agendaId !== null ? store.agendas.get(agendaId) : undefined
      if (!agenda) return sendMessage(reply, 404, NOT_FOUND)
      if (store.roleOf(agenda, user.id) === null) return sendMessage(reply, 403, NOT_AUTHORIZED)
      agendaIds = new Set([agenda.id])
    } else {
      agendaIds = new Set(store.agendasOf(user.id).map((a) => a.id))
    }

    let page = 1
    if (q['page'] !== undefined && q['page'] !== '') {
      const p = positiveInt(q['page'])
      if (p === null) return sendMessage(reply, 400, 'Invalid page')
      page = p
    }
    const types = queryList(q, 'type')
    const typeSet = new Set(types && types.length > 0 ? types : ['PurchaseInvoice'])
    const idList = queryList(q, 'ids')
    let idSet: Set<number> | null = null
    if (idList) {
      idSet = new Set()
      for (const raw of idList) {
        const id = positiveInt(raw)
        if (id === null) return sendMessage(reply, 400, 'Invalid ids')
        idSet.add(id)
      }
    }
    const states = queryList(q, 'states')
    const stateSet = states && states.length > 0 ? new Set(states) : null
    let since: number | null = null
    if (typeof q['modified_since'] === 'string' && q['modified_since'] !== '') {
      since = parseTimestamp(q['modified_since'])
      if (since === null) return sendMessage(reply, 400, 'Invalid modified_since')
    }

    const sortedIds = idSet ? [...idSet].sort((a, b) => b - a) : null
    const key = JSON.stringify([
      [...agendaIds].sort((a, b) => a - b),
      [...typeSet].sort(),
      stateSet ? [...stateSet].sort() : null,
      since,
      sortedIds,
    ])
    const matching = store.matchingIds(key, () => {
      const out: number[] = []
      const candidates =
        sortedIds ??
        (agendaIds.size === 1 ? store.documentIdsOfAgenda([...agendaIds][0]!) : store.documentIdsDescending())
      for (const id of candidates) {
        const doc = store.documents.get(id)
        if (!doc || doc.archived || !agendaIds.has(doc.agendaId) || !typeSet.has(doc.type)) continue
        if (stateSet && !stateSet.has(doc.state)) continue
        if (since !== null && doc.lastModifiedAt < since) continue
        out.push(id)
      }
      return out
    })
    const fault = ctx.faults.listingFault(agendaIds.size === 1 ? [...agendaIds][0] : undefined)
    if (fault.hugePageBytes > 0) return sendHugePage(reply, fault.hugePageBytes, ctx.stats)
    if ((fault.endless === 'new-ids' || fault.endless === 'ascending') && matching.length > 0)
      return sendNewIdsPage(ctx, reply, matching[0]!, page, fault.endless === 'ascending')
    // `same-ids`: every page is page 1 (a listing of fewer than 50 still ends).
    const skip = fault.endless === 'same-ids' ? 0 : (page - 1) * PAGE_SIZE
    // The body is assembled from each document's JSON (rendered once per change): the same
    // JSON as `reply.send({ links, documents })` would serialise.
    const body: Buffer[] = [
      Buffer.from(`{"links":{"self":{"href":${JSON.stringify(listSelfHref(ctx, request))}}},"documents":[`),
    ]
    for (const [i, id] of matching.slice(skip, skip + PAGE_SIZE).entries()) {
      if (i > 0) body.push(COMMA)
      body.push(...render.documentJson(store.documents.get(id)!))
    }
    body.push(END_OF_LIST)
    return reply.type('application/json; charset=utf-8').send(Buffer.concat(body))
  })

  app.get('/api/v1_2/documents/:document_id', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const doc = documentFor(ctx, user, (request.params as Record<string, string>)['document_id'], reply)
    if (!doc) return reply
    const parts = [
      doc,
      ...[...store.documents.values()].filter((d) => d.parentId === doc.id).sort((a, b) => a.id - b.id),
    ]
    return reply.send({
      links: { self: { href: render.documentHref(doc.id) } },
      documents: parts.map((d) => render.document(d)),
    })
  })

  app.delete('/api/v1_2/documents/:document_id', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const doc = documentFor(ctx, user, (request.params as Record<string, string>)['document_id'], reply)
    if (!doc) return reply
    store.deleteDocument(doc.id)
    return reply.code(204).send()
  })

  app.patch('/api/v1_2/documents/:document_id', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const doc = documentFor(ctx, user, (request.params as Record<string, string>)['document_id'], reply)
    if (!doc) return reply
    const body = isObject(request.body) ? request.body : {}
    const wrapped = isObject(body['document']) ? body['document'] : {}
    const state = wrapped['state']
    if (typeof state !== 'string' || !(SETTABLE_STATES as readonly string[]).includes(state)) {
      return sendMessage(reply, 400, INVALID_STATE)
    }
    if (doc.state !== state) store.setState(doc, state as (typeof SETTABLE_STATES)[number])
    return reply.send({
      document: { id: doc.id, state: doc.state },
      message: `Document state was changed to ${doc.state}`,
    })
  })

  app.patch('/api/v1_2/documents', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const body = isObject(request.body) ? request.body : {}
    const list = body['documents']
    if (!Array.isArray(list) || list.length === 0) return sendValidation(reply, { documents: ['is missing'] })
    const entries: Array<{ id: number; state: string }> = []
    const errors: FieldErrors = {}
    for (const entry of list) {
      const id = isObject(entry) ? positiveInt(entry['id']) : null
      if (id === null) addError(errors, ['id'], 'is not a document id')
      const state = isObject(entry) ? entry['state'] : undefined
      if (typeof state !== 'string' || !(SETTABLE_STATES as readonly string[]).includes(state)) {
        return sendMessage(reply, 400, INVALID_STATE)
      }
      if (id !== null) entries.push({ id, state })
    }
    if (Object.keys(errors).length > 0) return sendValidation(reply, errors)
    const job = store.addBatchJob(user.id, entries)
    ctx.schedule(() => {
      for (const entry of job.entries) {
        const doc = store.documents.get(entry.id)
        const agenda = doc ? store.agendas.get(doc.agendaId) : undefined
        if (!doc || !agenda) entry.result = 'not_found'
        else if (store.roleOf(agenda, job.userId) === null) entry.result = 'forbidden'
        else {
          if (doc.state !== entry.state) store.setState(doc, entry.state as (typeof SETTABLE_STATES)[number])
          entry.result = 'applied'
        }
      }
      job.status = 'applied'
      job.appliedAt = store.time()
    }, ctx.timings.jobDelayMs)
    return reply.send({
      message: `${entries.length} document${entries.length === 1 ? ' was' : 's were'} enqueued for update`,
    })
  })

  app.post('/api/v1_2/documents/:document_id/repair', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const doc = documentFor(ctx, user, (request.params as Record<string, string>)['document_id'], reply)
    if (!doc) return reply
    if (doc.state !== 'ready' && doc.state !== 'not_ready') return sendMessage(reply, 422, REPAIR_NOT_ALLOWED)
    const body = isObject(request.body) ? request.body : {}
    const q = request.query as Record<string, unknown>
    const description =
      typeof body['repair_description'] === 'string'
        ? body['repair_description']
        : typeof q['repair_description'] === 'string'
          ? q['repair_description']
          : null
    store.setState(doc, 'repairing')
    const repair = { documentId: doc.id, description, requestedAt: store.time(), completedAt: null as number | null }
    store.repairs.push(repair)
    ctx.schedule(() => {
      const current = store.documents.get(doc.id)
      if (current && current.state === 'repairing') store.setState(current, 'ready')
      repair.completedAt = store.time()
    }, ctx.timings.repairDelayMs)
    return reply.send({ links: { self: { href: render.documentHref(doc.id) } }, documents: [render.document(doc)] })
  })

  app.put('/api/v1_2/documents/:document_id/archive', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const doc = documentFor(ctx, user, (request.params as Record<string, string>)['document_id'], reply)
    if (!doc) return reply
    if (!doc.archived) {
      doc.archived = true
      store.touch(doc)
    }
    return reply.send({ links: { self: { href: render.documentHref(doc.id) } }, documents: [render.document(doc)] })
  })

  app.post('/api/v1_2/documents', async (request, reply) => {
    const user = authenticate(ctx, request, reply)
    if (!user) return reply
    const body = isObject(request.body) ? request.body : {}
    const list = body['documents']
    if (!Array.isArray(list) || list.length === 0) return sendValidation(reply, { documents: ['is missing'] })

    interface PlannedFile {
      fileName: string
      contentType: string
      bytes: Buffer
    }
    const planned: Array<{ agendaId: number; type: DocumentType; split: boolean; files: PlannedFile[] }> = []
    const errors: FieldErrors = {}
    for (const entry of list) {
      if (!isObject(entry)) {
        addError(errors, ['documents'], 'must be objects')
        continue
      }
      const agendaId = positiveInt(entry['agenda_id'])
      if (entry['agenda_id'] === undefined || entry['agenda_id'] === null) addError(errors, ['agenda_id'], 'is missing')
      else if (agendaId === null) addError(errors, ['agenda_id'], 'must be an integer')
      const type = entry['type'] ?? 'PurchaseInvoice'
      if (typeof type !== 'string' || !DOCUMENT_TYPES.includes(type as DocumentType)) {
        addError(errors, ['type'], 'is not included in the list')
      }
      const files = entry['files']
      const plannedFiles: PlannedFile[] = []
      if (!Array.isArray(files) || files.length === 0) addError(errors, ['files'], 'is missing')
      else
        for (const file of files) {
          if (!isObject(file)) {
            addError(errors, ['files'], 'must be objects')
            continue
          }
          const fileName = typeof file['filename'] === 'string' ? file['filename'].trim() : ''
          if (!fileName) addError(errors, ['files', 'filename'], "can't be blank")
          const content = file['content']
          let bytes: Buffer | null = null
          if (typeof content !== 'string' || content.trim() === '')
            addError(errors, ['files', 'content'], "can't be blank")
          else {
            bytes = decodeBase64(content)
            if (bytes === null) addError(errors, ['files', 'content'], 'is not valid base64')
            else if (bytes.length === 0) addError(errors, ['files', 'content'], "can't be blank")
          }
          const contentType =
            typeof file['content_type'] === 'string' && file['content_type'].trim() !== ''
              ? file['content_type'].trim()
              : contentTypeFor(fileName)
          if (fileName && bytes && bytes.length > 0) plannedFiles.push({ fileName, contentType, bytes })
        }
      if (agendaId !== null)
        planned.push({ agendaId, type: type as DocumentType, split: entry['file_split'] === true, files: plannedFiles })
    }
    if (Object.keys(errors).length > 0) return sendValidation(reply, errors)
    for (const p of planned) {
      const agenda = store.agendas.get(p.agendaId)
      if (!agenda) return sendMessage(reply, 404, NOT_FOUND)
      if (store.roleOf(agenda, user.id) === null) return sendMessage(reply, 403, NOT_AUTHORIZED)
    }

    const created: DocumentRecord[] = []
    for (const p of planned) {
      const groups = p.split ? p.files.map((f) => [f]) : [p.files]
      let parentId: number | null = null
      for (const group of groups) {
        const file = group[0]!
        const fixture = fixtureForFileName(ctx.fixtures, file.fileName)
        const doc = store.addDocument({
          agendaId: p.agendaId,
          type: p.type,
          state: fixture ? 'uploaded' : 'extracting',
          createdAt: store.time(),
          parentId,
          userFileName: file.fileName,
          data: emptyExtractedData(),
          files: { original: file.bytes, originalContentType: file.contentType, png: null },
        })
        if (p.split && parentId === null) parentId = doc.id
        created.push(doc)
        const delay = ctx.timings.processingDelayMs
        if (fixture) {
          ctx.schedule(
            () => {
              const current = store.documents.get(doc.id)
              if (current?.state === 'uploaded') store.setState(current, 'extracting')
            },
            Math.floor(delay / 2),
          )
        }
        ctx.schedule(() => {
          const current = store.documents.get(doc.id)
          if (!current) return
          if (fixture) {
            const data = structuredClone(fixture.data)
            const agenda = store.agendas.get(current.agendaId)
            data.customer = agenda
              ? {
                  ...emptyParty(),
                  name: agenda.name,
                  id: agenda.company_id ?? '',
                  vat_id: agenda.company_vat_id ?? '',
                  tax_id: agenda.company_tax_id ?? '',
                  street: agenda.address.street ?? '',
                  city: agenda.address.city ?? '',
                  postal_code: agenda.address.postal_code ?? '',
                  country: agenda.address.country ?? '',
                }
              : data.customer
            store.setDocumentData(current, data)
          }
          if (current.state === 'uploaded' || current.state === 'extracting') store.setState(current, 'not_ready')
        }, delay)
      }
    }
    return reply.code(201).send({ documents: created.map((d) => render.document(d)) })
  })
}
