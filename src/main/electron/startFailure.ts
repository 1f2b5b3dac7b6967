import type { Dialog } from 'electron'
import { readdir, rename } from 'node:fs/promises'
import { join } from 'node:path'
import type { NotificationLanguage } from '../app/desktop/notificationTexts'

/**
 * What Electron main does when the services cannot start: a native dialog that says what
 * happened and in which folder, with *Quit* and *Reset the cache*, never a silent exit.
 *
 * *Reset the cache* moves the store of every account (`accounts/<id>/store`) aside, kept as
 * `store.reset-<UTC time>`, and starts Docket again: each store is then filled by a fresh sync,
 * and the queued actions come back from each account's outbox journal (`outbox.journal`, beside
 * the store), so resetting loses none of them. Account records, sign-ins and settings stay.
 */

/** The texts of the dialog, in the app's two languages (main shows it before any window). */
const TEXTS: Record<
  NotificationLanguage,
  { title: string; message: string; detail: string; quit: string; reset: string }
> = {
  en: {
    title: 'Docket',
    message: 'Docket could not start.',
    detail:
      '{error}\n\nDocket keeps its data in {folder}.\n\nReset the cache to rebuild the local copy of your documents from the service; actions waiting to be sent are kept.',
    quit: 'Quit',
    reset: 'Reset the cache',
  },
  cs: {
    title: 'Docket',
    message: 'Docket se nepodařilo spustit.',
    detail:
      '{error}\n\nDocket má svá data ve složce {folder}.\n\nPo vymazání mezipaměti se místní kopie dokladů znovu stáhne ze služby; akce čekající na odeslání zůstanou zachovány.',
    quit: 'Ukončit',
    reset: 'Vymazat mezipaměť',
  },
}

/** The Electron calls made (fakes in tests). */
export interface StartFailureDeps {
  dialog: Pick<Dialog, 'showMessageBox'>
  app: { relaunch(): void; exit(code?: number): void }
  /** The user data folder (`app.getPath('userData')`). */
  userDataDir: string
  language: NotificationLanguage
  log: (line: string) => void
  /** The time that names the moved stores (default: now). */
  now?: () => Date
}

/** The sentence of a start error: its message, prefixed with its `code` when it has one. */
export function startErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? `${error.message} (${code})` : error.message
}

/**
 * Logs `error`, shows the dialog and acts on the answer: *Quit* exits with code 1, *Reset the
 * cache* moves the stores aside and relaunches. Resolves with the choice made.
 */
export async function reportStartFailure(error: unknown, deps: StartFailureDeps): Promise<'quit' | 'reset'> {
  deps.log(`Docket could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  const texts = TEXTS[deps.language]
  const { response } = await deps.dialog.showMessageBox({
    type: 'error',
    title: texts.title,
    message: texts.message,
    detail: texts.detail.replace('{error}', startErrorText(error)).replace('{folder}', deps.userDataDir),
    buttons: [texts.quit, texts.reset],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  })
  if (response !== 1) {
    deps.app.exit(1)
    return 'quit'
  }
  const moved = await moveStoresAside(deps.userDataDir, (deps.now ?? (() => new Date()))())
  deps.log(`Cache reset after a failed start: ${moved.length ? moved.join(', ') : 'no store to move'}`)
  deps.app.relaunch()
  deps.app.exit(0)
  return 'reset'
}

/** Renames every `accounts/<id>/store` to `store.reset-<time>`; returns the new paths. */
export async function moveStoresAside(userDataDir: string, at: Date): Promise<string[]> {
  const accounts = join(userDataDir, 'accounts')
  const moved: string[] = []
  const stamp = at.toISOString().replace(/[:.]/g, '-')
  for (const name of await readdir(accounts).catch(() => [] as string[])) {
    const store = join(accounts, name, 'store')
    const target = `${store}.reset-${stamp}`
    try {
      await rename(store, target)
      moved.push(target)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  return moved
}
