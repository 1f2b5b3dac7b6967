/** Test data: GET /api/v1_2/documents pages as the service sends them. */

/** A page body (UTF-8 JSON `{ links, documents }`) as the service sends it. */
export function pageBody(documents: unknown[]): Uint8Array {
  return new TextEncoder().encode(
    JSON.stringify({ links: { self: { href: 'https://service.test/api/v1_2/documents?page=1' } }, documents }),
  )
}

/** A document as a list response carries it, with a non-Latin name and a field the schema does not know. */
export const listedDocument = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'PurchaseInvoice',
  created_at: '2026-01-01T00:00:00Z',
  last_modified_at: '2026-01-02T03:04:05Z',
  state: 'ready',
  comments_count: 2,
  supplier: { name: 'Žluťoučký kůň s.r.o.' },
  unknown_field_kept: { nested: [1, 2] },
  ...extra,
})
