import { request } from 'undici'

/** The sandbox's demo OAuth client and user (public demo values printed by the sandbox itself, not secrets of any service). */
export const SANDBOX_CREDENTIALS = {
  clientId: 'docket-desktop',
  clientSecret: 'docket-sandbox-secret',
  username: 'demo@docket.test',
  password: 'demo-password-1',
} as const

/** Agenda of the sandbox's synthetic documents ("Demo Scale Ltd."). */
export const SCALE_AGENDA_ID = 2

/**
 * A password-grant access token: POST {url}/oauth/token
 * `{grant_type:'password', client_id, client_secret, username, password}` (observed clients).
 * Throws when the service does not answer 200 with an `access_token` (the token is never logged).
 */
export async function passwordToken(
  url: string,
  credentials: { clientId: string; clientSecret: string; username: string; password: string } = SANDBOX_CREDENTIALS,
): Promise<string> {
  const response = await request(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      username: credentials.username,
      password: credentials.password,
    }),
  })
  const body = (await response.body.json()) as { access_token?: unknown }
  if (response.statusCode !== 200 || typeof body.access_token !== 'string') {
    throw new Error(`password grant failed with status ${response.statusCode}`)
  }
  return body.access_token
}

/** The password-grant credentials of the demo owner from a sandbox's `credentials`, or the defaults. */
export function ownerCredentials(credentials?: {
  clientId: string
  clientSecret: string
  users: { email: string; password: string }[]
}): typeof SANDBOX_CREDENTIALS | { clientId: string; clientSecret: string; username: string; password: string } {
  const owner = credentials?.users.find((u) => u.email === SANDBOX_CREDENTIALS.username) ?? credentials?.users[0]
  if (!credentials || !owner) return SANDBOX_CREDENTIALS
  return {
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    username: owner.email,
    password: owner.password,
  }
}
