import { ApiClient } from '../../src/main/api'
import { MemoryCredentialStore } from '../../src/main/credentials/credentialStore'
import { TokenEndpoint } from '../../src/main/credentials/tokenEndpoint'
import { TokenManager } from '../../src/main/credentials/tokenManager'
import { openWorkspace, type OfflineWorkspace } from '../../src/main/offline'
import type { EngineOptions } from '../../src/main/offline/options'

/** What a services host needs to reach a sandbox as one user. */
export interface SessionConfig {
  /** The sandbox's base URL. */
  url: string
  clientId: string
  clientSecret: string
  email: string
  password: string
  userId: number
  /** The workspace folder (store, uploads...). */
  dir: string
}

/**
 * Engine timings for the soak: the defaults are sized for people (polls every 30 s, backoff
 * up to a minute); a soak wants the same logic on a faster clock.
 */
export const SOAK_ENGINE_OPTIONS: Partial<EngineOptions> = {
  pushConcurrency: 4,
  pullConcurrency: 4,
  repairPollMs: 500,
  batchConfirmTimeoutMs: 30_000,
  batchConfirmPollMs: 150,
  pullIntervalMs: 5_000,
  backoffBaseMs: 100,
  backoffMaxMs: 2_000,
}

/**
 * Signs in with the sandbox's password grant (the demo account's way in) and opens the real
 * stack: TokenManager (memory credential store) -> ApiClient (undici, retries) -> the offline
 * workspace (classic-level store in `dir`, durable writes). The caller closes the workspace
 * and then the client.
 */
export async function openSession(
  config: SessionConfig,
  log: (line: string) => void = () => {},
): Promise<{ workspace: OfflineWorkspace; client: ApiClient; tokens: TokenManager }> {
  const endpoint = new TokenEndpoint({
    baseUrl: config.url,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
  })
  const store = new MemoryCredentialStore()
  const accountKey = `${config.url}#${config.userId}`
  await store.set(accountKey, { clientSecret: config.clientSecret })
  const tokens = new TokenManager({
    store,
    accountKey: () => accountKey,
    refresh: (refreshToken) => endpoint.refresh(refreshToken),
  })
  await tokens.setTokens(await endpoint.password(config.email, config.password))
  const client = new ApiClient({
    baseUrl: config.url,
    tokens,
    retry: { maxRetries: 4, baseDelayMs: 50, maxDelayMs: 1_000, maxRetryAfterMs: 5_000 },
    timeouts: { connectTimeoutMs: 5_000, headersTimeoutMs: 15_000, bodyTimeoutMs: 15_000 },
    log,
  })
  const workspace = await openWorkspace({
    dir: config.dir,
    client,
    userId: config.userId,
    options: { ...SOAK_ENGINE_OPTIONS, durableWrites: true },
  })
  return { workspace, client, tokens }
}

/** Resolves when every outbox entry is settled (done, or failed and rolled back). */
export async function waitForOutboxSettled(
  workspace: OfflineWorkspace,
  timeoutMs: number,
  pollMs = 100,
): Promise<{ failed: Awaited<ReturnType<OfflineWorkspace['listOutbox']>> }> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const open = await workspace.listOutbox()
    if (open.every((entry) => entry.status === 'failed')) return { failed: open }
    if (Date.now() > deadline) {
      const counts: Record<string, number> = {}
      for (const entry of open) counts[entry.status] = (counts[entry.status] ?? 0) + 1
      throw new Error(`The outbox did not settle in ${timeoutMs} ms: ${JSON.stringify(counts)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}
