import { readFileSync } from 'node:fs'

/**
 * Where a process's resident memory is, from /proc/<pid>/smaps (Linux only), in MB:
 * - `anonymous`: private memory (V8's heap, malloc arenas, stacks): what a task manager shows
 *   as the app's memory on macOS (footprint) and Windows (private working set);
 * - `storeFiles`: pages of LevelDB's table files (`*.ldb`), which LevelDB maps into memory to
 *   read them: clean file pages the system can drop and read again at any time;
 * - `executable`: pages of the program's binary and libraries;
 * - `otherFiles`: any other file mapping.
 * RSS counts all four. Undefined off Linux or when the process is gone.
 */
export interface RssBreakdown {
  anonymousMb: number
  storeFilesMb: number
  executableMb: number
  otherFilesMb: number
}

export function rssBreakdown(pid: number): RssBreakdown | undefined {
  let text: string
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8')
  } catch {
    return undefined
  }
  const kb = { anonymous: 0, storeFiles: 0, executable: 0, otherFiles: 0 }
  let name = ''
  for (const line of text.split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \d+\s*(.*)$/.exec(line)
    if (mapping) {
      name = mapping[1]!.trim()
      continue
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line)
    if (rss) {
      const value = Number(rss[1])
      if (name === '' || name.startsWith('[')) kb.anonymous += value
      else if (name.endsWith('.ldb')) kb.storeFiles += value
      else if (/\/(node|electron)$|\.so(\.[\d.]+)?$|\.node$/.test(name)) kb.executable += value
      else kb.otherFiles += value
    }
  }
  const mb = (value: number) => Math.round((value / 1024) * 10) / 10
  return {
    anonymousMb: mb(kb.anonymous),
    storeFilesMb: mb(kb.storeFiles),
    executableMb: mb(kb.executable),
    otherFilesMb: mb(kb.otherFiles),
  }
}

/**
 * The private memory B6 and B9 are judged on (MB): RSS less LevelDB's mapped table files and
 * the program's binary and libraries, i.e. `anonymous + otherFiles`: what the process holds
 * that the system cannot drop and read back from a file it already has.
 */
export function privateMemoryMb(breakdown: RssBreakdown): number {
  return Math.round((breakdown.anonymousMb + breakdown.otherFilesMb) * 10) / 10
}
