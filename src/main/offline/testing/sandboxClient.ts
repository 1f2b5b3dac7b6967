import { ApiClient } from '../../api/client'
import type { DocumentPageDecoder } from '../../api/pageDecoder'

/**
 * Test support: a real {@link ApiClient} signed in to a sandbox as a demo user with the
 * password grant (docs/service-interface.md, tokens). Short retry delays so faults do
 * not slow tests down. Not used at run time.
 */
export async function sandboxClient(options: {
  url: string
  clientId: string
  clientSecret: string
  email: string
  password: string
  /** Decodes listing pages (e.g. a WorkerPageDecoder, as the app does); default on the calling thread. */
  pageDecoder?: DocumentPageDecoder
  /** The client's `baseDeadlineMs` (the overall deadline of a request with a small answer); default the app's. */
  baseDeadlineMs?: number
}): Promise<ApiClient> {
  const grant = async (): Promise<string> => {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(`${options.url}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            grant_type: 'password',
            client_id: options.clientId,
            client_secret: options.clientSecret,
            username: options.email,
            password: options.password,
          }),
        })
        if (response.status !== 200) throw new Error(`password grant failed: HTTP ${response.status}`)
        return ((await response.json()) as { access_token: string }).access_token
      } catch (error) {
        if (attempt >= 20) throw error
        await new Promise((r) => setTimeout(r, 50))
      }
    }
  }
  let token = await grant()
  return new ApiClient({
    baseUrl: options.url,
    tokens: {
      getAccessToken: async () => token,
      refreshAfterUnauthorized: async () => (token = await grant()),
    },
    retry: { maxRetries: 3, baseDelayMs: 10, maxDelayMs: 100, maxRetryAfterMs: 2_000 },
    timeouts: { connectTimeoutMs: 2_000, headersTimeoutMs: 5_000, bodyTimeoutMs: 5_000 },
    ...(options.pageDecoder ? { pageDecoder: options.pageDecoder } : {}),
    ...(options.baseDeadlineMs !== undefined ? { baseDeadlineMs: options.baseDeadlineMs } : {}),
  })
}
