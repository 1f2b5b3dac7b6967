/**
 * The key layout of the local store. Numeric parts are zero-padded so that key order is
 * numeric order; `!` separates parts and `~` (which sorts after every digit and `!`) closes a
 * range. Changing a key here changes what an existing store on disk means.
 */

/** 12-digit zero padding so numeric keys sort numerically (ids up to 10^12). */
export function pad(n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`cannot use ${n} as a key`)
  return String(n).padStart(12, '0')
}

/** `agendaDocs` key: `<agenda id>!<doc id>`. */
export function agendaDocumentKey(agendaId: number, documentId: number): string {
  return `${pad(agendaId)}!${pad(documentId)}`
}

/** `comments` key: `<doc id>!<uuid>`. */
export function commentKey(documentId: number, uuid: string): string {
  return `${pad(documentId)}!${uuid}`
}

/** `acks` key: `<doc id>!<check code>`. */
export function acknowledgementKey(documentId: number, code: string): string {
  return `${pad(documentId)}!${code}`
}

/**
 * `history` key: `<doc id>!<epoch ms, 15 digits>!<n>`: a document's events in time order; `n`
 * (a counter of the process, 9 digits) keeps two events of the same millisecond apart and in
 * write order. A time before 1970 is written as 0.
 */
export function historyKey(documentId: number, atMs: number, n: number): string {
  const ms = Number.isFinite(atMs) && atMs > 0 ? Math.floor(atMs) : 0
  return `${pad(documentId)}!${String(ms).padStart(15, '0')}!${String(n % 1e9).padStart(9, '0')}`
}

/** `corrections` key: `<doc id>!<field path>`. */
export function correctionKey(documentId: number, field: string): string {
  return `${pad(documentId)}!${field}`
}

/** `correctionLog` key: `<doc id>!<at>!<seq>` (UTC ISO 8601 time, then a 12-digit counter: written order). */
export function correctionEventKey(documentId: number, at: string, seq: number): string {
  return `${pad(documentId)}!${at}!${pad(seq)}`
}

/** The range of keys under one id (`<id>!...`) in `agendaDocs`, `comments`, `acks`, `history`, `corrections` or `correctionLog`. */
export function under(id: number): { gt: string; lt: string } {
  return { gt: `${pad(id)}!`, lt: `${pad(id)}~` }
}

/** The id a two-part key starts with (`<id>!...`). */
export function leadingId(key: string): number {
  return Number(key.slice(0, key.indexOf('!')))
}

/** The id a two-part key ends with (`...!<id>`). */
export function trailingId(key: string): number {
  return Number(key.slice(key.indexOf('!') + 1))
}

/** `files` key: `<kind>!<doc id>`. */
export function fileKey(kind: string, documentId: number): string {
  return `${kind}!${pad(documentId)}`
}

/** Keys and key prefixes of the `meta` sublevel. */
export const META = {
  /** The pull cursor (a `PullCursor`). */
  cursor: 'cursor',
  /** The last outbox sequence number given out. */
  outboxSeq: 'seq',
  /** The last local (negative) agenda id given out. */
  localAgenda: 'localAgenda',
  /** `cmap!<local uuid>` -> the real uuid of a comment created offline. */
  commentIds: 'cmap!',
  /** `amap!<local id>` -> the real id of an agenda created offline. */
  agendaIds: 'amap!',
  /** `uclaim!<doc id>` -> the upload entry that created the document (no later upload claims it). */
  uploadClaims: 'uclaim!',
  /** `offline!<agenda id>` -> the agenda's offline settings and when it was last opened (`AgendaOffline`). */
  agendaOffline: 'offline!',
  /** Set once the history an earlier Docket kept in the window's storage was imported. */
  historyImported: 'historyImported',
  /** A value rewritten to check that the store can be written again after a failure. */
  probe: 'probe',
} as const

/** The range of keys under a `meta` prefix. */
export function prefixed(prefix: string): { gt: string; lt: string } {
  return { gt: prefix, lt: `${prefix}~` }
}
