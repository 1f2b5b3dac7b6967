import { z } from 'zod'
import { defineChannels } from '../define'
import { recordIdSchema } from '../fields'

/**
 * A webhook change (`PUT /api/webhooks/:webhook_id`, docs/service-interface.md): the URL alone
 * is sent as the single URL string body; with credentials or settings, the record
 * `{ url, auth_credentials: { username, password }, settings }` (the service names those
 * fields in its validation errors). The password never leaves main in a log or an error.
 */
export const webhookUpdateSchema = z
  .object({
    webhookId: recordIdSchema,
    url: z.string().max(2048),
    authCredentials: z
      .object({ username: z.string().max(255).optional(), password: z.string().max(255) })
      .strict()
      .optional(),
    settings: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>

/**
 * Channels of the webhook settings; they call the service directly and need a connection.
 * A 422 answers `validation` with `details.fields` (e.g. `auth_credentials.password`).
 */
export const webhookChannels = defineChannels({
  'webhooks.update': {
    input: webhookUpdateSchema,
    output: z.object({ url: z.string() }),
    description: 'Sets the webhook URL; 422 -> validation with details.fields (e.g. auth_credentials.password).',
  },
  'webhooks.delete': {
    input: z.object({ webhookId: recordIdSchema }).strict(),
    output: z.object({ deleted: z.boolean() }),
    description: 'Deletes the webhook registration.',
  },
})
