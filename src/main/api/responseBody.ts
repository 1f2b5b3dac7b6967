import type { Dispatcher } from 'undici'
import { ApiError } from './errors'

/**
 * Reads a response body whole, but never more than `limit` bytes: a `Content-Length` over the
 * limit is refused before a byte of the body is read, and a body without one (chunked) is
 * refused as soon as it passes the limit. A refused body is destroyed, which closes its
 * connection (the rest is never read). Everything the service sends is untrusted: one page of
 * 250 MB must not take the main process's memory with it.
 * Throws `ApiError` `bad_response` naming the request (`what`) and the limit.
 */
export async function readBounded(response: Dispatcher.ResponseData, limit: number, what: string): Promise<Buffer> {
  const declared = Number(headerValue(response.headers['content-length']))
  if (Number.isFinite(declared) && declared > limit) {
    response.body.destroy()
    throw tooLarge(what, limit, `${declared} bytes announced`)
  }
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    total += chunk.length
    if (total > limit) {
      response.body.destroy()
      throw tooLarge(what, limit, `more than ${limit} bytes received`)
    }
    chunks.push(chunk)
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total)
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

function tooLarge(what: string, limit: number, seen: string): ApiError {
  return new ApiError(
    'bad_response',
    `The answer to ${what} is too large (${seen}; at most ${limit} bytes are accepted); Docket refused it.`,
    { details: { request: what, limitBytes: limit } },
  )
}
