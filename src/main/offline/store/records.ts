import type { Document } from '../../../shared/api/document'

/**
 * The service's copy of a document as the store keeps it: the document as the service last
 * sent it, with the facts the API does not carry. Optimistic effects are never written into
 * it (the view applies them on read: effects.ts).
 */
export interface DocumentRecord {
  doc: Document
  agendaId: number
  /** Archived on the service (known from an archive we sent, or a pull that says so). */
  archived: boolean
  /** When this copy was written (UTC ISO 8601). */
  storedAt: string
}

/** A cached preview or original file (bytes in `<dir>/<kind>s/<doc id>`). */
export interface FileRecord {
  kind: 'preview' | 'original'
  documentId: number
  size: number
  contentType: string
  fileName?: string
  /** Epoch ms of the last read (least recently used leaves first). */
  lastAccess: number
}

/**
 * One version of a document's original file as Docket held it: the SHA-256 of its bytes
 * (lowercase hex), its size in bytes and when Docket first held these bytes (UTC ISO 8601).
 */
export interface FileVersion {
  sha256: string
  size: number
  seenAt: string
}

/**
 * The content hashes of one document's original file, oldest first: a new version is added when
 * Docket holds bytes whose hash differs from the newest (the service sends no checksum, size or
 * version of a file, so the bytes themselves tell one version from another). The newest is the
 * document's file now (the duplicate check compares it).
 */
export interface ContentHashRecord {
  documentId: number
  versions: FileVersion[]
}

/** Where the last pull left off: what the next one asks `modified_since` and lists. */
export interface PullCursor {
  /** When the last complete pull began (UTC ISO 8601). */
  lastPullAt: string
  /** When the last complete full (not delta) pull began (UTC ISO 8601). */
  lastFullPullAt: string
  /** The agendas of the account at that pull: a delta lists them before the agenda list arrives. */
  agendaIds: number[]
  /**
   * Agendas last listed before `lastPullAt` (a background pull lists only the agendas due),
   * by id: when their last listing began (UTC ISO 8601). Absent: listed at `lastPullAt`.
   */
  agendaPulledAt?: Record<string, string>
}

/**
 * What the person chose for an agenda's offline copies, and when it was last opened. Unset
 * `availableOffline` follows the default: available when opened in the last 30 days.
 */
export interface AgendaOffline {
  availableOffline?: boolean
  keepOriginalsOffline?: boolean
  /** When the person last listed the agenda's documents (UTC ISO 8601). */
  openedAt?: string
}
