import { startTestSandbox, type Json, type TestSandbox } from '../../../sandbox/testing'
import { ApiClient } from '../../api/client'

/** A sandbox over real HTTP and a service client signed in to it as demo user 1. */
export interface SandboxService {
  sandbox: TestSandbox
  client: ApiClient
  /** The sandbox's whole state (`GET /_sandbox/state`): agendas, documents, webhooks... */
  state(): Promise<Json>
  close(): Promise<void>
}

/** Starts a sandbox and signs a real {@link ApiClient} in to it (for the app's integration tests). */
export async function startSandboxService(): Promise<SandboxService> {
  const sandbox = await startTestSandbox()
  const token = await sandbox.token(1)
  const client = new ApiClient({
    baseUrl: sandbox.url,
    tokens: { getAccessToken: async () => token, refreshAfterUnauthorized: async () => token },
  })
  return {
    sandbox,
    client,
    state: async () => (await sandbox.api('GET', '/_sandbox/state')).body,
    async close() {
      await client.close()
      await sandbox.close()
    },
  }
}
