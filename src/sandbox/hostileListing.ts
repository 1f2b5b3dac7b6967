import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import type { SandboxContext } from './context'
import type { RequestStats } from './stats'

/**
 * The hostile answers of GET /api/v1_2/documents (faults `endlessListing: 'new-ids'` or `'ascending'`, and
 * `hugePageBytes`): what a service gone wrong, or a proxy that means harm, could send. The
 * `same-ids` mode needs no code of its own: the list route answers page 1 for every page.
 */

/** Documents per page (docs/service-interface.md, "Limits"). */
const PAGE_SIZE = 50
/** The first id of the made-up documents: far above any real one, so they never collide. */
const NEW_IDS_FROM = 900_000_000

/**
 * Page `page` of a listing that never ends with new documents: 50 copies of `templateId`'s
 * document under ids descending from 900,000,000 - (page - 1) x 50, so every page is full
 * and none repeats an earlier one. `ascending`: from 900,000,000 + page x 50 - 1 instead, so
 * each page's ids lie above the page before (ids descend within a page only).
 */
export function sendNewIdsPage(
  ctx: SandboxContext,
  reply: FastifyReply,
  templateId: number,
  page: number,
  ascending = false,
) {
  const template = ctx.render.document(ctx.store.documents.get(templateId)!)
  const first = ascending ? NEW_IDS_FROM + page * PAGE_SIZE - 1 : NEW_IDS_FROM - (page - 1) * PAGE_SIZE
  const documents = Array.from({ length: PAGE_SIZE }, (_, i) => ({
    ...template,
    id: first - i,
    links: { self: { href: ctx.render.documentHref(first - i) } },
  }))
  return reply.type('application/json; charset=utf-8').send({ links: { self: { href: '' } }, documents })
}

/**
 * A listing page of `bytes` bytes (valid JSON: no documents and a long `padding` string),
 * streamed in 64 KiB chunks as the client reads, without Content-Length: the client cannot
 * know the size before reading, and stops reading when it refuses the page (the bytes sent
 * are counted in `stats.hugePageBytesSent`).
 */
export function sendHugePage(reply: FastifyReply, bytes: number, stats: RequestStats) {
  const head = Buffer.from('{"documents":[],"padding":"')
  const tail = Buffer.from('"}')
  const chunk = Buffer.alloc(64 * 1024, 0x78)
  let left = Math.max(0, bytes - head.length - tail.length)
  let started = false
  const body = new Readable({
    read() {
      if (!started) {
        started = true
        stats.hugePageBytesSent += head.length
        return void this.push(head)
      }
      if (left <= 0) {
        stats.hugePageBytesSent += tail.length
        this.push(tail)
        return void this.push(null)
      }
      const next = left >= chunk.length ? chunk : chunk.subarray(0, left)
      left -= next.length
      stats.hugePageBytesSent += next.length
      this.push(next)
    },
  })
  return reply.type('application/json; charset=utf-8').send(body)
}
