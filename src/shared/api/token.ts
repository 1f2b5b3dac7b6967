import { z } from 'zod'
import { numeric } from './common'

/**
 * POST /oauth/token response (docs/service-interface.md, "Authentication"; RFC 6749 §5.1):
 * `expires_in` in seconds; `created_at` seconds since epoch (Doorkeeper-style servers).
 */
export const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().default('Bearer'),
  expires_in: numeric.optional(),
  refresh_token: z.string().optional(),
  created_at: numeric.optional(),
  scope: z.string().optional(),
})
export type TokenResponse = z.infer<typeof tokenResponseSchema>

/** OAuth 2.0 error body (RFC 6749 §5.2), e.g. `{ error: "invalid_grant" }`. */
export const oauthErrorSchema = z.looseObject({
  error: z.string(),
  error_description: z.string().optional(),
})
export type OAuthErrorBody = z.infer<typeof oauthErrorSchema>
