/**
 * The keyboard model (src/renderer/src/features/triage/keyScope.ts), end to end on the
 * in-memory store (e2e/fixtures/fakeTriageHarness.ts): for every editor, dialog and menu, open
 * it each way the keyboard or the pointer can, type every printable ASCII character into it,
 * close it each way (Esc, its Cancel or Close button, submit where that is harmless) and check
 * that no action reached the outbox and that the focus went to a defined place, never to the
 * page's body. A key pressed while the focus has fallen to the body only brings it back to the
 * inbox list.
 *
 * Space is left out where the focus rests on a button (menus, confirmations, the help): there it
 * presses the button, as it should, which is not a shortcut.
 */
import { deflateSync, crc32 } from 'node:zlib'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { startFakeTriageHarness, type FakeTriageHarness } from './fixtures/fakeTriageHarness'

let app: FakeTriageHarness

test.describe.configure({ mode: 'serial' })
test.use({ viewport: { width: 1440, height: 900 }, locale: 'en-US' })

test.beforeAll(async () => {
  app = await startFakeTriageHarness({ extraDocuments: 30 })
})

test.afterAll(async () => {
  await app?.close()
})

/** Every printable ASCII character, space to tilde. */
const PRINTABLE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('')
/** The same without space, for a focus resting on a button. */
const PRINTABLE_NO_SPACE = PRINTABLE.replace(' ', '')

/** What the user's actions change: the outbox entries and every document's state. */
function serviceSide(): string {
  const outbox = app.workspace.outbox.map((entry) => entry.id).join(',')
  const states = [...app.workspace.documents.values()].map((d) => `${d.id}:${d.state}`).join(',')
  return `${outbox}|${states}`
}

async function openApp(page: Page): Promise<void> {
  await page.goto(app.harness.url)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await expect(page.getByTestId('inbox-list')).toBeFocused()
}

/** Opens the first row of the tab with Enter. */
async function openFirst(page: Page): Promise<void> {
  await page.getByTestId('inbox-list').focus()
  await page.keyboard.press('Home')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('extracted-data')).toBeVisible()
}

/** Types `text` as fast as the page takes it, then lets the app settle. */
async function typeAll(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text)
  // Anything a key queued would be in the outbox within a frame or two.
  await page.waitForTimeout(100)
}

/** The focus is on `where` (and so not on the page's body). */
async function expectFocusOn(where: Locator): Promise<void> {
  await expect(where).toBeFocused()
}

const list = (page: Page) => page.getByTestId('inbox-list')

/** Opens the top bar's menu with the keyboard (its first entry then has the focus). */
async function openMenuByKeyboard(page: Page): Promise<void> {
  await page.getByTestId('shell-menu-button').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('shell-menu')).toHaveAttribute('data-menu-open', 'true')
}

/** Opens the menu entry `testId`'s dialog: by the pointer, or by the keyboard (arrows, Enter). */
async function openMenuEntry(page: Page, testId: string, by: 'pointer' | 'keyboard'): Promise<void> {
  if (by === 'pointer') {
    await page.getByTestId('shell-menu-button').click()
    await page.getByTestId(testId).click()
  } else {
    await openMenuByKeyboard(page)
    const entry = page.getByTestId(testId)
    for (let i = 0; i < 8 && !(await entry.evaluate((b) => b === document.activeElement)); i++)
      await page.keyboard.press('ArrowDown')
    await expectFocusOn(entry)
    await page.keyboard.press('Enter')
  }
  await expect(page.locator('dialog[open]')).toHaveCount(1)
}

test('a key pressed with the focus on the body only brings the focus back to the list', async ({ page }) => {
  await openApp(page)
  await openFirst(page)
  const before = serviceSide()
  for (const char of PRINTABLE) {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(true)
    await page.keyboard.press(char === ' ' ? 'Space' : char)
    await expectFocusOn(list(page))
  }
  expect(serviceSide()).toBe(before)
})

test('in focus mode (list hidden) the document pane is the focus’s home', async ({ page }) => {
  await openApp(page)
  await openFirst(page)
  const pane = page.getByTestId('document-pane')
  await page.keyboard.press('\\')
  await expect(page.getByTestId('pane-layout')).toHaveAttribute('data-focus-mode', 'true')
  await expectFocusOn(pane)
  const before = serviceSide()
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press('e')
  await expectFocusOn(pane)
  expect(serviceSide()).toBe(before)
  await page.keyboard.press('\\')
  await expectFocusOn(list(page))
})

test('the search field and the new-comment box keep every key; Esc goes back to the list', async ({ page }) => {
  await openApp(page)
  const before = serviceSide()
  await page.keyboard.press('/')
  await expectFocusOn(page.getByTestId('inbox-search'))
  await typeAll(page, PRINTABLE)
  await expect(page.getByTestId('inbox-search')).toHaveValue(PRINTABLE)
  // The first Esc clears the search and stays in it; the second goes back to the list.
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('inbox-search')).toHaveValue('')
  await expectFocusOn(page.getByTestId('inbox-search'))
  await page.keyboard.press('Escape')
  await expectFocusOn(list(page))

  await openFirst(page)
  await page.keyboard.press('c')
  await expectFocusOn(page.getByTestId('comment-new'))
  await typeAll(page, PRINTABLE)
  await expect(page.getByTestId('comment-new')).toHaveValue(PRINTABLE)
  await page.keyboard.press('Escape')
  await expectFocusOn(list(page))
  expect(serviceSide()).toBe(before)
})

test('editing a comment: Edit focuses the box; Esc and Cancel go back to Edit, Save to the list', async ({ page }) => {
  await openApp(page)
  await openFirst(page)
  await page.keyboard.press('c')
  await page.keyboard.type('Checked against the order')
  await page.keyboard.press('Control+Enter')
  await expectFocusOn(list(page))
  const comment = page.getByTestId('comment').filter({ hasText: 'Checked against the order' })
  const edit = comment.getByTestId('comment-edit')
  const box = page.getByTestId('comment-edit-text')
  const before = serviceSide()

  for (const close of ['Escape', 'Cancel'] as const) {
    await edit.click()
    await expectFocusOn(box)
    await typeAll(page, ` (edited: acct 518100) ${PRINTABLE}`)
    if (close === 'Escape') await page.keyboard.press('Escape')
    else await page.getByTestId('comment-cancel').click()
    await expectFocusOn(edit)
    expect(serviceSide()).toBe(before)
  }

  // The same by keyboard: Enter on Edit.
  await edit.focus()
  await page.keyboard.press('Enter')
  await expectFocusOn(box)
  await box.fill('Checked against the order (edited: acct 518100)')
  await page.keyboard.press('Control+Enter')
  await expectFocusOn(list(page))
  await expect(page.getByTestId('comment-text')).toHaveText(['Checked against the order (edited: acct 518100)'])
  // Saving queued the edit and nothing else.
  expect(app.workspace.outbox.length).toBe(before.split('|')[0]!.split(',').filter(Boolean).length + 1)
  expect(app.workspace.outbox.at(-1)?.action.kind).toBe('comments.update')
})

test('repair, bulk confirmation, help, palette and agenda switcher keep every key and give the focus back', async ({
  page,
}) => {
  await openApp(page)
  await openFirst(page)
  const before = serviceSide()

  // Send to repair: Esc, then its Cancel button.
  for (const close of ['Escape', 'Cancel'] as const) {
    await page.keyboard.press('p')
    await expectFocusOn(page.getByTestId('repair-description'))
    await typeAll(page, PRINTABLE)
    if (close === 'Escape') await page.keyboard.press('Escape')
    else await page.getByTestId('repair-dialog').getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByTestId('repair-dialog')).toBeHidden()
    await expectFocusOn(list(page))
  }

  // The bulk confirmation (more than 20 documents): Esc, then Cancel.
  for (const close of ['Escape', 'Cancel'] as const) {
    await page.keyboard.press('Control+a')
    await page.keyboard.press('r')
    await expectFocusOn(page.getByTestId('bulk-confirm-yes'))
    await typeAll(page, PRINTABLE_NO_SPACE)
    if (close === 'Escape') await page.keyboard.press('Escape')
    else await page.getByTestId('bulk-confirm').getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByTestId('bulk-confirm')).toBeHidden()
    await expectFocusOn(list(page))
    await page.keyboard.press('Escape')
  }

  // The help overlay: `?` and its button; Esc and Close.
  for (const [open, close] of [
    ['key', 'Escape'],
    ['button', 'Close'],
  ] as const) {
    if (open === 'key') await page.keyboard.press('?')
    else await page.getByTestId('action-bar').getByRole('button', { name: 'Keyboard shortcuts' }).click()
    await expect(page.getByTestId('help-overlay')).toBeVisible()
    await typeAll(page, PRINTABLE_NO_SPACE)
    if (close === 'Escape') await page.keyboard.press('Escape')
    else await page.locator('dialog[open]').getByRole('button', { name: 'Close' }).click()
    await expect(page.getByTestId('help-overlay')).toBeHidden()
    await expectFocusOn(list(page))
  }

  // The command palette: Esc, then Ctrl+K again.
  for (const close of ['Escape', 'Control+k'] as const) {
    await page.keyboard.press('Control+k')
    await expectFocusOn(page.getByTestId('command-palette-input'))
    await typeAll(page, PRINTABLE)
    await page.keyboard.press(close)
    await expect(page.getByTestId('command-palette')).toBeHidden()
    await expectFocusOn(list(page))
  }

  // The agenda switcher (g a).
  await page.keyboard.press('g')
  await page.keyboard.press('a')
  await expect(page.getByTestId('agenda-switcher')).toBeVisible()
  await typeAll(page, PRINTABLE)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('agenda-switcher')).toBeHidden()
  await expectFocusOn(list(page))

  expect(serviceSide()).toBe(before)
})

test('the menu and every dialog it opens keep every key; closing one gives the focus to the list', async ({ page }) => {
  await openApp(page)
  await openFirst(page)
  const before = serviceSide()

  // The menu itself: its entries have the focus; Esc gives it back to the menu's button.
  await openMenuByKeyboard(page)
  await typeAll(page, PRINTABLE_NO_SPACE)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('shell-menu')).not.toHaveAttribute('data-menu-open', 'true')
  await expectFocusOn(page.getByTestId('shell-menu-button'))
  // Typing on the menu's button queues nothing either (it is not the triage area); `\\`, the
  // app-wide focus-mode key, acts there by design and is left out.
  await typeAll(page, PRINTABLE_NO_SPACE.replace('\\', ''))
  await expect(page.getByTestId('pane-layout')).toHaveAttribute('data-focus-mode', 'false')

  const entries = ['upload-button', 'export-button', 'agenda-edit-button', 'agenda-new-button', 'settings-button']
  for (const entry of entries) {
    for (const [by, close] of [
      ['pointer', 'Escape'],
      ['keyboard', 'button'],
    ] as const) {
      await openMenuEntry(page, entry, by)
      // Space is left out: the first control of some of these dialogs is a button or a radio.
      await typeAll(page, PRINTABLE_NO_SPACE)
      if (close === 'Escape') await page.keyboard.press('Escape')
      else {
        // The dialog's own way out: Close or Cancel.
        const dialog = page.locator('dialog[open]')
        await dialog
          .getByRole('button', { name: /^(Close|Cancel)$/ })
          .last()
          .click()
      }
      await expect(page.locator('dialog[open]')).toHaveCount(0)
      // Its opener sits in the closed menu: the focus goes to the list, not the body nor Menu.
      await expectFocusOn(list(page))
      expect(serviceSide(), `${entry} by ${by}, closed with ${close}`).toBe(before)
    }
  }
})

test('an action that ends while the menu is open leaves the menu open, with the focus in it', async ({ page }) => {
  await openApp(page)
  await openFirst(page)
  // The action's answer is held back until the menu is open, as on a busy machine: when it
  // comes, the view sends the focus home, which must not take it out of the menu (that closed
  // the menu under the pointer).
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  const isSetState = (body: unknown) => (body as { channel?: string } | null)?.channel === 'documents.setState'
  await page.route('**/__harness/ipc', async (route) => {
    if (!isSetState(route.request().postDataJSON())) return route.continue()
    await held
    return route.continue()
  })
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/__harness/ipc') && isSetState(response.request().postDataJSON()),
  )
  await list(page).focus()
  await page.keyboard.press('r')
  await page.getByTestId('shell-menu-button').click()
  await expect(page.getByTestId('shell-menu')).toHaveAttribute('data-menu-open', 'true')
  release()
  await answered
  // The focus is sent home in a timer after the answer: give it time to run, then look.
  await page.waitForTimeout(300)
  await expect(page.getByTestId('shell-menu')).toHaveAttribute('data-menu-open', 'true')
  await expect(page.getByTestId('shell-menu').locator(':focus')).toHaveCount(1)
  await page.unroute('**/__harness/ipc')
  await page.keyboard.press('Escape')
  await expectFocusOn(page.getByTestId('shell-menu-button'))
})

test('the delete and sign-out confirmations and the agenda menu keep every key', async ({ page }) => {
  await openApp(page)
  await openFirst(page)
  const before = serviceSide()

  // Delete asks first: Esc and Cancel give the focus back to Delete.
  const remove = page.getByTestId('document-delete')
  for (const close of ['Escape', 'Cancel'] as const) {
    await remove.click()
    await expect(page.getByTestId('document-delete-confirm')).toBeVisible()
    await typeAll(page, PRINTABLE_NO_SPACE)
    if (close === 'Escape') await page.keyboard.press('Escape')
    else await page.locator('dialog[open]').getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByTestId('document-delete-confirm')).toBeHidden()
    await expectFocusOn(remove)
  }

  // The agenda's ⋯ menu: Esc gives the focus back to its button.
  const menuButton = page.getByTestId('agenda-menu-1')
  await menuButton.click()
  await expect(page.getByRole('menu')).toBeVisible()
  await typeAll(page, PRINTABLE_NO_SPACE)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toBeHidden()
  await expectFocusOn(menuButton)

  // Sign out asks first: Esc and Cancel give the focus back to Sign out.
  const signOut = page.getByTestId('account-signout')
  for (const close of ['Escape', 'Cancel'] as const) {
    await signOut.click()
    await expect(page.getByTestId('account-signout-confirm')).toBeVisible()
    await typeAll(page, PRINTABLE_NO_SPACE)
    if (close === 'Escape') await page.keyboard.press('Escape')
    else await page.locator('dialog[open]').getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByTestId('account-signout-confirm')).toBeHidden()
    await expectFocusOn(signOut)
  }

  expect(serviceSide()).toBe(before)
})

test('an action the service refuses in the document’s state is disabled, says why, and its key queues nothing', async ({
  page,
}) => {
  await openApp(page)
  // The Exported tab: repair is accepted only from Not ready or Ready to export.
  await page.keyboard.press('5')
  await openFirst(page)
  await expect(page.getByTestId('document-pane')).not.toHaveAttribute('data-document-id', '')
  const reason = 'Only documents in Not ready or Ready to export can be sent to repair.'
  await expect(page.getByTestId('action-repair')).toBeDisabled()
  await expect(page.getByTestId('action-repair')).toHaveAttribute('title', reason)
  await expect(page.getByTestId('action-exported')).toBeDisabled()
  await expect(page.getByTestId('action-exported')).toHaveAttribute('title', 'Already exported.')
  await expect(page.getByTestId('action-ready')).toBeEnabled()

  const before = serviceSide()
  await page.keyboard.press('p')
  await expect(page.getByTestId('toast').filter({ hasText: reason })).toBeVisible()
  await expect(page.getByTestId('repair-dialog')).toBeHidden()
  await page.keyboard.press('e')
  await expect(page.getByTestId('toast').filter({ hasText: 'Already exported.' })).toBeVisible()
  expect(serviceSide()).toBe(before)

  // The palette lists them disabled, with the reason; choosing one does nothing.
  await page.keyboard.press('Control+k')
  await page.keyboard.type('repair')
  const repair = page.locator('[data-command-id="triage.repair"]')
  await expect(repair).toHaveAttribute('aria-disabled', 'true')
  await expect(repair.getByTestId('command-disabled-reason')).toHaveText(reason)
  await expect(repair).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('command-palette')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('command-palette')).toBeHidden()
  expect(serviceSide()).toBe(before)
  await page.keyboard.press('1')
})

/**
 * A white PNG of `width` x `height` pixels (8-bit greyscale): tall enough, it reads as pages
 * stacked in one image, as the service sends a multi-page document's preview.
 */
function blankPng(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 0, 0, 0, 0], 8)
  // Each row: filter byte 0, then white pixels.
  const rows = Buffer.alloc((width + 1) * height, 0xff)
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

test('Page Down and Page Up from the list turn the invoice’s pages', async ({ page }) => {
  // Document 1 (a synthetic one) gets a preview of three A4 pages stacked.
  app.workspace.previews.set(1, { contentType: 'image/png', bytes: blankPng(400, Math.round(400 * Math.SQRT2 * 3)) })
  await openApp(page)
  await page.keyboard.press('6')
  await page.getByTestId('inbox-search').fill('SYN-1')
  await page.locator('[data-testid="inbox-row"][data-document-id="1"]').click()
  const label = page.getByTestId('preview-page')
  await expect(label).toHaveAttribute('data-page', '1')
  await list(page).focus()
  await page.keyboard.press('PageDown')
  await expect(label).toHaveAttribute('data-page', '2')
  await expectFocusOn(list(page))
  await page.keyboard.press('PageDown')
  await expect(label).toHaveAttribute('data-page', '3')
  await page.keyboard.press('PageUp')
  await expect(label).toHaveAttribute('data-page', '2')
  await page.getByTestId('inbox-search').fill('')
})

test('? and the palette list page turns, filters, sort, export, upload, save original and comment edit/delete', async ({
  page,
}) => {
  await openApp(page)
  await openFirst(page)
  await page.keyboard.press('?')
  const help = page.getByTestId('help-overlay')
  for (const id of ['pageNext', 'pagePrevious', 'palette', 'focusMode'])
    await expect(help.locator(`[data-shortcut="${id}"]`)).toBeVisible()
  await expect(page.getByTestId('help-palette-only')).toContainText('Export…')
  await expect(page.getByTestId('help-palette-only')).toContainText('Sort by')
  await page.keyboard.press('Escape')

  await page.keyboard.press('Control+k')
  const commands = page.getByTestId('command')
  for (const id of [
    'triage.pageNext',
    'triage.pagePrevious',
    'inbox.type.SalesInvoice',
    'inbox.checks.warnings',
    'inbox.sort.total',
    'inbox.sort.reverse',
    'menu.export-button',
    'menu.upload-button',
    'document.saveOriginal',
    'comments.editLast',
    'comments.deleteLast',
  ])
    await expect(commands.and(page.locator(`[data-command-id="${id}"]`))).toHaveCount(1)
  // A command acts as its control does: sort by total.
  await page.keyboard.type('Sort by Total')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('inbox-sort')).toHaveValue('total')
  await expectFocusOn(list(page))
})
