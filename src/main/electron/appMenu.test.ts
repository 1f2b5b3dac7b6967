import { describe, expect, it, vi } from 'vitest'
import type { MenuItemConstructorOptions } from 'electron'
import { appMenuTemplate, type HelpMenuActions } from './appMenu'

const roles = (items: MenuItemConstructorOptions[]) => items.map((item) => item.role).filter(Boolean)
const helpActions = (): HelpMenuActions => ({
  openHelp: vi.fn(),
  openLogsFolder: vi.fn(),
  copyDiagnostics: vi.fn(),
  checkForUpdates: vi.fn(),
})

describe('application menu', () => {
  it('has Edit roles so text fields get the usual shortcuts, plus Window and Help', () => {
    const template = appMenuTemplate({ platform: 'win32', appName: 'Docket', help: helpActions(), isDev: false })
    const labels = template.map((item) => item.label ?? item.role)
    expect(labels).toEqual(['File', 'Edit', 'View', 'Window', 'help'])
    const edit = template.find((item) => item.label === 'Edit')!.submenu as MenuItemConstructorOptions[]
    expect(roles(edit)).toEqual(expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']))
  })

  it('adds the app menu on macOS and hides developer tools outside development', () => {
    const mac = appMenuTemplate({ platform: 'darwin', appName: 'Docket', help: helpActions(), isDev: false })
    expect(mac[0]!.label).toBe('Docket')
    const view = mac.find((item) => item.label === 'View')!.submenu as MenuItemConstructorOptions[]
    expect(roles(view)).not.toContain('toggleDevTools')
  })

  it('runs help, logs folder, diagnostics and the update check from the Help menu', () => {
    const help = helpActions()
    const template = appMenuTemplate({ platform: 'linux', appName: 'Docket', help, isDev: true })
    const items = (template.find((item) => item.role === 'help')!.submenu as MenuItemConstructorOptions[]).filter(
      (item) => item.label,
    )
    expect(items.map((item) => item.label)).toEqual([
      'Docket Help',
      'Open Logs Folder',
      'Copy Diagnostics',
      'Check for Updates…',
    ])
    for (const item of items) item.click!(undefined as never, undefined as never, undefined as never)
    for (const action of Object.values(help)) expect(action).toHaveBeenCalledOnce()
  })
})
