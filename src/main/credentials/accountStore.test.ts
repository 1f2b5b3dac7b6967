import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ElectronAccountStore, MemoryAccountStore, normalizeNewAccount } from './accountStore'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const sample = {
  label: 'Production',
  baseUrl: 'https://service.example/',
  clientId: 'docket-desktop',
  redirectUri: 'http://127.0.0.1:53682/oauth/callback',
}

describe('account records', () => {
  it('accept https, or http only on loopback', () => {
    expect(normalizeNewAccount(sample).baseUrl).toBe('https://service.example')
    expect(normalizeNewAccount({ ...sample, baseUrl: 'http://127.0.0.1:4000' }).baseUrl).toBe('http://127.0.0.1:4000')
    expect(() => normalizeNewAccount({ ...sample, baseUrl: 'http://service.example' })).toThrow(/https/)
    expect(() => normalizeNewAccount({ ...sample, baseUrl: 'ftp://service.example' })).toThrow()
    expect(() => normalizeNewAccount({ ...sample, redirectUri: 'http://evil.example/cb' })).toThrow(/Redirect URI/)
    expect(() => normalizeNewAccount({ ...sample, clientId: ' ' })).toThrow(/client id/)
  })
  it('persist in electron-store under the given directory, several accounts, no secret in the file', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'docket-accounts-'))
    dirs.push(cwd)
    const store = new ElectronAccountStore({ cwd })
    const a = store.add(sample)
    const b = store.add({ ...sample, label: 'Beta', baseUrl: 'https://beta.service.example' })
    store.update(a.id, { user: { id: 7, name: 'Dana', surname: 'Demo', email: 'd@x.test' } })
    store.setCurrentId(a.id)

    const reopened = new ElectronAccountStore({ cwd })
    expect(reopened.list().map((x) => x.label)).toEqual(['Production', 'Beta'])
    expect(reopened.get(a.id)?.user?.id).toBe(7)
    expect(reopened.getCurrentId()).toBe(a.id)
    const file = readFileSync(reopened.path, 'utf8')
    expect(file).not.toMatch(/secret|token|password/i)

    reopened.remove(a.id)
    expect(reopened.getCurrentId()).toBeNull()
    expect(reopened.list().map((x) => x.id)).toEqual([b.id])
  })
  it('an in-memory store behaves the same', () => {
    const store = new MemoryAccountStore()
    const a = store.add(sample)
    expect(store.get(a.id)?.user).toBeNull()
    expect(() => store.update('nope', {})).toThrow(/no longer exists/)
  })
})

describe('a damaged accounts.json', () => {
  function folder(): string {
    const cwd = mkdtempSync(join(tmpdir(), 'docket-accounts-'))
    dirs.push(cwd)
    return cwd
  }

  it('is restored from the backup written at the last change, the damaged file kept aside', () => {
    const cwd = folder()
    const store = new ElectronAccountStore({ cwd })
    const a = store.add(sample)
    store.setCurrentId(a.id)
    writeFileSync(store.path, '{"accounts": [{"id": "tru')
    const lines: string[] = []
    const reopened = new ElectronAccountStore({ cwd, log: (line) => lines.push(line) })
    expect(reopened.list().map((x) => x.id)).toEqual([a.id])
    expect(reopened.getCurrentId()).toBe(a.id)
    expect(reopened.recovery).toMatchObject({ from: 'backup' })
    expect(readdirSync(cwd)).toContain(basename(reopened.recovery!.damagedCopy))
    expect(lines.join('\n')).toContain(reopened.recovery!.damagedCopy)
  })

  it('with no usable backup starts empty instead of failing to start', () => {
    const cwd = folder()
    writeFileSync(join(cwd, 'accounts.json'), Buffer.from([0xff, 0x00, 0x7b]))
    writeFileSync(join(cwd, 'accounts.backup.json'), 'garbage')
    const store = new ElectronAccountStore({ cwd })
    expect(store.list()).toEqual([])
    expect(store.recovery?.from).toBe('empty')
    store.add(sample)
    expect(new ElectronAccountStore({ cwd }).list()).toHaveLength(1)
  })

  it('a sound file recovers nothing', () => {
    const cwd = folder()
    new ElectronAccountStore({ cwd }).add(sample)
    expect(new ElectronAccountStore({ cwd }).recovery).toBeNull()
  })
})
