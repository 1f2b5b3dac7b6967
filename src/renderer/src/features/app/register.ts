/**
 * The desktop integration's start (imported once by features/index.ts): follows the update
 * state and `app.openLink`, and lists the desktop commands in the command palette (copy
 * diagnostics, open the logs folder, check for updates, copy the open document's link), and
 * puts updates, notifications and support (DesktopPreferences) in the settings dialog.
 */
import { t } from '../../lib/i18n'
import { shellContext } from '../../shell/context.svelte'
import { registerCommands } from '../../lib/commands'
import { checkForUpdates, copyDiagnostics, copyLink, followUpdates, openLogsFolder } from './desktop.svelte'
import { followLinks } from './openLinks'
import { registerSettingsPanel } from '../../shell/extensions'
import DesktopPreferences from './DesktopPreferences.svelte'

registerSettingsPanel({ id: 'desktop', section: 'desktop', component: DesktopPreferences })

try {
  followUpdates()
  followLinks()
} catch {
  // No bridge to main: the status bar already says so, and no event can arrive.
}

registerCommands('desktop', () => {
  const documentId = shellContext.openDocumentId
  return [
    {
      id: 'document.copyLink',
      group: 'document',
      label: t('app.copyLink.command'),
      disabled: documentId === null,
      run: () => void (documentId !== null && copyLink({ target: 'document', id: documentId })),
    },
    { id: 'app.copyDiagnostics', group: 'app', label: t('app.diagnostics.copy'), run: () => void copyDiagnostics() },
    { id: 'app.openLogsFolder', group: 'app', label: t('app.logsFolder.open'), run: () => void openLogsFolder() },
    { id: 'app.checkForUpdates', group: 'app', label: t('app.update.check'), run: () => void checkForUpdates() },
  ]
})
