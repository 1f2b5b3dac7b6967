import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { logFileName, openLogsFolder, readRecentLogLines } from './logsFolder'

function folder(files: Record<string, string[]>): string {
  const dir = mkdtempSync(join(tmpdir(), 'docket-logs-'))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  for (const [name, lines] of Object.entries(files)) writeFileSync(join(dir, name), lines.map((l) => `${l}\n`).join(''))
  return dir
}

describe('logs folder', () => {
  it('names a day’s file by its UTC date', () => {
    expect(logFileName(new Date('2026-11-03T23:59:59Z'))).toBe('docket-2026-11-03.log')
  })

  it('reads the last lines across days and rotated parts, oldest first', async () => {
    const dir = folder({
      'docket-2026-11-02.log': ['d2-1', 'd2-2'],
      'docket-2026-11-03.old.log': ['d3-old-1', 'd3-old-2'],
      'docket-2026-11-03.log': ['d3-1', 'd3-2'],
      'other.log': ['not ours'],
    })
    expect(await readRecentLogLines(dir, 5)).toEqual(['d2-2', 'd3-old-1', 'd3-old-2', 'd3-1', 'd3-2'])
    expect(await readRecentLogLines(dir, 2)).toEqual(['d3-1', 'd3-2'])
  })

  it('redacts the lines again and answers nothing for a missing folder', async () => {
    const dir = folder({ 'docket-2026-11-03.log': ['old version wrote refresh_token=abcdefgh'] })
    expect(await readRecentLogLines(dir, 10)).toEqual(['old version wrote refresh_token=[REDACTED]'])
    expect(await readRecentLogLines(join(dir, 'missing'), 10)).toEqual([])
  })

  it('opens the folder with shell.openPath and turns its error text into an error with a code', async () => {
    const openPath = vi.fn(async () => '')
    await openLogsFolder(openPath, '/home/u/.config/Docket/logs')
    expect(openPath).toHaveBeenCalledWith('/home/u/.config/Docket/logs')
    await expect(openLogsFolder(async () => 'No application', '/x')).rejects.toMatchObject({ code: 'open_failed' })
  })
})
