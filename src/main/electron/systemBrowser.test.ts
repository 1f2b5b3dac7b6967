import { describe, expect, it, vi } from 'vitest'
import { createSystemBrowserOpener } from './systemBrowser'

describe('system browser opener', () => {
  it('opens https and loopback http addresses', async () => {
    const openExternal = vi.fn(async () => {})
    const open = createSystemBrowserOpener({ openExternal })
    await open('https://svc.example/oauth/authorize?x=1')
    await open('http://127.0.0.1:4000/oauth/authorize')
    expect(openExternal.mock.calls.map((c) => (c as unknown[])[0])).toEqual([
      'https://svc.example/oauth/authorize?x=1',
      'http://127.0.0.1:4000/oauth/authorize',
    ])
  })
  it('refuses anything else after parsing, opening nothing', async () => {
    const openExternal = vi.fn(async () => {})
    const open = createSystemBrowserOpener({ openExternal })
    for (const url of [
      'http://svc.example/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
      'https://user:pw@svc.example/',
      'http://127.0.0.1.evil.example/',
    ]) {
      await expect(open(url)).rejects.toMatchObject({ code: 'invalid_url' })
    }
    expect(openExternal).not.toHaveBeenCalled()
  })
})
