import type { MenuItemConstructorOptions } from 'electron'

/** What the Help menu's items do. */
export interface HelpMenuActions {
  /** Opens Docket's documentation in the system browser. */
  openHelp(): void
  /** Shows the folder of the log files (*Open logs folder*). */
  openLogsFolder(): void
  /** Copies the diagnostics text for a support request (*Copy diagnostics*). */
  copyDiagnostics(): void
  /** Checks the update feed now (*Check for updates…*). */
  checkForUpdates(): void
}

/**
 * The standard application menu: the app menu on macOS, File, Edit (undo, cut, copy, paste,
 * select all roles, so text fields work with the usual shortcuts), View, Window and Help
 * (documentation, logs folder, diagnostics, update check).
 */
export function appMenuTemplate(options: {
  platform: NodeJS.Platform
  appName: string
  help: HelpMenuActions
  isDev: boolean
}): MenuItemConstructorOptions[] {
  const isMac = options.platform === 'darwin'
  const template: MenuItemConstructorOptions[] = []
  if (isMac) {
    template.push({
      label: options.appName,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    })
  }
  template.push({ label: 'File', submenu: [isMac ? { role: 'close' } : { role: 'quit' }] })
  template.push({
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(isMac
        ? [{ role: 'pasteAndMatchStyle' as const }, { role: 'delete' as const }]
        : [{ role: 'delete' as const }]),
      { type: 'separator' },
      { role: 'selectAll' },
    ],
  })
  template.push({
    label: 'View',
    submenu: [
      ...(options.isDev
        ? [{ role: 'reload' as const }, { role: 'toggleDevTools' as const }, { type: 'separator' as const }]
        : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  })
  template.push({
    label: 'Window',
    submenu: isMac
      ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  })
  template.push({
    role: 'help',
    submenu: [
      { label: 'Docket Help', click: () => options.help.openHelp() },
      { type: 'separator' },
      { label: 'Open Logs Folder', click: () => options.help.openLogsFolder() },
      { label: 'Copy Diagnostics', click: () => options.help.copyDiagnostics() },
      { type: 'separator' },
      { label: 'Check for Updates…', click: () => options.help.checkForUpdates() },
    ],
  })
  return template
}
