import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'

/** The harness started by Playwright's webServer (playwright.config.ts). */
export function sharedHarnessUrl(): string {
  const url = process.env.HARNESS_URL
  if (!url) throw new Error('HARNESS_URL is not set: run the e2e tests through `npm run e2e`.')
  return url
}

/** A harness in its own process: for restarts, other fixtures, or stopping the sandbox. */
export interface HarnessProcess {
  url: string
  sandboxUrl: string | null
  /** Ends the process (SIGTERM, then SIGKILL after 5 s). */
  stop(): Promise<void>
  /** Ends it at once, as a crash would. */
  kill(): Promise<void>
}

const projectRoot = resolve(import.meta.dirname, '../..')

function waitForExit(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done()
    child.once('exit', () => done())
  })
}

/**
 * Starts `e2e/harness/cli.ts --port 0 ...args` and resolves once it printed its URLs.
 * Errors: rejects with the process's output when it exits or says nothing in 60 s.
 */
export function startHarnessProcess(args: string[] = []): Promise<HarnessProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/harness/cli.ts', '--port', '0', ...args], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: '/nonexistent-electron' },
  })
  let output = ''
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`Harness did not start in 60 s:\n${output}`)), 60_000)
    const stop = async (signal: NodeJS.Signals) => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill(signal)
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await waitForExit(child)
      clearTimeout(killer)
    }
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const harness = /Harness listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      const sandbox = /Sandbox listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      const external = args.includes('--sandbox')
      if (harness && (sandbox || external)) {
        clearTimeout(timer)
        done({
          url: harness[1]!,
          sandboxUrl: sandbox?.[1] ?? null,
          stop: () => stop('SIGTERM'),
          kill: () => stop('SIGKILL'),
        })
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`Harness exited with ${code}:\n${output}`))
    })
  })
}
