import type { EvidenceChild, EvidenceChildLauncher } from '../app/evidence/childLauncher'

/** What the launcher uses of Electron's `UtilityProcess` (electron.d.ts). */
export interface UtilityProcessLike {
  readonly pid: number | undefined
  postMessage(message: unknown): void
  kill(): boolean
  on(event: 'message', listener: (message: unknown) => void): this
  on(event: 'exit', listener: (code: number) => void): this
  on(event: 'error', listener: (type: string, location: string) => void): this
}

/** Electron's `utilityProcess.fork` (callable only once the app is ready). */
export type UtilityProcessFork = (
  modulePath: string,
  args: string[],
  options: { execArgv: string[]; serviceName: string; stdio: 'inherit' | 'ignore' | 'pipe' },
) => UtilityProcessLike

/**
 * The evidence reader's launcher (src/main/app/evidence/childLauncher.ts) on Electron's
 * `utilityProcess.fork`: a Node.js child process started by Chromium's service launcher,
 * listed under its name in `app.getAppMetrics()` and in `child-process-gone` (`serviceName`),
 * its stdout and stderr shared with the app's (`stdio: 'inherit'`), messages through
 * `postMessage` / `process.parentPort` (structured clone). Electron ends utility processes
 * when the app quits. A fork that throws (e.g. before the app is ready) throws from the
 * launcher: the reader then fails that document with `reader_failed`.
 */
export function createUtilityProcessLauncher(deps: { fork: UtilityProcessFork }): EvidenceChildLauncher {
  return (spec): EvidenceChild => {
    const child = deps.fork(spec.entry, [], { execArgv: spec.execArgv, serviceName: spec.name, stdio: 'inherit' })
    let gone: string | null = null
    const exitListeners: ((reason: string) => void)[] = []
    const ended = (reason: string) => {
      if (gone !== null) return
      gone = reason
      for (const listener of exitListeners) listener(reason)
    }
    child.on('exit', (code) => ended(`exit code ${code}`))
    // A V8 fatal error; `exit` follows, but the reason is worth keeping.
    child.on('error', (type, location) => ended(`${type} at ${location}`))
    return {
      get pid() {
        return gone === null ? child.pid : undefined
      },
      send(message) {
        if (gone !== null) return
        try {
          child.postMessage(message)
        } catch (error) {
          ended(`postMessage failed: ${error instanceof Error ? error.message : String(error)}`)
        }
      },
      onMessage(listener) {
        child.on('message', listener)
      },
      onExit(listener) {
        if (gone !== null) listener(gone)
        else exitListeners.push(listener)
      },
      kill() {
        child.kill()
      },
    }
  }
}
