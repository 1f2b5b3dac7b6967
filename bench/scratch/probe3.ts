import { Agent } from 'undici'
import { startSandboxProcess } from '../lib/sandboxProcess'
import { passwordToken, ownerCredentials } from '../lib/token'
import { sequentialSync } from '../lib/baseline'
import { ApiClient } from '../../src/main/api'
import { documentListResponseSchema } from '../../src/shared/api/document'
const sb = await startSandboxProcess({ documents: 10000 })
const token = await passwordToken(sb.url, ownerCredentials(sb.credentials))
const d = new Agent()
for (let i = 0; i < 2; i++) console.log('seq lat0', await sequentialSync(sb.url, token, 2, ['PurchaseInvoice','SalesInvoice'], d))
const client = new ApiClient({ baseUrl: sb.url, tokens: { getAccessToken: async () => token, refreshAfterUnauthorized: async () => token } })
for (const c of [1, 2, 4]) {
  const t = performance.now()
  const v = await client.listDocuments({ agendaId: 2, types: ['PurchaseInvoice', 'SalesInvoice'], concurrency: c })
  console.log('client c', c, v.length, Math.round(performance.now() - t))
}
// parse cost per page
const r = await fetch(`${sb.url}/api/v1_2/documents?agenda_id=2&page=3&type[]=PurchaseInvoice&type[]=SalesInvoice`, { headers: { authorization: `Bearer ${token}` } })
const text = await r.text()
console.log('page bytes', text.length)
let t = performance.now(); for (let i = 0; i < 200; i++) JSON.parse(text); console.log('JSON.parse x200', Math.round(performance.now() - t))
const obj = JSON.parse(text)
t = performance.now(); for (let i = 0; i < 200; i++) documentListResponseSchema.parse(obj); console.log('zod x200', Math.round(performance.now() - t))
await client.close(); await d.close(); await sb.close()
