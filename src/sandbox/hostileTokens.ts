import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import type { TokenAnswer } from './faults'
import type { RequestStats } from './stats'
import type { TokenResponse } from './tokens'

/**
 * The hostile answers of POST /oauth/token (fault `tokenAnswer`): what a token endpoint gone
 * wrong, or a proxy that means harm, could send for a grant it accepted.
 */

/** Most bytes the token bomb streams: 512 MiB, more than any client should read. */
export const TOKEN_BOMB_BYTES = 512 * 1024 * 1024

/** Sends `tokens` as `mode` says (`normal`: as issued). */
export function sendTokenAnswer(reply: FastifyReply, tokens: TokenResponse, mode: TokenAnswer, stats: RequestStats) {
  if (mode === 'negative-expiry') return reply.send({ ...tokens, expires_in: -3600 })
  if (mode === 'not-bearer') return reply.send({ ...tokens, token_type: 'mac' })
  if (mode === 'bad-charset') return reply.send({ ...tokens, access_token: `${tokens.access_token}\r\nX-Injected: 1` })
  if (mode === 'bomb') return sendTokenBomb(reply, stats)
  return reply.send(tokens)
}

/**
 * A token answer whose access token goes on for {@link TOKEN_BOMB_BYTES}, streamed in 64 KiB
 * chunks as the client reads, without Content-Length (counted in `stats.tokenBombBytesSent`).
 */
function sendTokenBomb(reply: FastifyReply, stats: RequestStats) {
  const head = Buffer.from('{"token_type":"Bearer","expires_in":7200,"access_token":"')
  const tail = Buffer.from('"}')
  const chunk = Buffer.alloc(64 * 1024, 0x41)
  let left = TOKEN_BOMB_BYTES
  let started = false
  const body = new Readable({
    read() {
      const next = !started ? head : left <= 0 ? null : chunk
      started = true
      if (next === null) {
        stats.tokenBombBytesSent += tail.length
        this.push(tail)
        return void this.push(null)
      }
      if (next === chunk) left -= chunk.length
      stats.tokenBombBytesSent += next.length
      this.push(next)
    },
  })
  return reply.type('application/json; charset=utf-8').send(body)
}
