import { WEBHOOK_URL_MESSAGES, webhookUrlProblem } from '../../../shared/api/webhookUrl'
import type { ApiClient } from '../../api/client'
import { AppError } from '../errors'
import type { HandlersFor } from '../router'
import { callService } from '../serviceCall'

/** The webhook record body (the field names the service uses in its 422 errors). */
export interface WebhookRecordBody {
  url: string
  auth_credentials?: { username?: string; password: string }
  settings?: Record<string, unknown>
}

/**
 * The service calls webhook editing makes directly. `updateWebhook` sends `body` as the JSON
 * body as given: the URL string, or the record. `ApiClient.updateWebhook` declares only the
 * string and sends whatever it is given, so it fits.
 */
export interface WebhookClient extends Pick<ApiClient, 'deleteWebhook'> {
  updateWebhook(id: number, body: string | WebhookRecordBody): Promise<string>
}

/**
 * `webhooks.update` and `webhooks.delete`, sent to the service at once (they need a
 * connection). The URL alone goes as the string body; with credentials or settings, the
 * record. A 422 answers `validation` with `details.fields` (e.g. `auth_credentials.password`).
 * Before anything is sent, the URL must follow the webhook address rule
 * (src/shared/api/webhookUrl.ts: https, no credentials in it, a public host in any notation),
 * else `validation` with `details.fields.url` (the English sentence) and `details.problem`
 * (the rule's code, which the form words in the person's language).
 */
export function createWebhookHandlers(deps: {
  /** The service client of the signed-in account (called on each request). */
  getClient(): WebhookClient
}): HandlersFor<'webhooks.update' | 'webhooks.delete'> {
  return {
    'webhooks.update': async ({ webhookId, url, authCredentials, settings }) => {
      const problem = webhookUrlProblem(url)
      if (problem) {
        const message = WEBHOOK_URL_MESSAGES[problem]
        throw new AppError('validation', message, { fields: { url: [message] }, problem })
      }
      const body =
        authCredentials || settings
          ? {
              url,
              ...(authCredentials ? { auth_credentials: authCredentials } : {}),
              ...(settings ? { settings } : {}),
            }
          : url
      const echoed = await callService('Changing the webhook', () => deps.getClient().updateWebhook(webhookId, body))
      return { url: echoed || url }
    },
    'webhooks.delete': async ({ webhookId }) => {
      await callService('Deleting the webhook', () => deps.getClient().deleteWebhook(webhookId))
      return { deleted: true }
    },
  }
}
