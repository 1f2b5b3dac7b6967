import { fork, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'

/** Project root (bench/lib/../..). */
export const projectRoot = resolve(import.meta.dirname, '../..')

/** A benchmark helper process that reported `{ type: 'ready', ... }`. */
export interface ReadyChild<M> {
  ready: M
  pid: number
  child: ChildProcess
  /** Sends `message` and resolves with the first reply of type `replyType`. */
  ask<R>(message: { type: string; [field: string]: unknown }, replyType: string, timeoutMs?: number): Promise<R>
  /** Asks the child to close, SIGKILL after 5 s. */
  close(): Promise<void>
}

/**
 * Forks `node --import tsx <entry> <json options>` (entry relative to bench/lib, or absolute;
 * `plainNode` for an already bundled .mjs without the TypeScript loader), waits for its
 * `{ type: 'ready' }` message (or `{ type: 'error', message }`). Rejects on error, early exit or timeout.
 */
export function forkReady<M extends { type: string }>(
  entry: string,
  options: Record<string, unknown>,
  { timeoutMs = 180_000, execArgv = [] as string[], plainNode = false } = {},
): Promise<ReadyChild<M>> {
  const child = fork(resolve(import.meta.dirname, entry), [JSON.stringify(options)], {
    cwd: projectRoot,
    execArgv: plainNode ? execArgv : ['--import', 'tsx', ...execArgv],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  const close = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done()
      const kill = setTimeout(() => child.kill('SIGKILL'), 5000)
      child.once('exit', () => {
        clearTimeout(kill)
        done()
      })
      if (child.connected) child.send({ type: 'close' })
      else child.kill('SIGTERM')
    })
  const ask = <R>(message: { type: string; [field: string]: unknown }, replyType: string, timeout = 30_000) =>
    new Promise<R>((resolveReply, reject) => {
      const timer = setTimeout(() => {
        child.off('message', onMessage)
        reject(new Error(`${entry}: no ${replyType} reply within ${timeout} ms`))
      }, timeout)
      const onMessage = (reply: { type?: string }) => {
        if (reply?.type !== replyType) return
        clearTimeout(timer)
        child.off('message', onMessage)
        resolveReply(reply as R)
      }
      child.on('message', onMessage)
      child.send(message)
    })
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${entry} was not ready within ${timeoutMs} ms`))
    }, timeoutMs)
    const onExit = (code: number | null) => {
      clearTimeout(timer)
      reject(new Error(`${entry} exited (${code}) before it was ready: ${stderr.trim().slice(-600)}`))
    }
    child.once('exit', onExit)
    const onMessage = (message: M | { type: 'error'; message: string }) => {
      if (message.type === 'error') {
        clearTimeout(timer)
        child.off('exit', onExit)
        child.kill('SIGKILL')
        reject(new Error(`${entry} failed: ${(message as { message: string }).message}`))
      } else if (message.type === 'ready') {
        clearTimeout(timer)
        child.off('exit', onExit)
        child.off('message', onMessage)
        resolvePromise({ ready: message as M, pid: child.pid!, child, ask, close })
      }
    }
    child.on('message', onMessage)
  })
}

/** The sandbox's demo credentials as `Sandbox.credentials` reports them. */
export interface SandboxCredentials {
  clientId: string
  clientSecret: string
  users: { email: string; password: string }[]
}

/** Listing work of the sandbox since it started (src/sandbox `SandboxCacheWork`). */
export interface SandboxCacheWork {
  listQueriesComputed: number
  documentsRendered: number
}

/** A sandbox running in a child process. */
export interface SandboxProcess {
  url: string
  /** Time the sandbox took to start and seed its data, in ms (outside every timing). */
  startupMs: number
  credentials?: SandboxCredentials
  pid: number
  /**
   * Puts the sandbox's listing caches back to the state a document change leaves them in
   * (src/sandbox `Sandbox.dropCaches`: every list query, and the rendered JSON of
   * `renderedDocumentIds`), so a floor measured after Docket meets the service as Docket met
   * it. Resolves the listing work done so far.
   */
  dropCaches(renderedDocumentIds?: readonly number[]): Promise<SandboxCacheWork>
  /** The list queries computed and documents rendered since the sandbox started (not served from a cache). */
  cacheWork(): Promise<SandboxCacheWork>
  close(): Promise<void>
}

/**
 * Starts the sandbox (src/sandbox `startSandbox`) in a child process so the service's CPU work
 * does not share the event loop of the client being measured, with `options` passed through
 * (e.g. `{ documents: 10000, faults: { latencyMs: 20 } }`).
 */
export async function startSandboxProcess(options: Record<string, unknown>): Promise<SandboxProcess> {
  const started = await forkReady<{ type: 'ready'; url: string; startupMs: number; credentials?: SandboxCredentials }>(
    'sandboxChild.ts',
    options,
  )
  return {
    url: started.ready.url,
    startupMs: started.ready.startupMs,
    credentials: started.ready.credentials,
    pid: started.pid,
    dropCaches: async (renderedDocumentIds = []) =>
      work(await started.ask<SandboxCacheWork>({ type: 'dropCaches', renderedDocumentIds }, 'cacheWork')),
    cacheWork: async () => work(await started.ask<SandboxCacheWork>({ type: 'cacheWork' }, 'cacheWork')),
    close: started.close,
  }
}

/** The counts of a `cacheWork` reply. */
function work(reply: SandboxCacheWork): SandboxCacheWork {
  return { listQueriesComputed: reply.listQueriesComputed, documentsRendered: reply.documentsRendered }
}

/** The sandbox's listing work between two readings of {@link SandboxProcess.cacheWork}. */
export function workBetween(before: SandboxCacheWork, after: SandboxCacheWork): SandboxCacheWork {
  return {
    listQueriesComputed: after.listQueriesComputed - before.listQueriesComputed,
    documentsRendered: after.documentsRendered - before.documentsRendered,
  }
}
