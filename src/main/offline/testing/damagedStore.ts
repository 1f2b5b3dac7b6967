import { randomBytes } from 'node:crypto'
import { readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** The files of a LevelDB store a test can damage: `CURRENT`, the manifest, the write-ahead log, the tables. */
export const STORE_FILES = ['CURRENT', 'MANIFEST', 'log', 'ldb'] as const
export type StoreFile = (typeof STORE_FILES)[number]

/**
 * What is done to each file: `truncate` cuts it to 90 % of its length (a write cut short),
 * `garbage` overwrites 2 KB in its middle (the whole file when smaller) with random bytes (a bad
 * sector, a stray write), `delete` removes it.
 */
export const DAMAGES = ['truncate', 'garbage', 'delete'] as const
export type Damage = (typeof DAMAGES)[number]

/** Bytes of garbage written by `garbage`. */
const GARBAGE_BYTES = 2048

/** Whether a file of the store folder is of `kind`. */
function isOfKind(name: string, kind: StoreFile): boolean {
  if (kind === 'CURRENT') return name === 'CURRENT'
  if (kind === 'MANIFEST') return name.startsWith('MANIFEST-')
  return name.endsWith(`.${kind}`)
}

/**
 * Test support: damages every file of `kind` in the LevelDB folder `storeDir` (the store must be
 * closed) and returns their names. Throws when the folder holds no such file, so a test never
 * believes it damaged something it did not (e.g. no `.ldb` before a compaction).
 */
export async function damageStore(storeDir: string, kind: StoreFile, damage: Damage): Promise<string[]> {
  const names = (await readdir(storeDir)).filter((name) => isOfKind(name, kind))
  if (names.length === 0) throw new Error(`No ${kind} file in ${storeDir} to damage`)
  for (const name of names) {
    const path = join(storeDir, name)
    if (damage === 'delete') await rm(path)
    else if (damage === 'truncate') {
      const length = (await readFile(path)).byteLength
      await truncate(path, Math.floor(length * 0.9))
    } else {
      const bytes = await readFile(path)
      const size = Math.min(GARBAGE_BYTES, bytes.byteLength)
      const start = Math.floor((bytes.byteLength - size) / 2)
      randomBytes(size).copy(bytes, start)
      await writeFile(path, bytes)
    }
  }
  return names
}
