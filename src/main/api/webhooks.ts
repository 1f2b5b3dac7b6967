import type { HttpClient } from './http'

/** Webhook registrations (docs/service-interface.md, "Webhooks"): update and delete by id. */

/** The webhook record as a JSON body; 422 `errors` name these fields (and `auth_credentials.password`). */
export interface WebhookRecord {
  url: string
  auth_credentials?: { username?: string; password: string }
  settings?: Record<string, unknown>
}

/**
 * PUT /api/webhooks/:id with `body` as the JSON body: the URL as a JSON string, or the whole
 * record. Returns the URL the service echoes (as a JSON string or plain text). 422 ->
 * `validation` with `errors` keyed by field.
 */
export async function updateWebhook(http: HttpClient, id: number, body: string | WebhookRecord): Promise<string> {
  const response = await http.send({
    method: 'PUT',
    path: `/api/webhooks/${id}`,
    json: body,
    idempotent: true,
    accept: '*/*',
  })
  const text = response.body.toString('utf8').trim()
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed === 'string') return parsed
  } catch {
    // Plain text: the URL as it is.
  }
  return text
}

/** DELETE /api/webhooks/:id (204); a 404 after a lost first attempt counts as deleted. */
export async function deleteWebhook(http: HttpClient, id: number): Promise<void> {
  await http.empty({ method: 'DELETE', path: `/api/webhooks/${id}`, idempotent: true, deleteSemantics: true })
}
