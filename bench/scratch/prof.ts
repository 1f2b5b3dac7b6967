import { startSandboxProcess } from '../lib/sandboxProcess'
import { ownerCredentials, passwordToken } from '../lib/token'
import { workspaceSyncer } from '../lib/workspaceSync'
const sb = await startSandboxProcess({ documents: 10000 })
const token = await passwordToken(sb.url, ownerCredentials(sb.credentials))
const s = (await workspaceSyncer(sb.url, token, 2, console.log))!
const t = performance.now(); const c = process.cpuUsage()
await s.full()
const u = process.cpuUsage(c)
console.log('full', Math.round(performance.now() - t), 'cpu', Math.round((u.user + u.system) / 1000), s.breakdown?.())
await s.close(); await sb.close()
