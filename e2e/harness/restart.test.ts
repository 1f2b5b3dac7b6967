import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChannelName } from '../../src/shared/ipc'
import { startHarness, type Harness } from './server'

let dir = ''
const running: Harness[] = []
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docket-harness-restart-'))
  await writeFile(join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
  await writeFile(join(dir, 'bridge.js'), '/* bridge */')
})
afterEach(async () => {
  for (const harness of running.splice(0)) await harness.close()
  await rm(dir, { recursive: true, force: true })
})

/** A port free now (the switch binds it a moment later). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

const lines: string[] = []

async function start(networkPort: number): Promise<Harness> {
  const harness = await startHarness({
    log: (line) => lines.push(line),
    rendererDir: dir,
    bridgeScript: join(dir, 'bridge.js'),
    userDataDir: join(dir, 'user-data'),
    credentials: 'memory',
    sandboxOptions: { admin: true },
    networkPort,
  })
  running.push(harness)
  return harness
}

async function stop(harness: Harness): Promise<void> {
  running.splice(running.indexOf(harness), 1)
  await harness.close()
}

/** Calls an IPC handler of the harness's services as the renderer would. */
async function call(harness: Harness, channel: ChannelName, input: unknown = {}): Promise<unknown> {
  const handler = (harness.services.handlers as Record<string, (input: unknown, context: unknown) => unknown>)[channel]
  return handler!(input, { senderUrl: harness.url })
}

async function sandboxDocuments(harness: Harness): Promise<{ id: number; state: string }[]> {
  const state = (await (await fetch(`${harness.sandboxUrl}/_sandbox/state`)).json()) as {
    documents: { id: number; state: string }[]
  }
  return state.documents
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await read()
    if (ok(value) || Date.now() > end) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('a harness restarted on the same user data', () => {
  it('with the same --network-port keeps the demo account and sends the actions queued before', async () => {
    const port = await freePort()
    const first = await start(port)
    expect(first.network!.url).toBe(`http://127.0.0.1:${port}`)
    const accountsOf = async (harness: Harness) =>
      ((await call(harness, 'auth.listAccounts')) as { id: string; baseUrl: string }[]).map(({ id, baseUrl }) => ({
        id,
        baseUrl,
      }))
    const accounts = await accountsOf(first)
    await until(
      () => call(first, 'sync.status') as Promise<{ lastSyncAt: string | null }>,
      (s) => s.lastSyncAt !== null,
    )
    const ready = (await sandboxDocuments(first)).find((d) => d.state === 'ready')!
    await first.network!.setOnline(false)
    await call(first, 'documents.setState', { ids: [ready.id], state: 'exported' })
    expect(((await call(first, 'outbox.list')) as { entries: unknown[] }).entries).toHaveLength(1)
    expect(await call(first, 'auth.listAccounts')).toMatchObject([{ queuedActions: 1 }])
    await stop(first)

    const second = await start(port)
    expect(await accountsOf(second)).toEqual(accounts)
    const sent = await until(
      () => sandboxDocuments(second),
      (documents) => documents.find((d) => d.id === ready.id)?.state === 'exported',
    )
    expect(sent.find((d) => d.id === ready.id)?.state).toBe('exported')
    // The service applies the action before its answer reaches the outbox: wait for the answer too.
    const outbox = await until(
      async () => ((await call(second, 'outbox.list')) as { entries: unknown[] }).entries,
      (entries) => entries.length === 0,
    )
    expect(outbox).toEqual([])
  }, 60_000)

  it('with another address replaces the demo account (another service) and says that its queue is discarded', async () => {
    const first = await start(await freePort())
    await until(
      () => call(first, 'sync.status') as Promise<{ lastSyncAt: string | null }>,
      (s) => s.lastSyncAt !== null,
    )
    const ready = (await sandboxDocuments(first)).find((d) => d.state === 'ready')!
    await first.network!.setOnline(false)
    await call(first, 'documents.setState', { ids: [ready.id], state: 'exported' })
    const [before] = (await call(first, 'auth.listAccounts')) as { id: string }[]
    await stop(first)

    const second = await start(await freePort())
    const [after] = (await call(second, 'auth.listAccounts')) as { id: string; queuedActions: number }[]
    expect(after!.id).not.toBe(before!.id)
    expect(after!.queuedActions).toBe(0)
    expect(lines.join('\n')).toMatch(/demo service moved from .* its 1 queued actions are discarded/)
  }, 60_000)
})
