/**
 * A made-up page of GET /api/v1_2/documents that the page decoder's thread decodes before it
 * takes real pages (pageWorker.ts): its first decode compiles the schema's fast path and the
 * decoder's code, about 40 ms against 2-3 ms for a page once warm, and a thread started for a
 * long listing does that while the listing's next pages are still on the wire, not while they
 * wait for it (bench B1). Every part of the document schema appears once, so the first real
 * page finds each of them compiled. Invented data; nothing in it is ever stored.
 */

/** One invented document with every part of `documentSchema` (shared/api/document.ts). */
function warmUpDocument(id: number): Record<string, unknown> {
  const party = {
    name: 'Warm-up s.r.o.',
    id: '12345678',
    tax_id: 'CZ12345678',
    vat_id: 'CZ12345678',
    street: 'Náměstí 1',
    city: 'Praha',
    postal_code: '110 00',
    country: 'CZ',
    iban: 'CZ6508000000192000145399',
    bic: 'GIBACZPX',
    bban: '192000145399',
    bank_code: '0800',
  }
  return {
    links: { self: { href: `https://service.invalid/api/v1_2/documents/${id}` } },
    id,
    type: 'PurchaseInvoice',
    created_at: '2026-01-01T00:00:00.000Z',
    last_modified_at: '2026-01-02T00:00:00.000Z',
    state: 'ready',
    comments_count: 0,
    view_detail: 'summary',
    verificator_response: 'ok',
    parent_document_id: null,
    preview: `/api/v1_2/documents/${id}/preview`,
    original: `https://service.invalid/originals/${id}?expires=1&signature=00`,
    user_file_name: 'warm-up.pdf',
    invoice_type: 0,
    bank_account: { iban: party.iban, bic: party.bic, bban: party.bban, bank_code: party.bank_code },
    payment_options: {},
    data: {
      header: {
        locale: 'cs',
        invoice_text: 'Faktura',
        invoice_no: '2026000001',
        sepa_reference: '',
        variable_symbol: '2026000001',
        specific_symbol: '',
        issue_date: '2026-01-01',
        tax_date: '2026-01-01',
        due_date: '2026-01-15',
        currency: 'CZK',
        currency_rate: '1',
        text: '',
        customer_no: '',
        purchase_order_no: '',
        reference: '',
        delivery_note_no: '',
        card_no: '',
      },
    },
    supplier: party,
    customer: { ...party, iban: null, bic: null, bban: null, bank_code: null },
    summary: {
      shipping: 0,
      other_cost1: 0,
      other_cost2: 0,
      other_cost3: 0,
      total_discount: 0,
      payment_amount: 121,
      paid_deposits: 0,
      rounding: 0,
      sub_total: 100,
      vat_total: 21,
      total: 121,
    },
    tax_lines: [{ id: 1, percent: 21, sub_total: 100, vat_total: 21, total: 121, paid_deposits: 0 }],
    items: [
      {
        id: 1,
        code: 'A1',
        name: 'Položka',
        quantity: 1,
        unit: 'ks',
        unit_price: 100,
        tax_rate: 21,
        subtotal: 100,
        tax: 21,
        total: 121,
        discount_rate: 0,
        discount: 0,
      },
    ],
  }
}

/** The warm-up page's body as the service would send it: `documents` of ids `count`..1, UTF-8 JSON. */
export function warmUpPageBody(count = 3): Uint8Array {
  const documents = Array.from({ length: count }, (_, index) => warmUpDocument(count - index))
  return new TextEncoder().encode(
    JSON.stringify({ links: { self: { href: 'https://service.invalid/api/v1_2/documents?page=1' } }, documents }),
  )
}
