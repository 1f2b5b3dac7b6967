import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox'
import { MemoryCredentialStore } from '../credentials/credentialStore'
import { TokenEndpoint } from '../credentials/tokenEndpoint'
import { TokenManager } from '../credentials/tokenManager'
import { ApiClient } from './client'
import { ApiError, isApiError } from './errors'

/**
 * The service client against the sandbox over real HTTP (docs/service-interface.md): every
 * endpoint, its envelope and its 4xx bodies.
 */

let sandbox: Sandbox
let client: ApiClient
const logLines: string[] = []
let accessToken = ''

async function expectApiError(
  promise: Promise<unknown>,
  code: ApiError['code'],
  status?: number,
  message?: string | RegExp,
) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(isApiError(error), `expected ApiError ${code}, got ${String(error)}`).toBe(true)
  const apiError = error as ApiError
  expect(apiError.code).toBe(code)
  if (status !== undefined) expect(apiError.status).toBe(status)
  if (message !== undefined) expect(apiError.message).toMatch(message)
  return apiError
}

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    admin: true,
    documents: 120,
    jobDelayMs: 20,
    processingDelayMs: 20,
    repairDelayMs: 600_000,
  })
  const user = sandbox.credentials.users[0]!
  const endpoint = new TokenEndpoint({
    baseUrl: sandbox.url,
    clientId: sandbox.credentials.clientId,
    clientSecret: sandbox.credentials.clientSecret,
  })
  const tokens = await endpoint.password(user.email, user.password)
  accessToken = tokens.accessToken
  const store = new MemoryCredentialStore()
  const manager = new TokenManager({
    store,
    accountKey: () => `${sandbox.url}#1`,
    refresh: (refreshToken) => endpoint.refresh(refreshToken),
  })
  await manager.setTokens(tokens)
  client = new ApiClient({
    baseUrl: sandbox.url,
    tokens: manager,
    log: (line) => logLines.push(line),
    sleep: async () => {},
  })
})

afterAll(async () => {
  await client?.close()
  await sandbox?.close()
})

describe('users', () => {
  it('me returns the signed-in user (bare object)', async () => {
    expect(await client.me()).toMatchObject({ id: 1, email: 'demo@docket.test', name: 'Dana', surname: 'Demo' })
  })
  it('getUser returns a user of the same account, 404 for another account', async () => {
    expect((await client.getUser(2)).email).toBe('colleague@docket.test')
    await expectApiError(client.getUser(3), 'not_found', 404)
  })
})

describe('agendas', () => {
  it('lists the agendas the user may see', async () => {
    const agendas = await client.listAgendas()
    expect(agendas.map((a) => a.id)).toEqual(expect.arrayContaining([1, 2, 3]))
    expect(agendas.map((a) => a.id)).not.toContain(4)
  })
  it('fetches one agenda; 403 with the service message for one without rights', async () => {
    expect((await client.getAgenda(1)).name).toBe('Demo s.r.o.')
    await expectApiError(client.getAgenda(4), 'forbidden', 403, 'Not authorized to perform this action')
  })
  it('creates, updates and deletes agendas; 422 names the refused field', async () => {
    const [id] = await client.createAgendas([
      {
        name: 'Client test',
        address: { street: 'A 1', city: 'Brno', postal_code: '60200', country: 'cz' },
        home_currency: 'EUR',
        client_id: 'docket',
      },
    ])
    expect(id).toBeTypeOf('number')
    const updated = await client.updateAgenda(id!, { name: 'Client test renamed' })
    expect(updated.name).toBe('Client test renamed')
    expect(updated.address?.country).toBe('CZ')
    const invalid = await expectApiError(
      client.createAgendas([{ name: 'Bad', home_currency: 'euro' } as never]),
      'validation',
      422,
    )
    expect(JSON.stringify(invalid.errors)).toMatch(/home_currency/)
    await client.deleteAgenda(id!)
    await expectApiError(client.getAgenda(id!), 'not_found', 404)
  })
})

describe('documents', () => {
  it('walks every page (50 a page) in id-descending order with a bounded number in flight', async () => {
    const pages: number[] = []
    const documents = await client.listDocuments({
      agendaId: 2,
      types: ['PurchaseInvoice', 'SalesInvoice'],
      concurrency: 3,
      onPage: (_d, page) => pages.push(page),
    })
    const expected = sandbox.state().documents.filter((d) => d.agenda_id === 2 && !d.archived).length
    expect(documents).toHaveLength(expected)
    expect(expected).toBeGreaterThan(100)
    const ids = documents.map((d) => d.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(new Set(ids).size).toBe(ids.length)
    expect(pages).toContain(3)
  })
  it('without types only PurchaseInvoice documents come back; ids[] and states[] filter', async () => {
    const purchase = await client.listDocuments({ agendaId: 2 })
    expect(purchase.every((d) => d.type === 'PurchaseInvoice')).toBe(true)
    const some = purchase.slice(0, 3).map((d) => d.id)
    const byIds = await client.listDocuments({ ids: some })
    expect(byIds.map((d) => d.id).sort()).toEqual([...some].sort())
    const notReady = await client.listDocuments({
      agendaId: 2,
      states: ['not_ready'],
      types: ['PurchaseInvoice', 'SalesInvoice'],
    })
    expect(notReady.every((d) => d.state === 'not_ready')).toBe(true)
  })
  it('stores self links without the access_token query parameter', async () => {
    await client.listDocumentsPage({ agendaId: 1 }, 1)
    const [document] = await client.listDocumentsPage({ agendaId: 1 }, 1)
    expect(document?.links?.self?.href ?? '').not.toMatch(/access_token/)
    expect(logLines.join('\n')).not.toContain(accessToken)
  })
  it('fetches one document, sets its state, rejects an unsupported state with 400', async () => {
    const [first] = await client.listDocumentsPage({ agendaId: 1 }, 1)
    const fetched = await client.getDocument(first!.id)
    expect(fetched[0]!.id).toBe(first!.id)
    const result = await client.setDocumentState(first!.id, 'ready')
    expect(result.document?.state).toBe('ready')
    await expectApiError(
      client.setDocumentState(first!.id, 'templating' as never),
      'bad_request',
      400,
      'Invalid state name',
    )
    await expectApiError(client.getDocument(999_999), 'not_found', 404)
  })
  it('batch state update is enqueued', async () => {
    const page = await client.listDocumentsPage({ agendaId: 1 }, 1)
    const result = await client.setDocumentStates(
      page.slice(0, 2).map((d) => ({ id: d.id, state: 'exported' as const })),
    )
    expect(result.message).toMatch(/enqueued/i)
  })
  it('repairs a ready document and archives one', async () => {
    const [document] = await client.listDocumentsPage({ agendaId: 1 }, 1)
    await client.setDocumentState(document!.id, 'ready')
    const repaired = await client.repairDocument(document!.id, 'Supplier VAT id is wrong')
    expect(repaired.state).toBe('repairing')
    const [other] = (await client.listDocumentsPage({ agendaId: 1 }, 1)).slice(1)
    const archived = await client.archiveDocument(other!.id)
    expect(archived.id).toBe(other!.id)
  })
  it('uploads a file, reads back the original bytes, downloads the signed original and the preview, deletes it', async () => {
    const content = new TextEncoder().encode('%PDF-1.4\n% docket client test\n%%EOF\n')
    const ids = await client.uploadDocuments({
      agendaId: 1,
      type: 'PurchaseInvoice',
      files: [{ filename: 'client-test.pdf', contentType: 'application/pdf', content }],
    })
    expect(ids).toHaveLength(1)
    const original = await client.getOriginalFile(ids[0]!)
    expect(original.fileName).toBe('client-test.pdf')
    expect(original.contentType).toBe('application/pdf')
    expect(Buffer.from(original.bytes).equals(Buffer.from(content))).toBe(true)

    const [document] = await client.getDocument(ids[0]!)
    if (document?.original) {
      const download = await client.downloadOriginal(document.original)
      expect(Buffer.from(download.bytes).equals(Buffer.from(content))).toBe(true)
    }
    const [seeded] = await client.listDocumentsPage({ agendaId: 1 }, 1)
    expect(seeded?.preview).toBeTruthy()
    const preview = await client.getPreview(seeded!.preview!)
    expect(preview.contentType).toMatch(/^image\//)
    expect(preview.bytes.byteLength).toBeGreaterThan(0)

    await client.deleteDocument(ids[0]!)
    await expectApiError(client.getDocument(ids[0]!), 'not_found', 404)
  })
  it('a tampered signed original address is refused', async () => {
    const [document] = await client.listDocumentsPage({ agendaId: 1 }, 1)
    const tampered = document!.original!.replace(/signature=([^&]+)/, 'signature=00$1')
    await expectApiError(client.downloadOriginal(tampered), 'forbidden', 403)
  })
})

describe('comments', () => {
  it('creates, lists, updates and deletes a comment; unknown uuid -> 404 Comment not found', async () => {
    const [document] = await client.listDocumentsPage({ agendaId: 1 }, 1)
    const { uuid } = await client.createComment(document!.id, 'Check the due date')
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect((await client.listComments(document!.id)).map((c) => c.uuid)).toContain(uuid)
    await client.updateComment(document!.id, uuid, 'Due date checked')
    expect((await client.listComments(document!.id)).find((c) => c.uuid === uuid)?.text).toBe('Due date checked')
    await client.deleteComment(document!.id, uuid)
    expect((await client.listComments(document!.id)).map((c) => c.uuid)).not.toContain(uuid)
    await expectApiError(client.updateComment(document!.id, uuid, 'x'), 'not_found', 404, 'Comment not found')
    await expectApiError(
      client.deleteComment(document!.id, '00000000-0000-4000-8000-000000000000'),
      'not_found',
      404,
      'Comment not found',
    )
  })
})

describe('webhooks', () => {
  it('updates webhook 1 with a URL, 422 Validation Failed with nested errors, deletes it', async () => {
    const url = await client.updateWebhook(1, 'https://hooks.docket.test/new')
    expect(url).toContain('https://hooks.docket.test/new')
    const invalid = await expectApiError(client.updateWebhook(1, ''), 'validation', 422, 'Validation Failed')
    expect(invalid.errors).toBeTypeOf('object')
    await client.deleteWebhook(1)
  })
})

describe('faults', () => {
  it('retries a GET after 429, waiting the Retry-After seconds', async () => {
    const waits: number[] = []
    const user = sandbox.credentials.users[0]!
    const endpoint = new TokenEndpoint({
      baseUrl: sandbox.url,
      clientId: sandbox.credentials.clientId,
      clientSecret: sandbox.credentials.clientSecret,
    })
    const tokens = await endpoint.password(user.email, user.password)
    const retrying = new ApiClient({
      baseUrl: sandbox.url,
      tokens: {
        getAccessToken: async () => tokens.accessToken,
        refreshAfterUnauthorized: async () => tokens.accessToken,
      },
      sleep: async (ms) => {
        waits.push(ms)
        sandbox.setFaults({ rate429: 0 })
      },
    })
    sandbox.setFaults({ rate429: 1, retryAfterSec: 2 })
    try {
      expect((await retrying.me()).id).toBe(1)
      expect(waits).toEqual([2000])
    } finally {
      sandbox.setFaults({ rate429: 0 })
      await retrying.close()
    }
  })
  it('gives up on a GET after the retries with rate_limited and the Retry-After delay', async () => {
    const sleeps: number[] = []
    const strict = new ApiClient({
      baseUrl: sandbox.url,
      tokens: { getAccessToken: async () => accessToken, refreshAfterUnauthorized: async () => accessToken },
      retry: { maxRetries: 2 },
      sleep: async (ms) => {
        sleeps.push(ms)
      },
    })
    sandbox.setFaults({ rate429: 1, retryAfterSec: 1 })
    try {
      const error = await expectApiError(strict.me(), 'rate_limited', 429)
      expect(error.retryAfterMs).toBe(1000)
      expect(sleeps).toEqual([1000, 1000])
    } finally {
      sandbox.setFaults({ rate429: 0 })
      await strict.close()
    }
  })
  it('a 500 is not retried (only 502/503/504 and 429 are), and a POST is never retried', async () => {
    const sleeps: number[] = []
    const strict = new ApiClient({
      baseUrl: sandbox.url,
      tokens: { getAccessToken: async () => accessToken, refreshAfterUnauthorized: async () => accessToken },
      sleep: async (ms) => {
        sleeps.push(ms)
      },
    })
    sandbox.setFaults({ errorRate: 1 })
    try {
      const route = 'POST /api/v1_2/documents/:document_id/comments'
      const before = sandbox.stats().byRoute[route] ?? 0
      await expectApiError(strict.me(), 'server', 500)
      await expectApiError(strict.createComment(1, 'hello'), 'server', 500)
      expect(sleeps).toEqual([])
      expect(sandbox.stats().byRoute[route] ?? 0).toBe(before + 1)
    } finally {
      sandbox.setFaults({ errorRate: 0 })
      await strict.close()
    }
  })
  it('retries a GET whose connection drops and succeeds', async () => {
    let sleeps = 0
    const retrying = new ApiClient({
      baseUrl: sandbox.url,
      tokens: { getAccessToken: async () => accessToken, refreshAfterUnauthorized: async () => accessToken },
      sleep: async () => {
        sleeps++
        sandbox.setFaults({ dropRate: 0 })
      },
    })
    sandbox.setFaults({ dropRate: 1 })
    try {
      expect((await retrying.listAgendas()).length).toBeGreaterThan(0)
      expect(sleeps).toBe(1)
    } finally {
      sandbox.setFaults({ dropRate: 0 })
      await retrying.close()
    }
  })
  it('a POST whose connection drops is reported as unknown_outcome (not retried)', async () => {
    const strict = new ApiClient({
      baseUrl: sandbox.url,
      tokens: { getAccessToken: async () => accessToken, refreshAfterUnauthorized: async () => accessToken },
      sleep: async () => {},
    })
    sandbox.setFaults({ dropRate: 1 })
    try {
      await expectApiError(strict.createComment(1, 'maybe'), 'unknown_outcome')
    } finally {
      sandbox.setFaults({ dropRate: 0 })
      await strict.close()
    }
  })
})
