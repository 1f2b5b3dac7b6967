import { readdir, rename } from 'node:fs/promises'
import type { Level } from './store'

/**
 * What opening the store on disk took: nothing (`null`), a LevelDB repair (`repaired`: the store
 * opened again with what could be read), or a fresh store (`rebuilt`: the damaged one was moved
 * aside to `movedTo`, kept for inspection, and the next sync fills the new one).
 */
export interface StoreRecovery {
  kind: 'repaired' | 'rebuilt'
  /** Why the store could not be used as it was (the error of the failed open or read). */
  cause: string
  /** `rebuilt`: the folder the damaged store now lives in. */
  movedTo: string | null
}

/** The opened level and what opening it took. */
export interface OpenedStore {
  level: Level
  recovery: StoreRecovery | null
}

/** The classic-level operations used here (a fake in tests). */
export interface LevelFactory {
  create(location: string): Level
  repair(location: string): Promise<void>
}

/** classic-level (LevelDB) itself, loaded on first use. */
export async function classicLevelFactory(): Promise<LevelFactory> {
  const { ClassicLevel } = await import('classic-level')
  return {
    create: (location) => new ClassicLevel<string, unknown>(location, { valueEncoding: 'json' }) as unknown as Level,
    repair: (location) => ClassicLevel.repair(location),
  }
}

/**
 * Opens the LevelDB store at `location`, recovering from damage instead of failing:
 *
 * 1. open, then read the outbox and meta sublevels whole (what a start needs at once);
 * 2. on an error, or when `CURRENT` is missing beside other LevelDB files (LevelDB would
 *    otherwise start an empty store and delete the old tables), `ClassicLevel.repair` and again;
 * 3. on an error again, the folder is renamed `<location>.damaged-<UTC time>` and a new store
 *    opened (the outbox comes back from its journal; the next sync pulls everything).
 *
 * A missing `CURRENT` with no other files is simply a new store. `log` receives one line per
 * step taken. Throws only when even a fresh store cannot be opened (the disk or folder is unusable).
 */
export async function openStoreRecovering(
  location: string,
  log: (line: string) => void,
  factory?: LevelFactory,
  now: () => Date = () => new Date(),
): Promise<OpenedStore> {
  const levels = factory ?? (await classicLevelFactory())
  const missing = await missingCurrent(location)
  let cause = missing ? 'CURRENT is missing beside the store files' : ''
  if (!missing) {
    const level = await tryOpen(levels, location)
    if (level instanceof Error) cause = level.message
    else return { level, recovery: null }
  }
  log(`Local store at ${location} could not be opened (${cause}); repairing it`)
  try {
    await levels.repair(location)
    const level = await tryOpen(levels, location)
    if (!(level instanceof Error)) {
      log(`Local store at ${location} repaired`)
      return { level, recovery: { kind: 'repaired', cause, movedTo: null } }
    }
    log(`Local store at ${location} still unusable after repair (${level.message})`)
  } catch (error) {
    log(`Repair of the local store at ${location} failed (${error instanceof Error ? error.message : String(error)})`)
  }
  const movedTo = `${location}.damaged-${now().toISOString().replace(/[:.]/g, '-')}`
  await rename(location, movedTo)
  log(`Damaged local store moved to ${movedTo}; a new one is filled by the next sync`)
  const level = await tryOpen(levels, location)
  if (level instanceof Error) throw level
  return { level, recovery: { kind: 'rebuilt', cause, movedTo } }
}

/** The opened level, or the error that opening or the first reads met (the level closed). */
async function tryOpen(levels: LevelFactory, location: string): Promise<Level | Error> {
  const level = levels.create(location)
  try {
    await level.open()
    for (const name of ['outbox', 'outboxIds', 'meta']) {
      // reading every entry decodes it: a garbled value fails here, not in the middle of a sync
      await level.sublevel(name, { valueEncoding: 'json' }).iterator().all()
    }
    return level
  } catch (error) {
    await level.close().catch(() => {})
    return error instanceof Error ? error : new Error(String(error))
  }
}

/** True when the folder holds LevelDB files (a manifest, tables, logs) but no `CURRENT`. */
async function missingCurrent(location: string): Promise<boolean> {
  const names = await readdir(location).catch(() => [] as string[])
  if (names.includes('CURRENT')) return false
  return names.some((name) => name.startsWith('MANIFEST-') || name.endsWith('.ldb') || name.endsWith('.log'))
}
