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

  it('refuses plain http, credentials in the URL and non-public addresses before calling the service, on the url field', async () => {
    const { run, calls } = setup()
    const refused: [string, string][] = [
      ['http://hooks.example.com/h', 'not_https'],
      ['http://127.0.0.1:6379/', 'not_https'],
      ['http://[::1]:22/', 'not_https'],
      ['https://0x7f.0.0.1/', 'local_address'],
      ['https://2130706433/', 'local_address'],
      ['https://169.254.169.254/latest/meta-data/', 'local_address'],
      ['https://10.0.0.5/', 'local_address'],
      ['https://user:pass@hooks.example.com/', 'credentials'],
      ['not a url', 'invalid'],
    ]
    for (const [url, problem] of refused) {
      await expect(run('webhooks.update', { webhookId: 1, url })).rejects.toMatchObject({
        code: 'validation',
        details: { fields: { url: [expect.any(String)] }, problem },
      })
    }
    expect(calls).toEqual([])
    await run('webhooks.update', { webhookId: 1, url: 'https://hooks.example.com/h' })
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
