import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Handlers } from '../router'
import { parsedCall } from '../testing/routerCall'
import { startSandboxService, type SandboxService } from '../testing/sandboxService'
import { createWebhookHandlers } from './handlers'

/** Webhook settings against the sandbox over real HTTP with the real service client. */

let s: SandboxService
let run: ReturnType<typeof parsedCall>

beforeAll(async () => {
  s = await startSandboxService()
  run = parsedCall(createWebhookHandlers({ getClient: () => s.client }) as Handlers)
})

afterAll(async () => {
  await s?.close()
})

describe('webhooks on the sandbox', () => {
  it('puts auth_credentials.password errors on that field', async () => {
    await expect(
      run('webhooks.update', {
        webhookId: 1,
        url: 'https://hooks.example/x',
        authCredentials: { username: 'u', password: 'nodigits' },
        settings: {},
      }),
    ).rejects.toMatchObject({
      code: 'validation',
      details: { fields: { 'auth_credentials.password': ['must include at least one digit'] } },
    })
  })

  it('sets the URL, then deletes the webhook', async () => {
    expect(await run('webhooks.update', { webhookId: 1, url: 'https://hooks.example/new' })).toEqual({
      url: 'https://hooks.example/new',
    })
    expect((await s.state()).webhooks.find((w: { id: number }) => w.id === 1).url).toBe('https://hooks.example/new')
    expect(await run('webhooks.delete', { webhookId: 1 })).toEqual({ deleted: true })
    expect((await s.state()).webhooks.find((w: { id: number }) => w.id === 1)).toBeUndefined()
  })
})
