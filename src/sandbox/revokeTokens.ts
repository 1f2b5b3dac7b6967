import type { FastifyInstance } from 'fastify'
import { sendMessage, type SandboxContext } from './context'
import { DEMO_USERS } from './seed'

/**
 * `POST /_sandbox/revoke-tokens` (admin routes only): revokes every access and refresh token
 * of the demo user (the first of the seed), so the app's next request is refused with 401 and
 * its next refresh with `invalid_grant`: the "sign in again" path. Answers the counts revoked.
 */
export function registerRevokeTokens(app: FastifyInstance, ctx: Pick<SandboxContext, 'tokens' | 'store'>): void {
  app.post('/_sandbox/revoke-tokens', async (_request, reply) => {
    const demo = DEMO_USERS[0]
    const user = demo ? ctx.store.users.get(demo.id) : undefined
    if (!user) return sendMessage(reply, 404, 'Not found')
    const revoked = ctx.tokens.revokeUser(user.id, true)
    return {
      user_id: user.id,
      revoked_refresh_tokens: revoked.refreshTokens,
      revoked_access_tokens: revoked.accessTokens,
    }
  })
}
