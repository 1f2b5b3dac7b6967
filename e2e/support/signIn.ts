import { expect, type Locator, type Page } from '@playwright/test'

/** The sandbox's registration and demo user, as the sign-in form needs them. */
export interface SandboxLogin {
  url: string
  credentials: { clientId: string; clientSecret: string; redirectUri: string }
}

/** Fills the sign-in screen's "Add a server" form with the sandbox as the service. */
export async function addSandboxServer(page: Page, sandbox: SandboxLogin, label = 'Sandbox'): Promise<void> {
  await expect(page.getByTestId('signin-screen')).toBeVisible()
  await page.getByLabel('Name').fill(label)
  await page.getByLabel('Service address').fill(sandbox.url)
  await page.getByLabel('Client id').fill(sandbox.credentials.clientId)
  await page.getByLabel('Client secret').fill(sandbox.credentials.clientSecret)
  await page.getByLabel('Redirect URI').fill(sandbox.credentials.redirectUri)
  await page.getByRole('button', { name: 'Add server' }).click()
}

/**
 * Clicks "Sign in with the system browser" (in `within`, default the whole page), and in the
 * tab the harness opens plays the user on the sandbox's login page (labelled Email and
 * Password, "Sign in") and consent page ("Authorize" or "Deny"). Resolves with that tab once
 * it shows the loopback listener's answer.
 */
export async function signInOnSandboxPages(
  page: Page,
  decision: 'Authorize' | 'Deny' = 'Authorize',
  within: Page | Locator = page,
): Promise<Page> {
  const popupPromise = page.waitForEvent('popup')
  await within.getByRole('button', { name: 'Sign in with the system browser' }).click()
  const popup = await popupPromise
  await popup.getByLabel('Email').fill('demo@docket.test')
  await popup.getByLabel('Password').fill('demo-password-1')
  await popup.getByRole('button', { name: 'Sign in' }).click()
  await popup.getByRole('button', { name: decision }).click()
  // The consent page redirects to Docket's loopback listener, which answers "Signed in to
  // Docket" or "Sign-in not completed". Closing the tab while that navigation is still in
  // flight could leave Playwright's `close()` waiting for minutes: the tab is handed back once
  // it shows the answer.
  await expect(popup.getByRole('heading', { name: /^(Signed in to Docket|Sign-in not completed)$/ })).toBeVisible({
    timeout: 30_000,
  })
  return popup
}
