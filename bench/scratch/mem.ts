import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startHarnessProcess } from '../lib/harnessProcess'
import { startSandboxProcess } from '../lib/sandboxProcess'
const docs = Number(process.argv[2] ?? 0)
const sandbox = await startSandboxProcess({ documents: docs })
const userDataDir = await mkdtemp(join(tmpdir(), 'docket-mem-'))
const opts = { rendererDir: 'bench/.tmp/build/renderer', bridgeScript: 'bench/.tmp/build/harness/bridge.js', sandboxUrl: sandbox.url, userDataDir }
const bundle = '/work/main/bench/.tmp/services-host.mjs'
let h = await startHarnessProcess(opts, bundle)
const mb = (u: NodeJS.MemoryUsage) => Object.fromEntries(Object.entries(u).map(([k, v]) => [k, Math.round(v / 2 ** 20)]))
console.log('fresh', mb(await h.memory()))
for (let i = 0; i < 120; i++) { const s = await h.invoke('sync.status', {}); const v = s.value as any; if (v?.lastSyncAt && !v.syncing) break; await new Promise(r => setTimeout(r, 500)) }
console.log('synced', mb(await h.memory()))
await h.close()
h = await startHarnessProcess(opts, bundle)
console.log('restarted', mb(await h.memory()))
for (let i = 0; i < 120; i++) { const s = await h.invoke('sync.status', {}); const v = s.value as any; if (v?.lastSyncAt && !v.syncing) break; await new Promise(r => setTimeout(r, 500)) }
console.log('restart-synced', mb(await h.memory()))
const l = await h.invoke('documents.list', { agendaId: 2 })
console.log('listed', (l.value as any)?.rows?.length, mb(await h.memory()))
await h.close(); await sandbox.close()
