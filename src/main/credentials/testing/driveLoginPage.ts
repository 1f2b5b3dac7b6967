import { request } from 'undici'

/**
 * Test helper: plays the user on the sandbox's login and consent pages over HTTP (what the
 * login window shows): GET the authorize URL, POST Email/Password, press Authorize or Deny.
 * Resolves with the redirect URL (the 302 Location) — the value a login window yields.
 */
export async function driveLoginPage(
  authorizeUrl: string,
  options: { email: string; password: string; decision?: 'authorize' | 'deny' },
): Promise<string> {
  const origin = new URL(authorizeUrl).origin
  const first = await request(authorizeUrl)
  const loginHtml = await first.body.text()
  if (first.statusCode !== 200)
    throw new Error(`authorize page answered ${first.statusCode}: ${loginHtml.slice(0, 200)}`)
  const form = new URLSearchParams()
  for (const match of loginHtml.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(match[1]!, decodeHtml(match[2]!))
  }
  form.set('email', options.email)
  form.set('password', options.password)
  const login = await request(`${origin}/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  })
  const consentHtml = await login.body.text()
  if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}`)
  const interaction = /name="interaction" value="([^"]+)"/.exec(consentHtml)?.[1]
  if (!interaction) throw new Error('no consent page')
  const decision = await request(`${origin}/oauth/authorize/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ interaction, decision: options.decision ?? 'authorize' }).toString(),
  })
  await decision.body.dump()
  const location = decision.headers.location
  if (decision.statusCode !== 302 || typeof location !== 'string')
    throw new Error(`decision answered ${decision.statusCode}`)
  return location
}

function decodeHtml(value: string): string {
  return value.replace(
    /&lt;|&gt;|&amp;|&#39;|&quot;/g,
    (e) => ({ '&lt;': '<', '&gt;': '>', '&amp;': '&', '&#39;': "'", '&quot;': '"' })[e]!,
  )
}
