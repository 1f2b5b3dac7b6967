import { isAllowedServiceUrl } from '../../../shared/api/serviceUrl'
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
 * Before anything is sent, the URL must follow Docket's one address rule (https, or http only
 * on a loopback host: the service would send the credentials to it in the clear), else
 * `validation` with `details.fields.url`.
 */
export function createWebhookHandlers(deps: {
  /** The service client of the signed-in account (called on each request). */
  getClient(): WebhookClient
}): HandlersFor<'webhooks.update' | 'webhooks.delete'> {
  return {
    'webhooks.update': async ({ webhookId, url, authCredentials, settings }) => {
      const problem = urlProblem(url)
      if (problem) throw new AppError('validation', problem, { fields: { url: [problem] } })
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

/** Why a webhook URL is refused, or null: an absolute http(s) address, https unless on loopback. */
function urlProblem(url: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return 'The webhook URL is not a complete address.'
  }
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.hostname === '') {
    return 'The webhook URL must start with https://.'
  }
  return isAllowedServiceUrl(parsed)
    ? null
    : 'The webhook URL must use https:// (plain http:// only for an address on this computer).'
}
