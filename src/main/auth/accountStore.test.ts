import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
