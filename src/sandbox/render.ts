import { createHmac, timingSafeEqual } from 'node:crypto'
import type { ApiAgenda, ApiComment, ApiDocument, ApiUser } from './model'
import type { AgendaRecord, CommentRecord, DocumentRecord, SandboxStore, UserRecord } from './store'

/** ISO 8601 UTC with milliseconds, e.g. `2026-11-22T04:38:13.123Z`. */
export function iso(ms: number): string {
  return new Date(ms).toISOString()
}

/** Lifetime of a signed `original` address: 1 h. */
export const ORIGINAL_URL_TTL_SEC = 3600

/**
 * Signs and checks the `original` download addresses:
 * `${base}/originals/<id>?expires=<unix s>&signature=<hex HMAC-SHA256 of "<id>:<expires>">`.
 */
export class OriginalSigner {
  constructor(
    private readonly secret: Buffer,
    private readonly now: () => number = Date.now,
  ) {}

  sign(documentId: number, expires: number): string {
    return createHmac('sha256', this.secret).update(`${documentId}:${expires}`).digest('hex')
  }

  url(baseUrl: string, documentId: number): string {
    const expires = Math.floor(this.now() / 1000) + ORIGINAL_URL_TTL_SEC
    return `${baseUrl}/originals/${documentId}?expires=${expires}&signature=${this.sign(documentId, expires)}`
  }

  /** True when the signature matches and the address has not expired. */
  verify(documentId: number, expires: unknown, signature: unknown): boolean {
    if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d+$/.test(expires)) return false
    if (!/^[0-9a-f]{64}$/i.test(signature)) return false
    const expected = Buffer.from(this.sign(documentId, Number(expires)), 'hex')
    const given = Buffer.from(signature, 'hex')
    if (!timingSafeEqual(expected, given)) return false
    return Number(expires) * 1000 > this.now()
  }
}

/** A placeholder for `original` (the signed address changes every second) in cached JSON. */
const ORIGINAL_SLOT = '\u0000original\u0000'
const ORIGINAL_SLOT_JSON = JSON.stringify(ORIGINAL_SLOT)

/** A document's JSON cut around its `original` value, and what it was rendered from. */
interface RenderedDocument {
  base: string
  lastModifiedAt: number
  state: string
  commentsCount: number
  archived: boolean
  data: DocumentRecord['data']
  /** JSON (UTF-8) before and after the `original` value. */
  head: Buffer
  tail: Buffer
}

/** Renders records as the service's JSON. `base()` gives `http://127.0.0.1:PORT`. */
export class Renderer {
  /** Rendered JSON per document record, re-rendered when the record changed (see {@link documentJson}). */
  private readonly rendered = new WeakMap<DocumentRecord, RenderedDocument>()
  /** Documents rendered (not served from the cache) by {@link documentJson} since the start (benchmarks). */
  documentsRendered = 0

  constructor(
    private readonly base: () => string,
    private readonly store: SandboxStore,
    private readonly signer: OriginalSigner,
  ) {}

  documentHref(id: number): string {
    return `${this.base()}/api/v1_2/documents/${id}`
  }

  document(doc: DocumentRecord): ApiDocument {
    const d = doc.data
    return {
      links: { self: { href: this.documentHref(doc.id) } },
      id: doc.id,
      type: doc.type,
      created_at: iso(doc.createdAt),
      last_modified_at: iso(doc.lastModifiedAt),
      state: doc.state,
      comments_count: doc.commentsCount,
      view_detail: 'summary',
      verificator_response: 'ok',
      parent_document_id: doc.parentId,
      preview: `/api/v1_2/documents/${doc.id}/preview`,
      original: this.signer.url(this.base(), doc.id),
      user_file_name: doc.userFileName,
      invoice_type: d.invoice_type,
      bank_account: { ...d.bank_account },
      payment_options: {},
      data: { header: { ...d.header } },
      supplier: { ...d.supplier },
      customer: { ...d.customer },
      summary: { ...d.summary },
      tax_lines: d.tax_lines.map((t) => ({ ...t })),
      items: d.items.map((i) => ({ ...i })),
    }
  }

  /**
   * `JSON.stringify(this.document(doc))` as UTF-8, in three pieces to concatenate, for list
   * pages: the JSON is rendered once per change of the document (every change moves
   * `lastModifiedAt`, see SandboxStore.touch; state, comments count, archived flag and data
   * are compared too) and only the signed `original` address, which moves every second, is
   * made per call.
   */
  documentJson(doc: DocumentRecord): [Buffer, Buffer, Buffer] {
    const base = this.base()
    let cached = this.rendered.get(doc)
    if (
      !cached ||
      cached.base !== base ||
      cached.lastModifiedAt !== doc.lastModifiedAt ||
      cached.state !== doc.state ||
      cached.commentsCount !== doc.commentsCount ||
      cached.archived !== doc.archived ||
      cached.data !== doc.data
    ) {
      const json = JSON.stringify({ ...this.document(doc), original: ORIGINAL_SLOT })
      const at = json.indexOf(ORIGINAL_SLOT_JSON)
      cached = {
        base,
        lastModifiedAt: doc.lastModifiedAt,
        state: doc.state,
        commentsCount: doc.commentsCount,
        archived: doc.archived,
        data: doc.data,
        head: Buffer.from(json.slice(0, at)),
        tail: Buffer.from(json.slice(at + ORIGINAL_SLOT_JSON.length)),
      }
      this.rendered.set(doc, cached)
      this.documentsRendered++
    }
    return [cached.head, Buffer.from(JSON.stringify(this.signer.url(base, doc.id))), cached.tail]
  }

  /**
   * Forgets the rendered JSON of `docs`: their next {@link documentJson} renders them again, as
   * after a change. For benchmarks that must meet the service in the state another client met
   * it (documents that client's listing had to render fresh).
   */
  forgetRendered(docs: Iterable<DocumentRecord>): void {
    for (const doc of docs) this.rendered.delete(doc)
  }

  agendaHref(id: number): string {
    return `${this.base()}/api/v1_2/agendas/${id}`
  }

  userHref(id: number): string {
    return `${this.base()}/api/v1_2/users/${id}`
  }

  agenda(a: AgendaRecord): ApiAgenda {
    return {
      links: {
        self: { href: this.agendaHref(a.id) },
        owner: { id: a.ownerId, href: this.userHref(a.ownerId), type: 'users' },
      },
      id: a.id,
      name: a.name,
      address: { ...a.address },
      company_id: a.company_id,
      company_tax_id: a.company_tax_id,
      company_vat_id: a.company_vat_id,
      home_currency: a.home_currency,
      email_alias: a.email_alias,
      email_whitelist: a.email_whitelist,
      external_id: a.external_id,
      default_view_detail: a.default_view_detail,
      active_addons: [...a.active_addons],
    }
  }

  comment(c: CommentRecord): ApiComment {
    const author = this.store.users.get(c.authorId)
    return {
      links: {
        self: { href: `${this.documentHref(c.documentId)}/comments/${c.uuid}` },
        author: {
          id: c.authorId,
          href: this.userHref(c.authorId),
          name: author?.name ?? '',
          surname: author?.surname ?? '',
          type: 'users',
        },
        document: { id: c.documentId, href: this.documentHref(c.documentId), type: 'documents' },
      },
      text: c.text,
      author_id: c.authorId,
      document_id: c.documentId,
      state: c.state,
      uuid: c.uuid,
      created_at: iso(c.createdAt),
      last_modified_at: iso(c.lastModifiedAt),
    }
  }

  user(u: UserRecord): ApiUser {
    return { id: u.id, email: u.email, name: u.name, surname: u.surname }
  }
}
