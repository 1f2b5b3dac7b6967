import { createHash } from 'node:crypto'
import type { BatchOp, ContentHashRecord, FileVersion, Store } from './store'

/**
 * Content hashes of originals: the SHA-256 of the bytes of a document's original file, kept
 * per document and file version in the account's store (`hashes` sublevel), so that the same
 * file filed twice (in any agenda of the account) is found by the duplicate check even when
 * nothing extracted from it matches.
 *
 * The service sends no checksum, size, ETag or version of a document's file
 * (docs/service-interface.md, "Preview and original file"), so Docket hashes only the bytes it
 * holds anyway: an original downloaded for the in-app view, *Open original* or *Save original
 * as…*, copied for offline review, or uploaded by the person. It never downloads an original
 * only to hash it: every request costs the service something, and a whole account's originals
 * would cost gigabytes. A document whose bytes Docket never held has no hash and is compared
 * by its extracted data only.
 */

/** Versions kept per document: a file replaced over and over keeps its last few, not all. */
export const MAX_FILE_VERSIONS = 5

/** The SHA-256 of `bytes`, lowercase hex (64 characters). */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/**
 * The record after Docket held `version` of the document's file: unchanged (`null`) when it is
 * the newest version already; else the version appended (an older version seen again becomes
 * the newest), at most {@link MAX_FILE_VERSIONS} kept, oldest dropped first.
 */
export function withFileVersion(
  previous: ContentHashRecord | undefined,
  documentId: number,
  version: FileVersion,
): ContentHashRecord | null {
  const versions = previous?.versions ?? []
  if (versions.at(-1)?.sha256 === version.sha256) return null
  const kept = versions.filter((v) => v.sha256 !== version.sha256)
  return { documentId, versions: [...kept, version].slice(-MAX_FILE_VERSIONS) }
}

/**
 * The ops that record the hash of `bytes` as the newest version of document `documentId`'s
 * original (none when it already is). `at` is when Docket held them (UTC ISO 8601).
 */
export async function contentHashOps(
  store: Pick<Store, 'contentHashOf' | 'putContentHashOp'>,
  documentId: number,
  bytes: Uint8Array,
  at: string,
): Promise<BatchOp[]> {
  const version: FileVersion = { sha256: sha256Hex(bytes), size: bytes.byteLength, seenAt: at }
  const record = withFileVersion(await store.contentHashOf(documentId), documentId, version)
  return record ? [store.putContentHashOp(record)] : []
}
