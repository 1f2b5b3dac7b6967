import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The folders {@link makeTempDir} made in this worker and {@link removeTempDirs} has not removed yet. */
const made = new Set<string>()

/** A fresh folder under the system's temporary folder, named `<prefix>XXXXXX`; remove it with {@link removeTempDirs}. */
export async function makeTempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix))
  made.add(dir)
  return dir
}

/** Removes every folder {@link makeTempDir} made (call it once the harness using them stopped). */
export async function removeTempDirs(): Promise<void> {
  for (const dir of made) await rm(dir, { recursive: true, force: true })
  made.clear()
}
