/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { sharedHarnessUrl } from './support/harnessProcess'
import { shootSizesAndThemes } from './support/screenshots'

/**
 * What the status bar, the sign-in banner and the outbox panel look like in each sync state,
 * over the shared demo harness. The states are set by answering `sync.status` and
 * `outbox.list` with chosen values (and cutting the event stream so the live engine does not
 * overwrite them): every state can be shown at once, including the ones a real run reaches
 * only through a full disk. The real paths to these states are driven in offline-review.spec.ts.
 */
const artifacts = 'e2e/artifacts'
mkdirSync(artifacts, { recursive: true })

type Status = Record<string, unknown>

const online: Status = {
  online: true,
  syncing: false,
  paused: false,
  lastSyncAt: '2026-11-24T08:00:00Z',
  pending: 0,
  failed: 0,
  progress: { done: 0, expected: 0 },
  lastError: null,
  connection: 'online',
  retryAt: null,
  waitUntil: null,
  storageError: null,
  offlineCopies: { done: 340, total: 412, running: true, stopped: null },
  signedOutQueued: 0,
}

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString()
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString()

/** Serves `status` for `sync.status` and `entries` for `outbox.list`; the rest goes to the harness. */
async function withState(page: Page, status: Status, entries: unknown[] = []): Promise<void> {
  await page.unroute('**/__harness/ipc')
  await page.route('**/__harness/events', (route) => route.abort())
  await page.route('**/__harness/ipc', async (route) => {
    const { channel } = route.request().postDataJSON() as { channel: string }
    if (channel === 'sync.status' || channel === 'sync.retryStorage' || channel === 'sync.tryNow') {
      return route.fulfill({ json: { ok: true, value: status } })
    }
    if (channel === 'outbox.list') return route.fulfill({ json: { ok: true, value: { entries } } })
    return route.continue()
  })
  await page.goto(sharedHarnessUrl())
  // The demo sandbox's first sync may still be running on a busy machine.
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible({ timeout: 30_000 })
}

function entry(seq: number, documentId: number, status: string, extra: Record<string, unknown> = {}) {
  return {
    id: `00000000-0000-4000-8000-00000000000${seq}`,
    seq,
    action: { kind: 'documents.setState', items: [{ id: documentId, state: 'ready' }] },
    createdAt: minutesAgo(seq * 7 + 2),
    baseLastModifiedAt: null,
    attempts: status === 'failed' ? 3 : 0,
    status,
    dependsOn: [],
    description: `Mark #${documentId} ready`,
    ...extra,
  }
}

test('the status bar tells offline, the service failing, signed out and a failing cache apart', async ({ page }) => {
  await withState(page, { ...online, online: false, connection: 'offline', retryAt: inSeconds(25), pending: 4 })
  const connection = page.getByTestId('status-online')
  await expect(connection).toHaveAttribute('data-connection', 'offline')
  await expect(connection).toContainText('Offline: no connection')
  await expect(page.getByTestId('status-retry')).toContainText(/next try in \d+ s/)
  await expect(page.getByTestId('status-offline-copies')).toHaveText('Offline copies 340 / 412')
  await shootSizesAndThemes(page, `${artifacts}/status-offline`)

  await withState(page, { ...online, connection: 'service_failing', waitUntil: inSeconds(30), retryAt: inSeconds(30) })
  await expect(connection).toContainText('The service is failing')
  // The time was set before the page loaded, which can take seconds on a loaded machine.
  await expect(page.getByTestId('status-wait')).toContainText(/The service asked us to wait ([1-9]|[12]\d|30) s/)
  await expect(page.getByTestId('status-try-now')).toHaveText('Try now')
  await shootSizesAndThemes(page, `${artifacts}/status-service-failing`)
  // Try now asks main to end the wait (sync.tryNow) and shows the state it answers.
  const tryNow = page.waitForRequest((r) => r.url().endsWith('/__harness/ipc') && r.postData()!.includes('sync.tryNow'))
  await page.getByTestId('status-try-now').click()
  await tryNow

  const held = 'The service lists more than 200,000 documents in agenda 2 (4,000 pages); Docket stops there.'
  await withState(page, { ...online, heldAgendas: [{ agendaId: 2, code: 'bad_response', message: held }] })
  await expect(page.getByTestId('status-held')).toHaveText('1 agenda not synced')
  await expect(page.getByTestId('status-held')).toHaveAttribute('title', held)
  await expect(page.getByTestId('status-held-retry')).toHaveText('Sync again')
  await shootSizesAndThemes(page, `${artifacts}/status-held-agenda`)

  await withState(page, {
    ...online,
    connection: 'storage_failing',
    storageError: { folder: '/home/dana/.config/Docket/cache', reason: 'disk_full', message: 'ENOSPC: no space left' },
  })
  await expect(page.getByTestId('status-storage')).toHaveText(
    'Docket can’t write to its cache folder (disk full): /home/dana/.config/Docket/cache',
  )
  await page.getByTestId('status-storage-retry').click()
  await shootSizesAndThemes(page, `${artifacts}/status-storage-failing`)

  await withState(page, { ...online, online: true, connection: 'signed_out', pending: 2, signedOutQueued: 2 })
  const banner = page.getByTestId('signin-again-banner')
  await expect(banner).toContainText('Sign in again to send 2 queued actions')
  await expect(banner.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
  await expect(connection).toContainText('Signed out')
  await shootSizesAndThemes(page, `${artifacts}/signin-again-banner`)
})

test('the outbox panel lists failed actions first with their error, and closes with Esc back to its opener', async ({
  page,
}) => {
  await withState(page, { ...online, pending: 2, failed: 2 }, [
    entry(1, 1, 'failed', {
      action: { kind: 'documents.repair', documentId: 1, description: 'VAT missing' },
      description: 'Send #1 for repair',
      error: { code: 'validation', message: 'Only a ready or not ready document can be sent for repair.' },
    }),
    entry(2, 2, 'failed', { error: { code: 'not_found', message: 'Not found' } }),
    entry(3, 3, 'pending'),
    entry(4, 4, 'in_flight', { attempts: 1 }),
  ])
  const opener = page.getByTestId('status-outbox')
  await opener.click()
  const panel = page.getByTestId('outbox-panel')
  await expect(panel).toBeVisible()
  const entries = panel.getByTestId('outbox-entry')
  await expect(entries).toHaveCount(4)
  await expect(entries.nth(0)).toHaveAttribute('data-status', 'failed')
  // What it does in words; the document is named beside it (here not cached: "#1"), not in the action.
  await expect(entries.nth(0).locator('.what')).toHaveText('Send for repair')
  // The refusal in words with the next step, the service's English only below it. The repair
  // was refused for the document's state, which is Not ready again: Retry can work.
  await expect(entries.nth(0).getByTestId('outbox-entry-error')).toContainText(
    'The service repairs only documents that are Not ready or Ready to export',
  )
  await expect(entries.nth(0).getByTestId('outbox-entry-next')).toContainText('It is Not ready now')
  await expect(entries.nth(0)).toContainText('The service said: “Only a ready or not ready document')
  await expect(entries.nth(0).getByTestId('outbox-retry')).toBeVisible()
  // A document gone from the service: nothing to retry, only Discard.
  await expect(entries.nth(1).getByTestId('outbox-entry-error')).toContainText('no longer exists on the service')
  await expect(entries.nth(1).getByTestId('outbox-retry')).toHaveCount(0)
  await expect(entries.nth(1).getByTestId('outbox-discard')).toBeVisible()
  await expect(entries.nth(0)).toContainText('3 attempts')
  await expect(entries.nth(2)).toHaveAttribute('data-status', 'pending')
  await expect(panel.getByTestId('outbox-retry-all')).toBeEnabled()
  await shootSizesAndThemes(page, `${artifacts}/outbox-panel`)

  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(opener).toBeFocused()

  // The offline options of an agenda, from its menu in the sidebar.
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.getByTestId('agenda-menu-1').click()
  await expect(page.getByTestId('agenda-menu-offline')).toBeFocused()
  await expect(page.getByTestId('agenda-menu-offline')).toHaveAttribute('aria-checked', /true|false/)
  // Drawn whole and on top, outside its agenda's row (rows scrolled out of the sidebar are not
  // drawn, and that containment must not hold an open menu): the pointer reaches its last item.
  const reached = await page.getByTestId('agenda-menu-originals').evaluate((item) => {
    const box = item.getBoundingClientRect()
    return item.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2))
  })
  expect(reached).toBe(true)
  await page.screenshot({ path: `${artifacts}/agenda-offline-menu-1440x900-light.png` })
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('agenda-menu-offline')).toBeHidden()
  await expect(page.getByTestId('agenda-menu-1')).toBeFocused()

  // `g o` opens it from the inbox; *Open document* closes it and opens the entry's document.
  await page.getByRole('listbox').focus()
  await page.keyboard.press('g')
  await page.keyboard.press('o')
  await expect(panel).toBeVisible()
  const waiting = entries.nth(2)
  const label = (await waiting.getByTestId('outbox-entry-document').textContent()) ?? ''
  expect(label).not.toBe('#3')
  await waiting.getByTestId('outbox-open-document').click()
  await expect(panel).toBeHidden()
  await expect(page.locator('[data-testid="inbox-row"][data-document-id="3"]')).toHaveClass(/\bopen\b/)
})
