import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/errors'
import type { Handlers } from '../router'
import { parsedCall } from '../testing/routerCall'
import { createWebhookHandlers, type WebhookClient } from './handlers'

function setup(client: Partial<WebhookClient> = {}) {
  const calls: unknown[][] = []
  const fullClient: WebhookClient = {
    updateWebhook: async (id, body) => {
      calls.push(['updateWebhook', id, body])
      return typeof body === 'string' ? body : body.url
    },
    deleteWebhook: async (id) => {
      calls.push(['deleteWebhook', id])
    },
    ...client,
  }
  return { calls, run: parsedCall(createWebhookHandlers({ getClient: () => fullClient }) as Handlers) }
}

describe('webhooks', () => {
  it('sets the URL and deletes the webhook', async () => {
    const { run, calls } = setup()
    expect(await run('webhooks.update', { webhookId: 1, url: 'https://example.com/hook' })).toEqual({
      url: 'https://example.com/hook',
    })
    expect(await run('webhooks.delete', { webhookId: 1 })).toEqual({ deleted: true })
    expect(calls).toEqual([
      ['updateWebhook', 1, 'https://example.com/hook'],
      ['deleteWebhook', 1],
    ])
  })

  it('sends the record body when credentials are given', async () => {
    const { run, calls } = setup()
    await run('webhooks.update', {
      webhookId: 1,
      url: 'https://example.com/h',
      authCredentials: { username: 'u', password: 'secret1' },
    })
    expect(calls[0]).toEqual([
      'updateWebhook',
      1,
      { url: 'https://example.com/h', auth_credentials: { username: 'u', password: 'secret1' } },
    ])
  })

  it('refuses an http URL to another host before calling the service, on the url field', async () => {
    const { run, calls } = setup()
    await expect(run('webhooks.update', { webhookId: 1, url: 'http://hooks.example.com/h' })).rejects.toMatchObject({
      code: 'validation',
      details: { fields: { url: [expect.stringMatching(/https/)] } },
    })
    await expect(run('webhooks.update', { webhookId: 1, url: 'not a url' })).rejects.toMatchObject({
      code: 'validation',
    })
    expect(calls).toEqual([])
    await run('webhooks.update', { webhookId: 1, url: 'http://127.0.0.1:9000/h' })
    expect(calls).toHaveLength(1)
  })

  it('puts nested 422 errors on auth_credentials.password', async () => {
    const { run } = setup({
      updateWebhook: async () =>
        Promise.reject(
          new ApiError('validation', 'Validation Failed', {
            status: 422,
            errors: { auth_credentials: { password: ['must include at least one digit'] }, settings: ['is missing'] },
          } as never),
        ),
    })
    await expect(run('webhooks.update', { webhookId: 1, url: 'https://example.com' })).rejects.toMatchObject({
      code: 'validation',
      details: {
        fields: { 'auth_credentials.password': ['must include at least one digit'], settings: ['is missing'] },
      },
    })
  })

  it('the real ApiClient fits the client port', () => {
    // Compile-time check: fails `tsc` if src/main/api/client.ts drifts from what the handlers call.
    const fits = (client: import('../../api/client').ApiClient): WebhookClient => client
    expect(typeof fits).toBe('function')
  })
})
