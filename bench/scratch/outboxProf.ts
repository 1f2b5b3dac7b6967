import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Store } from '../../src/main/offline/store'
import { openWorkspace } from '../../src/main/offline'
import { FakeService } from '../../src/main/offline/fakeClient'
let scanMs = 0, scans = 0, batchMs = 0
const orig = Store.prototype.outboxEntries
Store.prototype.outboxEntries = async function () { const t = performance.now(); try { return await orig.call(this) } finally { scanMs += performance.now() - t; scans++ } }
const origBatch = Store.prototype.batch
Store.prototype.batch = async function (ops) { const t = performance.now(); try { return await origBatch.call(this, ops) } finally { batchMs += performance.now() - t } }
const dir = await mkdtemp(join(tmpdir(), 'docket-prof-'))
const fake = new FakeService({ agendas: 1, documentsPerAgenda: 1500, state: 'ready' })
const ws = await openWorkspace({ dir, client: fake, userId: 1, options: {} })
await ws.syncNow()
fake.offline = true
await ws.syncNow()
const docs = await ws.listDocuments(1)
console.log('docs', docs.length, 'online', ws.status().online)
scanMs = 0; scans = 0; batchMs = 0
const lat: number[] = []
const t0 = performance.now()
for (let i = 0; i < 1000; i++) {
  const t = performance.now()
  await ws.enqueue({ kind: 'document.setState', documentId: docs[i]!.id, state: 'exported' })
  lat.push(performance.now() - t)
  if ((i + 1) % 200 === 0) { const s = lat.slice(-200).sort((a, b) => a - b); console.log(i + 1, 'p50', s[100]!.toFixed(2), 'p95', s[190]!.toFixed(2), 'scanMs', scanMs.toFixed(0), 'scans', scans, 'batchMs', batchMs.toFixed(0)); scanMs = 0; scans = 0; batchMs = 0 }
}
console.log('total', (performance.now() - t0).toFixed(0))
await ws.close()
