/**
 * The desktop integration as the window sees it: the update state (kept current by the
 * `app.updateState` event), and the commands that copy diagnostics or a document's link,
 * open the logs folder and check for updates. Main writes the clipboard (the window has no
 * web permissions); each command confirms with a toast.
 */
import { updateStateSchema, type DeepLink, type UpdateState } from '../../../../shared/ipc'
import { docket } from '../../lib/docket'
import { t } from '../../lib/i18n'
import { showError, showToast } from '../../lib/toasts.svelte'

/** The update state, and whether the user put the banner away for this version. */
export const updates = $state<{ state: UpdateState; dismissedVersion: string | null }>({
  state: { status: 'idle', lastCheckAt: null },
  dismissedVersion: null,
})

/** Reads the update state and follows its changes; returns the function that stops. */
export function followUpdates(): () => void {
  const bridge = docket()
  bridge
    .invoke('app.updateState', {})
    .then((state) => (updates.state = state))
    .catch(() => {
      // an older or reduced host has no update channel: no banner, nothing to say
    })
  return bridge.on('app.updateState', (payload) => {
    // parsed again: a malformed event leaves the banner as it was
    const parsed = updateStateSchema.safeParse(payload)
    if (parsed.success) updates.state = parsed.data
  })
}

/** Copies the diagnostics text for a support request. */
export async function copyDiagnostics(): Promise<void> {
  try {
    await docket().invoke('app.diagnostics', {})
    showToast('success', t('app.diagnostics.copied'))
  } catch (error) {
    showError(error)
  }
}

/** Copies the `docket://` link of a document or agenda. */
export async function copyLink(link: DeepLink): Promise<void> {
  try {
    const { text } = await docket().invoke('app.copyLink', link)
    showToast('success', t('app.copyLink.copied', { link: text }))
  } catch (error) {
    showError(error)
  }
}

/** Shows the logs folder in the system file manager. */
export async function openLogsFolder(): Promise<void> {
  try {
    await docket().invoke('app.openLogsFolder', {})
  } catch (error) {
    showError(error)
  }
}

/** Checks for updates now; says so when Docket is up to date. */
export async function checkForUpdates(): Promise<void> {
  try {
    const state = await docket().invoke('app.checkForUpdates', {})
    updates.state = state
    if (state.status === 'idle') showToast('info', t('app.update.upToDate'))
    if (state.status === 'error') showToast('error', state.message)
  } catch (error) {
    showError(error)
  }
}

/** Quits and installs the downloaded update. */
export async function restartToUpdate(): Promise<void> {
  try {
    const { restarting } = await docket().invoke('app.restartToUpdate', {})
    if (!restarting) showToast('info', t('app.update.notReady'))
  } catch (error) {
    showError(error)
  }
}
