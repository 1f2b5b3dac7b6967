import type { DocumentRecord } from '../store'

/**
 * Draws an invoice page from a document's extracted data: a one-page PDF original for
 * generated documents (which have no file of their own; their preview is rendered from it)
 * and an SVG page, the preview of last resort when a file cannot be rasterised. Amounts are
 * shown in the document's currency.
 */

function escapeXml(value: string): string {
  return value.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  )
}

function money(value: number, currency: string): string {
  return `${value.toFixed(2)}${currency ? ` ${currency}` : ''}`
}

function clip(value: string, max: number): string {
  const line = value.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

/** The lines of text an invoice page shows, shared by the SVG and PDF renderings. */
function invoiceLines(doc: DocumentRecord): {
  title: string
  supplier: string[]
  customer: string[]
  facts: Array<[string, string]>
  items: Array<[string, string, string, string]>
  totals: Array<[string, string]>
} {
  const d = doc.data
  const cur = d.header.currency
  const party = (p: typeof d.supplier) =>
    [
      p.name,
      p.street,
      [p.postal_code, p.city].filter(Boolean).join(' '),
      p.country,
      p.vat_id ? `VAT ID ${p.vat_id}` : '',
    ]
      .map((s) => clip(s, 40))
      .filter(Boolean)
  return {
    title: d.invoice_type === 1 ? 'CREDIT NOTE' : 'INVOICE',
    supplier: party(d.supplier).length ? party(d.supplier) : [clip(doc.userFileName, 40)],
    customer: party(d.customer),
    facts: [
      ['Invoice no.', d.header.invoice_no || '—'],
      ['Issue date', d.header.issue_date ?? '—'],
      ['Due date', d.header.due_date ?? '—'],
      ['Currency', cur || '—'],
    ],
    items: d.items
      .slice(0, 14)
      .map((i) => [
        clip(i.name || i.code || 'Item', 44),
        String(i.quantity),
        money(i.unit_price, ''),
        money(i.total, ''),
      ]),
    totals: [
      ['Subtotal', d.summary.sub_total === null ? '—' : money(d.summary.sub_total, cur)],
      ['VAT', d.summary.vat_total === null ? '—' : money(d.summary.vat_total, cur)],
      ['Total', d.summary.total === null ? '—' : money(d.summary.total, cur)],
    ],
  }
}

/** An A4-proportioned SVG page (595 x 842) showing supplier, customer, dates, items and totals. */
export function renderInvoiceSvg(doc: DocumentRecord): string {
  const l = invoiceLines(doc)
  const out: string[] = []
  const t = (x: number, y: number, s: string, attrs = '') =>
    out.push(`<text x="${x}" y="${y}"${attrs}>${escapeXml(s)}</text>`)
  out.push(
    '<svg xmlns="http://www.w3.org/2000/svg" width="595" height="842" viewBox="0 0 595 842" font-family="Helvetica, Arial, sans-serif" font-size="11" fill="#222">',
    '<rect width="595" height="842" fill="#fff"/>',
  )
  t(40, 60, l.title, ' font-size="26" font-weight="bold" fill="#1f4e79"')
  l.supplier.forEach((s, i) => t(40, 95 + i * 15, s, i === 0 ? ' font-weight="bold"' : ''))
  t(330, 95, 'Bill to', ' fill="#777"')
  l.customer.forEach((s, i) => t(330, 110 + i * 15, s, i === 0 ? ' font-weight="bold"' : ''))
  l.facts.forEach(([k, v], i) => {
    t(40, 200 + i * 16, k, ' fill="#777"')
    t(130, 200 + i * 16, v)
  })
  out.push('<rect x="40" y="272" width="515" height="20" fill="#1f4e79"/>')
  const end = ' text-anchor="end"'
  t(46, 286, 'Description', ' fill="#fff" font-weight="bold"')
  t(390, 286, 'Qty', ` fill="#fff" font-weight="bold"${end}`)
  t(470, 286, 'Unit price', ` fill="#fff" font-weight="bold"${end}`)
  t(549, 286, 'Total', ` fill="#fff" font-weight="bold"${end}`)
  l.items.forEach(([name, qty, price, total], i) => {
    const y = 310 + i * 20
    t(46, y, name)
    t(390, y, qty, end)
    t(470, y, price, end)
    t(549, y, total, end)
    out.push(`<line x1="40" y1="${y + 6}" x2="555" y2="${y + 6}" stroke="#ddd"/>`)
  })
  if (l.items.length === 0) t(46, 310, 'No items extracted', ' fill="#777"')
  const top = 330 + Math.max(1, l.items.length) * 20
  l.totals.forEach(([k, v], i) => {
    const bold = i === l.totals.length - 1 ? ' font-weight="bold" font-size="13"' : ''
    t(380, top + i * 18, k, bold)
    t(549, top + i * 18, v, bold + end)
  })
  t(40, 810, `${doc.userFileName} · document ${doc.id}`, ' fill="#999" font-size="9"')
  out.push('</svg>')
  return out.join('\n')
}

/** A one-page PDF of the same content (pdf-lib, standard Helvetica: non-Latin-1 text is replaced). */
export async function renderInvoicePdf(doc: DocumentRecord): Promise<Buffer> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib')
  const pdf = await PDFDocument.create()
  pdf.setTitle(`Invoice ${doc.data.header.invoice_no}`)
  pdf.setProducer('Docket sandbox')
  pdf.setCreationDate(new Date(doc.createdAt))
  pdf.setModificationDate(new Date(doc.createdAt))
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const page = pdf.addPage([595, 842])
  const l = invoiceLines(doc)
  const safe = (s: string) => s.replace(/[^\x20-\x7e\xa0-\xff]/g, '?')
  const t = (x: number, y: number, s: string, size = 11, f = font) =>
    page.drawText(safe(s), { x, y: 842 - y, size, font: f, color: rgb(0.13, 0.13, 0.13) })
  t(40, 60, l.title, 26, bold)
  l.supplier.forEach((s, i) => t(40, 95 + i * 15, s, 11, i === 0 ? bold : font))
  t(330, 95, 'Bill to')
  l.customer.forEach((s, i) => t(330, 110 + i * 15, s, 11, i === 0 ? bold : font))
  l.facts.forEach(([k, v], i) => {
    t(40, 200 + i * 16, k)
    t(130, 200 + i * 16, v)
  })
  /** right-aligned at x */
  const r = (x: number, y: number, s: string, f = font) => t(x - f.widthOfTextAtSize(safe(s), 11), y, s, 11, f)
  t(46, 286, 'Description', 11, bold)
  r(390, 286, 'Qty', bold)
  r(470, 286, 'Unit price', bold)
  r(549, 286, 'Total', bold)
  l.items.forEach(([name, qty, price, total], i) => {
    const y = 310 + i * 20
    t(46, y, name)
    r(390, y, qty)
    r(470, y, price)
    r(549, y, total)
  })
  const top = 330 + Math.max(1, l.items.length) * 20
  l.totals.forEach(([k, v], i) => {
    t(380, top + i * 18, k, 11, i === l.totals.length - 1 ? bold : font)
    r(549, top + i * 18, v, i === l.totals.length - 1 ? bold : font)
  })
  return Buffer.from(await pdf.save())
}

/**
 * The original file of a document: its own, or for a generated document (which has none) a
 * PDF drawn from its data on first request and kept on the record.
 */
export async function originalOf(doc: DocumentRecord): Promise<Buffer> {
  if (!doc.files.original) doc.files.original = await renderInvoicePdf(doc)
  return doc.files.original
}
