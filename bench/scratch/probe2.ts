import { startSandboxProcess } from '../lib/sandboxProcess'
import { passwordToken, ownerCredentials } from '../lib/token'
import { watchRequests } from '../lib/inflight'
import { ApiClient } from '../../src/main/api'
const sb = await startSandboxProcess({ documents: 10000, faults: { latencyMs: 20, latencyJitterMs: 0 } })
const token = await passwordToken(sb.url, ownerCredentials(sb.credentials))
const client = new ApiClient({ baseUrl: sb.url, tokens: { getAccessToken: async () => token, refreshAfterUnauthorized: async () => token } })
for (const c of [4, 6, 8, 8, 12, 16]) {
  const t = performance.now()
  const { value, stats } = await watchRequests(/documents/, () => client.listDocuments({ agendaId: 2, types: ['PurchaseInvoice', 'SalesInvoice'], concurrency: c }))
  console.log(c, value.length, Math.round(performance.now() - t), stats.requests, stats.peakInFlight)
}
await client.close(); await sb.close()
