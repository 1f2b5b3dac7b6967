import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reportStartFailure } from './startFailure'

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docket-start-'))
  await mkdir(join(dir, 'accounts', 'a1', 'store'), { recursive: true })
  await writeFile(join(dir, 'accounts', 'a1', 'outbox.journal'), 'journal')
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function fakes(response: number) {
  const dialog = { showMessageBox: vi.fn(async () => ({ response, checkboxChecked: false })) }
  const app = { relaunch: vi.fn(), exit: vi.fn() }
  const lines: string[] = []
  return { dialog, app, lines, log: (line: string) => lines.push(line) }
}

describe('a failed start', () => {
  const error = Object.assign(new Error('Corruption: bad record length'), { code: 'LEVEL_CORRUPTION' })

  it('shows what happened and the folder, with Quit and Reset the cache; Quit exits with 1', async () => {
    const f = fakes(0)
    const choice = await reportStartFailure(error, { ...f, userDataDir: dir, language: 'en' })
    expect(choice).toBe('quit')
    const options = f.dialog.showMessageBox.mock.calls[0]![0 as never] as { detail: string; buttons: string[] }
    expect(options.buttons).toEqual(['Quit', 'Reset the cache'])
    expect(options.detail).toContain('Corruption: bad record length (LEVEL_CORRUPTION)')
    expect(options.detail).toContain(dir)
    expect(f.app.exit).toHaveBeenCalledWith(1)
    expect(f.app.relaunch).not.toHaveBeenCalled()
    expect(f.lines[0]).toContain('Docket could not start')
  })

  it('Reset the cache moves each store aside (kept), keeps the outbox journal and starts again', async () => {
    const f = fakes(1)
    const now = () => new Date('2026-11-28T03:00:00.000Z')
    expect(await reportStartFailure(error, { ...f, userDataDir: dir, language: 'cs', now })).toBe('reset')
    const options = f.dialog.showMessageBox.mock.calls[0]![0 as never] as { buttons: string[] }
    expect(options.buttons).toEqual(['Ukončit', 'Vymazat mezipaměť'])
    expect((await readdir(join(dir, 'accounts', 'a1'))).sort()).toEqual([
      'outbox.journal',
      'store.reset-2026-11-28T03-00-00-000Z',
    ])
    expect(f.app.relaunch).toHaveBeenCalledOnce()
    expect(f.app.exit).toHaveBeenCalledWith(0)
  })
})
