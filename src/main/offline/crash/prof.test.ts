import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { it } from 'vitest'
import { startSandbox } from '../../../sandbox'
import { sandboxClient } from '../testing/sandboxClient'
import { openWorkspace } from '../workspace'
it('prof', async () => {
  const sandbox = await startSandbox({ port: 0, admin: true, documents: 60, jobDelayMs: 20, processingDelayMs: 20 })
  const demo = sandbox.credentials.users[0]!
  const client = await sandboxClient({ url: sandbox.url, clientId: sandbox.credentials.clientId, clientSecret: sandbox.credentials.clientSecret, email: demo.email, password: demo.password })
  for (const durable of [true, false]) {
  const ws = await openWorkspace({ dir: await mkdtemp(join(tmpdir(), 'x')), client, userId: 1, options: { undoWindowMs: 0, durableWrites: durable, batchConfirmPollMs: 20 } })
  let t = Date.now()
  await ws.syncNow()
  console.log('pull', Date.now() - t)
  const docs = (await ws.listDocuments(2)).slice(0, 10).map((d) => d.id)
  ws.pause()
  t = Date.now()
  for (let i = 0; i < 200; i++) await ws.enqueue(i % 3 === 0 ? { kind: 'comment.create', documentId: docs[i % 10]!, text: `p${i}` } : { kind: 'document.setState', documentId: docs[i % 10]!, state: i % 2 ? 'ready' : 'exported' })
  console.log('enqueue', Date.now() - t)
  t = Date.now()
  ws.resume()
  while (ws.status().pending > 0) await new Promise((r) => setTimeout(r, 10))
  console.log('push', durable, Date.now() - t)
  await ws.close()
  }
  await sandbox.close()
}, 120000)
