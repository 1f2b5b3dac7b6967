/**
 * Crash-test worker: runs the offline workspace in a child process so the
 * test can kill it with SIGKILL at any moment. Run with `node --import tsx worker.ts <config.json>`.
 *
 * Modes (config.mode):
 * - `enqueue`: writes the round's actions to the outbox (paused: nothing is sent), prints
 *   `ENQUEUED <n>` and exits;
 * - `replay`: opens the same folder, syncs until the outbox holds no live entry, printing
 *   `SEND` each time an entry goes in flight, then `DONE <failed>` and exits 0.
 * Stdout lines are the protocol; errors go to stderr with exit code 1.
 */
import { readFile } from 'node:fs/promises'
import type { OutboxAction } from '../../../shared/outbox/actions'
import { sandboxClient } from '../testing/sandboxClient'
import { openWorkspace } from '../workspace'
import type { WorkspaceClient } from '../client'

/** An action of the script; comment edits name the create by its index in the script. */
export type ScriptAction =
  | Exclude<OutboxAction, { kind: 'comments.update' | 'comments.delete' | 'upload.files' }>
  | { kind: 'comments.update'; documentId: number; createIndex: number; text: string }
  | { kind: 'comments.delete'; documentId: number; createIndex: number }
  | { kind: 'upload.files'; agendaId: number; type: string; fileName: string }

export interface WorkerConfig {
  mode: 'enqueue' | 'replay'
  dir: string
  url: string
  clientId: string
  clientSecret: string
  email: string
  password: string
  userId: number
  /** enqueue mode: the script */
  actions?: ScriptAction[]
}

/** Bytes of a small uploaded "PDF" named `fileName`. */
export function uploadBytes(fileName: string): Uint8Array {
  return new TextEncoder().encode(`%PDF-1.4\n% crash test upload ${fileName}\n%%EOF\n`)
}

async function main(): Promise<void> {
  const config = JSON.parse(await readFile(process.argv[2]!, 'utf8')) as WorkerConfig
  if (config.mode === 'enqueue') {
    const unreachable = new Proxy(
      {},
      { get: () => () => Promise.reject(Object.assign(new Error('not used'), { code: 'network' })) },
    )
    const ws = await openWorkspace({
      dir: config.dir,
      client: unreachable as WorkspaceClient,
      userId: config.userId,
      options: { undoWindowMs: 0, longUndoWindowMs: 0 },
    })
    ws.pause({ code: 'paused', message: 'enqueue only' })
    const ids: string[] = []
    for (const action of config.actions ?? []) {
      let entry
      if (action.kind === 'comments.update') {
        entry = await ws.enqueue({
          kind: 'comments.update',
          documentId: action.documentId,
          uuid: `local-${ids[action.createIndex]}`,
          text: action.text,
        })
      } else if (action.kind === 'comments.delete') {
        entry = await ws.enqueue({
          kind: 'comments.delete',
          documentId: action.documentId,
          uuid: `local-${ids[action.createIndex]}`,
        })
      } else if (action.kind === 'upload.files') {
        const bytes = uploadBytes(action.fileName)
        entry = await ws.enqueueUpload({
          agendaId: action.agendaId,
          type: action.type,
          files: [{ fileName: action.fileName, contentType: 'application/pdf', bytes }],
        })
      } else {
        entry = await ws.enqueue(action)
      }
      ids.push(entry.id)
    }
    await ws.close()
    process.stdout.write(`ENQUEUED ${ids.length}\n`)
    return
  }

  const t0 = Date.now()
  const client = await sandboxClient(config)
  if (process.env.DOCKET_CRASH_TRACE) process.stderr.write(`TRACE ${Date.now() - t0} signed in\n`)
  const ws = await openWorkspace({
    dir: config.dir,
    client,
    userId: config.userId,
    emit: (event, payload) => {
      if (process.env.DOCKET_CRASH_TRACE && event === 'sync.status') {
        const p = payload as { syncing: boolean; online: boolean; pending: number; lastError: unknown }
        process.stderr.write(
          `TRACE ${Date.now() - t0} syncing=${p.syncing} online=${p.online} pending=${p.pending} ${JSON.stringify(p.lastError)}\n`,
        )
      }
      if (event === 'outbox.changed') process.stdout.write(`SEND ${(payload as { pending: number }).pending}\n`)
    },
    options: {
      undoWindowMs: 0,
      longUndoWindowMs: 0,
      pushConcurrency: 4,
      backoffBaseMs: 10,
      backoffMaxMs: 100,
      batchConfirmPollMs: 20,
      batchConfirmTimeoutMs: 20_000,
      repairPollMs: 3_600_000,
      pullIntervalMs: 3_600_000,
    },
  })
  ws.start()
  for (;;) {
    const entries = await ws.listOutbox()
    const live = entries.filter((e) => e.status === 'pending' || e.status === 'in_flight')
    if (live.length === 0) {
      const failed = entries.filter((e) => e.status === 'failed')
      for (const f of failed) process.stderr.write(`FAILED ${f.action.kind} ${f.error?.code} ${f.error?.message}\n`)
      process.stdout.write(`DONE ${failed.length}\n`)
      break
    }
    await new Promise((r) => setTimeout(r, 25))
  }
  await ws.close()
  await client.close()
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`worker failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exit(1)
  },
)
