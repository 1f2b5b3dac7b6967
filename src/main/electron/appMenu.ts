import type { MenuItemConstructorOptions } from 'electron'

/**
 * The standard application menu: the app menu on macOS, File, Edit (undo, cut, copy, paste,
 * select all roles, so text fields work with the usual shortcuts), View, Window and Help.
 * `openHelp` opens Docket's documentation in the system browser.
 */
export function appMenuTemplate(options: {
  platform: NodeJS.Platform
  appName: string
  openHelp: () => void
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
    submenu: [{ label: 'Docket Help', click: () => options.openHelp() }],
  })
  return template
}
