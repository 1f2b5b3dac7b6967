/**
 * The document header's name: the other party of the invoice as the agenda sees it (the
 * customer of a sales invoice, the supplier of any other document: the same rule as the inbox
 * row's `counterpartyName`), never the agenda's own company. Null when it is not extracted.
 */
export function documentCounterparty(doc: {
  type: string
  supplier?: { name?: string | null } | null
  customer?: { name?: string | null } | null
}): string | null {
  const party = doc.type === 'SalesInvoice' ? doc.customer : doc.supplier
  const name = party?.name?.trim()
  return name ? name : null
}
