import { describe, expect, it, vi } from 'vitest'
import { commandForKey, listCommands, registerCommands, type Command } from './commands'

const key = (k: string) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false }) as KeyboardEvent

describe('command registry', () => {
  it('lists the commands of every source while it is registered, and forgets them after', () => {
    const run = vi.fn()
    const stop = registerCommands('test-a', () => [{ id: 'a.one', group: 'view', label: 'One', run }])
    expect(listCommands().map((c) => c.id)).toContain('a.one')
    stop()
    expect(listCommands().map((c) => c.id)).not.toContain('a.one')
  })

  it('asks the provider each time, so labels and disabled follow the current state', () => {
    let disabled = true
    const stop = registerCommands('test-b', () => [
      { id: 'b.one', group: 'view', label: disabled ? 'Off' : 'On', disabled, run: () => {} },
    ])
    expect(listCommands().find((c) => c.id === 'b.one')?.label).toBe('Off')
    disabled = false
    expect(listCommands().find((c) => c.id === 'b.one')?.label).toBe('On')
    stop()
  })

  it('runs a key only through an enabled command that owns it', () => {
    const owned: Command = {
      id: 'c.focus',
      group: 'view',
      label: 'Focus',
      matches: (e) => e.key === '\\',
      run: () => {},
    }
    let disabled = true
    const stop = registerCommands('test-c', () => [
      { ...owned, disabled },
      { id: 'c.listed', group: 'inbox', label: 'Next', keys: ['j'], run: () => {} },
    ])
    expect(commandForKey(key('\\'))).toBeNull()
    disabled = false
    expect(commandForKey(key('\\'))?.id).toBe('c.focus')
    // A key shown for a command that another handler owns is not run from here.
    expect(commandForKey(key('j'))).toBeNull()
    stop()
  })

  it('never builds a keyless source for a key press, and never runs a key through it', () => {
    let built = 0
    const stop = registerCommands(
      'test-keyless',
      () => {
        built++
        return [{ id: 'k.agenda', group: 'agendas', label: 'Agenda', matches: (e) => e.key === 'q', run: () => {} }]
      },
      { keyless: true },
    )
    expect(commandForKey(key('q'))).toBeNull()
    expect(commandForKey(key('j'))).toBeNull()
    expect(built).toBe(0)
    // The palette still lists it (without a key of the app-wide handler).
    const listed = listCommands().find((c) => c.id === 'k.agenda')
    expect(listed?.label).toBe('Agenda')
    expect(listed?.matches).toBeUndefined()
    expect(built).toBe(1)
    stop()
  })

  it('keeps a newer registration of a source when an older one is removed', () => {
    const stopOld = registerCommands('test-d', () => [{ id: 'd.old', group: 'app', label: 'Old', run: () => {} }])
    const stopNew = registerCommands('test-d', () => [{ id: 'd.new', group: 'app', label: 'New', run: () => {} }])
    stopOld()
    expect(listCommands().map((c) => c.id)).toContain('d.new')
    stopNew()
  })
})
