import { fork, type Serializable } from 'node:child_process'

/**
 * The port through which the evidence reader starts its child processes: Electron's
 * `utilityProcess.fork` in the app (src/main/electron/utilityProcess.ts), Node's
 * `child_process.fork` in the plain Node hosts (the dev harness, the benchmarks, tests:
 * {@link forkNodeChild}). Both run the same entry (evidenceChild.ts), which finds its channel
 * to the parent itself.
 */

/** What to start: a module and the arguments of the runtime that runs it. */
export interface EvidenceChildSpec {
  /** The child's module (the built `evidenceChild.js`, or its TypeScript source run through tsx). */
  entry: string
  /** Runtime flags, e.g. `--max-old-space-size=256`, `--import tsx`. */
  execArgv: string[]
  /** What the process is called where the OS or Electron lists processes, e.g. `Docket evidence (pdf)`. */
  name: string
}

/** A started child process as the reader sees it. */
export interface EvidenceChild {
  /** The process id once started (undefined before it has started or after it ended). */
  readonly pid: number | undefined
  /** Sends a message (structured clone: Uint8Array is copied as bytes). A message to a child that is gone is dropped. */
  send(message: unknown): void
  /** Every message the child sends; untrusted: the listener checks its shape. */
  onMessage(listener: (message: unknown) => void): void
  /** Called once when the process is gone (it exited, crashed, was killed or did not start), with why. */
  onExit(listener: (reason: string) => void): void
  /** Ends the process (a hung one too). */
  kill(): void
}

/** Starts a child process; may throw when it cannot (the reader then fails the job, `reader_failed`). */
export type EvidenceChildLauncher = (spec: EvidenceChildSpec) => EvidenceChild

/**
 * {@link EvidenceChildLauncher} with Node's `child_process.fork`: IPC with `advanced`
 * serialization (structured clone, so file bytes travel as bytes, not JSON), stdin closed,
 * stdout and stderr shared with this process. The child does not keep this process alive
 * (`unref`: its channel neither), and it ends itself when this process goes (its IPC channel
 * closes: evidenceChild.ts).
 */
export const forkNodeChild: EvidenceChildLauncher = (spec) => {
  const child = fork(spec.entry, [], {
    execArgv: spec.execArgv,
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  child.unref()
  // The IPC channel is a handle of its own; unref'd so an idle child never keeps a host from exiting.
  ;(child.channel as { unref?: () => void } | null | undefined)?.unref?.()
  let gone: string | null = null
  const exitListeners: ((reason: string) => void)[] = []
  const ended = (reason: string) => {
    if (gone !== null) return
    gone = reason
    for (const listener of exitListeners) listener(reason)
  }
  child.on('exit', (code, signal) => ended(signal ? `signal ${signal}` : `exit code ${code}`))
  child.on('error', (error) => {
    // A failed start, or a message that could not be sent: either way the process is not usable.
    ended(`error: ${error.message}`)
    child.kill('SIGKILL')
  })
  return {
    get pid() {
      return gone === null ? child.pid : undefined
    },
    send(message) {
      if (gone !== null || !child.connected) return
      child.send(message as Serializable, (error) => {
        if (error) ended(`send failed: ${error.message}`)
      })
    },
    onMessage(listener) {
      child.on('message', listener)
    },
    onExit(listener) {
      if (gone !== null) listener(gone)
      else exitListeners.push(listener)
    },
    kill() {
      child.kill('SIGKILL')
    },
  }
}
