import { describe, expect, it } from 'vitest'
import { MemoryCredentialStore } from '../../credentials/credentialStore'
import { EphemeralKeysCredentialStore } from './ephemeralCredentialStore'

describe('demo secrets stay out of the keychain', () => {
  it('keeps keys of the demo sandbox in memory and sends every other key to the keychain', async () => {
    const keychain = new MemoryCredentialStore()
    const store = new EphemeralKeysCredentialStore(keychain, (key) => key.startsWith('http://127.0.0.1:4000#'))
    await store.set('http://127.0.0.1:4000#1', { accessToken: 'demo-token' })
    await store.set('https://service.example#7', { accessToken: 'real-token' })

    expect(await store.get('http://127.0.0.1:4000#1')).toEqual({ accessToken: 'demo-token' })
    expect(await store.get('https://service.example#7')).toEqual({ accessToken: 'real-token' })
    expect([...keychain.entries.keys()]).toEqual(['https://service.example#7'])

    expect(await store.delete('http://127.0.0.1:4000#1')).toBe(true)
    expect(await store.get('http://127.0.0.1:4000#1')).toBeNull()
    expect(await store.delete('https://service.example#7')).toBe(true)
    expect(keychain.entries.size).toBe(0)
  })
})
