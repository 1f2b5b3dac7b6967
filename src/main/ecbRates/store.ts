import { randomUUID } from 'node:crypto'
import { mkdir, open, rename, rm } from 'node:fs/promises'
import { readFileSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { z } from 'zod'
import { ReferenceRatesError } from './errors'

/**
 * The reference rates Docket fetched, kept in one small JSON file in the user-data folder
 * (`ecb-reference-rates.json`): only the days after the shipped table (a few hundred rows),
 * the ETag and Last-Modified of each file asked for (conditional requests), the day of the
 * last attempt (one a day) and its outcome. Written atomically: a temporary file, flushed,
 * then renamed over the old one, so a crash or a full disk leaves the previous file whole.
 * Read back through zod: a damaged, hand-edited or oversized file reads as "nothing stored"
 * (the checks then use the shipped table, and the next update writes a good file).
 */

/** Name of the file in the user-data folder. */
export const STATE_FILE_NAME = 'ecb-reference-rates.json'
/** A stored file larger than this is not read (it holds a few hundred rows, about 60 KB a year). */
export const MAX_STATE_FILE_BYTES = 4 * 1024 * 1024

const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)))

/** The validators a server gave a file, sent back in the next request for it. */
export const feedValidatorsSchema = z.object({
  etag: z.string().max(1000).optional(),
  lastModified: z.string().max(1000).optional(),
})
export type FeedValidators = z.infer<typeof feedValidatorsSchema>

/** What an attempt that failed left: its code and sentence. */
export const attemptErrorSchema = z.object({ code: z.string().max(100), message: z.string().max(2000) })

/** The stored form, version 1. */
export const storedRatesSchema = z
  .object({
    format: z.literal(1),
    /** Currency codes of the columns of `days`. */
    currencies: z.array(z.string().regex(/^[A-Z]{3}$/)).max(200),
    /** `[YYYY-MM-DD, rate or null per currency]`, ascending, after the shipped table. */
    days: z.array(z.tuple([daySchema], z.number().positive().finite().nullable())).max(20_000),
    /** Per URL asked for: its validators. */
    validators: z.record(z.string().max(2000), feedValidatorsSchema),
    /** Local day (YYYY-MM-DD) of the last attempt, whatever its outcome. */
    lastAttemptDay: daySchema.nullable(),
    /** When a server last answered with the rates or "not modified" (UTC ISO 8601). */
    lastCheckedAt: z.string().max(40).nullable(),
    lastError: attemptErrorSchema.nullable(),
  })
  .refine((state) => state.days.every((row) => row.length === state.currencies.length + 1), {
    message: 'a row does not have one rate per currency',
  })
  .refine((state) => state.days.every((row, i) => i === 0 || row[0] > state.days[i - 1]![0]), {
    message: 'the days are not in ascending order',
  })
export type StoredRates = z.infer<typeof storedRatesSchema>

/** What {@link readStoredRates} found. */
export type StoredRead =
  | { kind: 'stored'; state: StoredRates }
  | { kind: 'none' }
  /** There is a file but it cannot be used: `reason` says why, for the log. */
  | { kind: 'unusable'; reason: string }

/** A fresh state: nothing fetched, never tried. */
export function emptyStoredRates(currencies: readonly string[]): StoredRates {
  return {
    format: 1,
    currencies: [...currencies],
    days: [],
    validators: {},
    lastAttemptDay: null,
    lastCheckedAt: null,
    lastError: null,
  }
}

/**
 * Reads the stored rates at `path`. Synchronous on purpose: the file is small and read once,
 * when the checks first need the table. Never throws.
 */
export function readStoredRates(path: string): StoredRead {
  try {
    const size = statSync(path).size
    if (size > MAX_STATE_FILE_BYTES)
      return { kind: 'unusable', reason: `${size} bytes, more than a stored table can be` }
    const parsed = storedRatesSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')))
    if (!parsed.success) return { kind: 'unusable', reason: parsed.error.issues[0]?.message ?? 'not the stored form' }
    return { kind: 'stored', state: parsed.data }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' }
    return { kind: 'unusable', reason: error instanceof Error ? error.message : String(error) }
  }
}

/**
 * Writes `state` to `path` atomically (temporary file in the same folder, flushed, renamed).
 * Rejects with {@link ReferenceRatesError} `storage` when the folder cannot be written (a full
 * disk, a read-only folder); the previous file is then left as it was.
 */
export async function writeStoredRates(path: string, state: StoredRates): Promise<void> {
  const temp = `${path}.${randomUUID()}.tmp`
  try {
    await mkdir(dirname(path), { recursive: true })
    const file = await open(temp, 'w')
    try {
      await file.writeFile(JSON.stringify(state))
      await file.sync()
    } finally {
      await file.close()
    }
    await rename(temp, path)
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined) // best effort: the write's error is the one to report
    const code = (error as NodeJS.ErrnoException).code
    throw new ReferenceRatesError(
      'storage',
      `Docket could not save the reference rates to ${path} (${code ?? (error instanceof Error ? error.message : 'write failed')}).`,
      { path, ...(code ? { osCode: code } : {}) },
      { cause: error },
    )
  }
}
