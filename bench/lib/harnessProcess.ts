import { forkReady, type ReadyChild } from './sandboxProcess'

/** Docket's services hosted for the browser in a child process (the stand-in for Electron main). */
export interface HarnessProcess {
  url: string
  pid: number
  /** Calls a channel of the IPC contract the way the renderer does; resolves the IpcResult. */
  invoke(
    channel: string,
    input: unknown,
  ): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }>
  /** The process's `memoryUsage()` after a full GC, in bytes. */
  memory(): Promise<NodeJS.MemoryUsage>
  close(): Promise<void>
}

/**
 * Starts e2e/harness `startHarness` in a child process (`--expose-gc`) with `options`
 * (rendererDir, bridgeScript, sandboxUrl, userDataDir, sandboxOptions...): the bundled host
 * from {@link buildServicesHost} under plain node when `bundle` is given, else through tsx.
 */
export async function startHarnessProcess(options: Record<string, unknown>, bundle?: string): Promise<HarnessProcess> {
  const child: ReadyChild<{ type: 'ready'; url: string }> = await forkReady(bundle ?? 'harnessChild.ts', options, {
    execArgv: ['--expose-gc'],
    plainNode: bundle !== undefined,
  })
  const url = child.ready.url
  return {
    url,
    pid: child.pid,
    async invoke(channel, input) {
      const response = await fetch(`${url}/__harness/ipc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ channel, input }),
      })
      return (await response.json()) as { ok: boolean; value?: unknown; error?: { code: string; message: string } }
    },
    async memory() {
      const reply = await child.ask<{ usage: NodeJS.MemoryUsage }>({ type: 'memory' }, 'memory')
      return reply.usage
    },
    close: child.close,
  }
}
