import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { emptyStoredRates, MAX_STATE_FILE_BYTES, readStoredRates, writeStoredRates, type StoredRates } from './store'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'docket-rates-store-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const state = (): StoredRates => ({
  ...emptyStoredRates(['USD', 'CZK']),
  days: [
    ['2025-05-12', 1.11, 24.965],
    ['2025-05-13', 1.118, null],
  ],
  validators: { 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.xml': { etag: '"v1"' } },
  lastAttemptDay: '2026-11-24',
  lastCheckedAt: '2026-11-24T09:00:00.000Z',
})

describe('the stored reference rates', () => {
  it('are written and read back whole, leaving no temporary file', async () => {
    const path = join(dir, 'nested', 'ecb-reference-rates.json')
    await writeStoredRates(path, state())
    expect(readStoredRates(path)).toEqual({ kind: 'stored', state: state() })
    expect(readdirSync(join(dir, 'nested'))).toEqual(['ecb-reference-rates.json'])
  })

  it('read as nothing stored when there is no file', () => {
    expect(readStoredRates(join(dir, 'absent.json'))).toEqual({ kind: 'none' })
  })

  it('read as unusable, with the reason, when the file is damaged, of another shape or too large', () => {
    const path = join(dir, 'ecb-reference-rates.json')
    const unusable = (content: string) => {
      writeFileSync(path, content)
      return readStoredRates(path)
    }
    expect(unusable('{"format": 1, "curr')).toMatchObject({ kind: 'unusable' })
    expect(unusable(JSON.stringify({ ...state(), format: 2 }))).toMatchObject({ kind: 'unusable' })
    expect(unusable(JSON.stringify({ ...state(), days: [['2025-05-12', -1, 2]] }))).toMatchObject({ kind: 'unusable' })
    expect(unusable(JSON.stringify({ ...state(), days: [['2025-05-12', 1]] }))).toMatchObject({
      kind: 'unusable',
      reason: 'a row does not have one rate per currency',
    })
    expect(unusable(JSON.stringify({ ...state(), days: [state().days[1], state().days[0]] }))).toMatchObject({
      kind: 'unusable',
      reason: 'the days are not in ascending order',
    })
    expect(unusable(' '.repeat(MAX_STATE_FILE_BYTES + 1))).toMatchObject({ kind: 'unusable' })
  })

  it('refuse to be written where the folder cannot be, with code storage, leaving the old file whole', async () => {
    // a name the file system takes, but not with the temporary file's suffix: the write fails
    // before the rename, as on a full disk
    const path = join(dir, `${'x'.repeat(210)}.json`)
    writeFileSync(path, JSON.stringify(state()))
    await expect(writeStoredRates(path, { ...state(), days: [] })).rejects.toMatchObject({
      code: 'storage',
      message: expect.stringMatching(/could not save the reference rates .*ENAMETOOLONG/),
    })
    expect(readStoredRates(path)).toEqual({ kind: 'stored', state: state() })
    expect(readdirSync(dir)).toHaveLength(1)

    writeFileSync(join(dir, 'blocker'), 'a file where the folder should be')
    await expect(writeStoredRates(join(dir, 'blocker', 'rates.json'), state())).rejects.toMatchObject({
      code: 'storage',
    })
  })
})
