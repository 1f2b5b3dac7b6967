import { readdirSync, readFileSync } from 'node:fs'

/**
 * The resident memory of a process's children (Linux: `/proc/<pid>/stat`'s parent id and
 * `/proc/<pid>/status`'s VmRSS), in bytes, with how many there are: the services' evidence
 * processes are children of the services, and their memory is not in the services' own RSS.
 * `{ count: 0, rssBytes: 0 }` where /proc cannot be read.
 */
export function childrenRss(parentPid: number): { count: number; rssBytes: number } {
  let count = 0
  let rssBytes = 0
  let entries: string[]
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/u.test(name))
  } catch {
    return { count, rssBytes }
  }
  for (const pid of entries) {
    try {
      // The fields after the command's closing parenthesis: state, then the parent's id.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (parent !== parentPid) continue
      const kb = /VmRSS:\s+(\d+) kB/u.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
      count++
      rssBytes += Number(kb ?? 0) * 1024
    } catch {
      // Gone meanwhile.
    }
  }
  return { count, rssBytes }
}
