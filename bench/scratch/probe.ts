import { Agent } from 'undici'
import { startSandboxProcess } from '../lib/sandboxProcess'
import { passwordToken, ownerCredentials } from '../lib/token'
import { sequentialSync } from '../lib/baseline'
const sb = await startSandboxProcess({ documents: 10000, faults: { latencyMs: 20, latencyJitterMs: 0 } })
console.log('startup', sb.startupMs)
const token = await passwordToken(sb.url, ownerCredentials(sb.credentials))
const d = new Agent()
for (let i = 0; i < 2; i++) console.log(await sequentialSync(sb.url, token, 2, ['PurchaseInvoice','SalesInvoice'], d))
console.log(await sequentialSync(sb.url, token, 2, [], d))
await d.close(); await sb.close()
