/**
 * The services host of the kill test: the real auth, client and offline workspace in a child
 * process, so the parent can SIGKILL it at any moment. Run as
 * `node --import tsx scripts/soak/host.ts <config.json>`.
 *
 * Config: `{ session: SessionConfig, planFile?: string }`. With `planFile` (first start) it
 * syncs, writes every planned action to the outbox, prints `ENQUEUED`; without it (a restart
 * after a kill) it only opens the workspace found on disk. Then it starts the engine and,
 * once every outbox entry is done or failed, prints `SETTLED <failed entries as JSON>` and
 * exits 0. Protocol lines go to stdout; log lines (with `--verbose` in the config) to stderr.
 */
import { readFile } from 'node:fs/promises'
import { toOutboxAction, type Plan } from './plan'
import { openSession, waitForOutboxSettled, type SessionConfig } from './session'

interface HostConfig {
  session: SessionConfig
  planFile?: string
  verbose?: boolean
}

async function main(configPath: string): Promise<void> {
  const config = JSON.parse(await readFile(configPath, 'utf8')) as HostConfig
  const log = config.verbose ? (line: string) => process.stderr.write(`host ${process.pid}: ${line}\n`) : () => {}
  const { workspace } = await openSession(config.session, log)
  if (config.planFile) {
    const plan = JSON.parse(await readFile(config.planFile, 'utf8')) as Pick<Plan, 'actions'>
    await workspace.syncNow()
    const entryIds = new Map<number, string>()
    for (const action of plan.actions) {
      const entry = await workspace.enqueue(toOutboxAction(action, (i) => entryIds.get(i)!))
      entryIds.set(action.index, entry.id)
    }
    process.stdout.write('ENQUEUED\n')
  }
  workspace.start()
  const { failed } = await waitForOutboxSettled(workspace, 10 * 60_000)
  process.stdout.write(`SETTLED ${JSON.stringify(failed.map((e) => ({ action: e.action, error: e.error })))}\n`)
  await workspace.close()
  process.exit(0)
}

main(process.argv[2] ?? '').catch((error: unknown) => {
  process.stderr.write(`host failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(3)
})
