import { createHash } from 'node:crypto'
import type { AgendaSummary, DocumentList } from '../../../shared/ipc'

/**
 * The token that names a list's content (`documents.watch`): a SHA-1 (base64url, 27
 * characters) of its agenda, its ids in order and, for All agendas, the agenda of each. Two
 * lists with the same token list the same documents in the same order, so a screen holding one
 * needs no ids of the other. Costs one pass over the ids (about 0.3 ms for 14,000), far less
 * than validating, cloning and indexing them again; once per frozen ids array (see `tokens`).
 */
export function listToken(list: Pick<DocumentList, 'agendaId' | 'ids' | 'agendaIds'>): string {
  // Only a frozen array is sure to list what it listed when it was hashed.
  if (!Object.isFrozen(list.ids) || (list.agendaIds && !Object.isFrozen(list.agendaIds))) return hashOf(list)
  const known = tokens.get(list.ids)
  if (known && known.agendaId === list.agendaId && known.agendaIds === list.agendaIds) return known.token
  const token = hashOf(list)
  tokens.set(list.ids, { agendaId: list.agendaId, agendaIds: list.agendaIds, token })
  return token
}

/**
 * The token of each frozen ids array hashed, with the agenda and agendas array it was hashed
 * with: the lists main answers keep their (frozen) arrays while they are unchanged
 * (rowQuery.ts, allAgendasQuery.ts), so a view of an unchanged list hashes nothing. Kept while
 * the array lives.
 */
const tokens = new WeakMap<
  readonly number[],
  { agendaId: DocumentList['agendaId']; agendaIds: DocumentList['agendaIds']; token: string }
>()

function hashOf(list: Pick<DocumentList, 'agendaId' | 'ids' | 'agendaIds'>): string {
  const hash = createHash('sha1')
  hash.update(`${String(list.agendaId)}:${list.ids.length}:${list.agendaIds ? list.agendaIds.length : -1}:`)
  // Ids and agenda ids are integers (negative for ones created offline): exact as doubles.
  hash.update(Float64Array.from(list.ids))
  if (list.agendaIds) hash.update(Float64Array.from(list.agendaIds))
  return hash.digest('base64url')
}

/**
 * The token that names the sidebar's agendas as a view carries them (`documents.watch`
 * `agendasToken`): a SHA-1 (base64url, 27 characters) of their JSON, every field of each in
 * order (name, currency, counts, offline settings). Equal agendas give the same token, so a
 * screen holding them needs none of them again; any change of one agenda's row gives another.
 * Costs one JSON pass (about 0.2 ms for 200 agendas), less than the 43 KB the renderer would
 * parse, validate and compare on each key. The agendas are built field by field in one order
 * (agendas/list.ts), so equal content is equal JSON.
 */
export function agendasToken(agendas: readonly AgendaSummary[]): string {
  return createHash('sha1').update(JSON.stringify(agendas)).digest('base64url')
}
