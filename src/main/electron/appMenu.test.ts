import { describe, expect, it, vi } from 'vitest'
import type { MenuItemConstructorOptions } from 'electron'
import { appMenuTemplate } from './appMenu'

const roles = (items: MenuItemConstructorOptions[]) => items.map((item) => item.role).filter(Boolean)

describe('application menu', () => {
  it('has Edit roles so text fields get the usual shortcuts, plus Window and Help', () => {
    const template = appMenuTemplate({ platform: 'win32', appName: 'Docket', openHelp: vi.fn(), isDev: false })
    const labels = template.map((item) => item.label ?? item.role)
    expect(labels).toEqual(['File', 'Edit', 'View', 'Window', 'help'])
    const edit = template.find((item) => item.label === 'Edit')!.submenu as MenuItemConstructorOptions[]
    expect(roles(edit)).toEqual(expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']))
  })

  it('adds the app menu on macOS and hides developer tools outside development', () => {
    const mac = appMenuTemplate({ platform: 'darwin', appName: 'Docket', openHelp: vi.fn(), isDev: false })
    expect(mac[0]!.label).toBe('Docket')
    const view = mac.find((item) => item.label === 'View')!.submenu as MenuItemConstructorOptions[]
    expect(roles(view)).not.toContain('toggleDevTools')
  })

  it('opens help from the Help menu', () => {
    const openHelp = vi.fn()
    const template = appMenuTemplate({ platform: 'linux', appName: 'Docket', openHelp, isDev: true })
    const help = template.find((item) => item.role === 'help')!.submenu as MenuItemConstructorOptions[]
    help[0]!.click!(undefined as never, undefined as never, undefined as never)
    expect(openHelp).toHaveBeenCalledOnce()
  })
})
