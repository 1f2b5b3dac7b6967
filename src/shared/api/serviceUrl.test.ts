import { describe, expect, it } from 'vitest'
import {
  checkRedirectUri,
  checkServiceUrl,
  isAllowedServiceUrl,
  isLoopbackHost,
  isLoopbackRedirectUri,
} from './serviceUrl'

describe('the address rule: https, or http only on loopback', () => {
  it('accepts https anywhere and http only on 127.0.0.0/8, ::1 and localhost', () => {
    const accepted = [
      'https://service.example/api',
      'http://127.0.0.1:8080/',
      'http://127.4.5.6/',
      'http://[::1]:3000/',
    ]
    const refused = [
      'http://service.example/',
      'http://127.0.0.1.evil.example/',
      'http://192.168.1.2/',
      'ftp://s.example/',
    ]
    expect([...accepted, 'http://LOCALHOST/'].map((text) => isAllowedServiceUrl(new URL(text)))).not.toContain(false)
    expect([...refused, 'file:///etc/passwd'].map((text) => isAllowedServiceUrl(new URL(text)))).not.toContain(true)
  })

  it('knows loopback hosts with or without IPv6 brackets', () => {
    expect(['127.0.0.1', '127.255.0.9', '::1', '[::1]', 'localhost'].every(isLoopbackHost)).toBe(true)
    expect(['128.0.0.1', '::2', 'localhost.example', '127.0.0.1.example'].some(isLoopbackHost)).toBe(false)
  })

  it('a redirect URI serves the system browser only when it is http on loopback', () => {
    const loopback = ['http://127.0.0.1:53682/oauth/callback', 'http://localhost:1/cb', 'http://[::1]:1/cb']
    const other = ['https://127.0.0.1/cb', 'http://192.168.1.2:1/x', 'not a uri']
    expect(loopback.map(isLoopbackRedirectUri)).not.toContain(false)
    expect(other.map(isLoopbackRedirectUri)).not.toContain(true)
  })
})

describe('checkServiceUrl', () => {
  it('normalizes an accepted base URL (no trailing slash)', () => {
    expect(checkServiceUrl(' https://service.example/base/ ')).toEqual({
      ok: true,
      url: 'https://service.example/base',
    })
    expect(checkServiceUrl('http://127.0.0.1:4010')).toEqual({ ok: true, url: 'http://127.0.0.1:4010' })
  })

  it('refuses with a readable message: plain http elsewhere, credentials, query, fragment, non-URLs', () => {
    for (const text of [
      '',
      'service.example',
      'http://service.example',
      'ftp://service.example',
      'https://user:pw@service.example',
      'https://service.example/?a=1',
      'https://service.example/#x',
    ]) {
      const check = checkServiceUrl(text)
      expect(check.ok, text).toBe(false)
      if (!check.ok) expect(check.message.length).toBeGreaterThan(10)
    }
    expect(checkServiceUrl('http://service.example')).toMatchObject({ message: expect.stringMatching(/https/) })
  })
})

describe('checkRedirectUri', () => {
  it('accepts https, loopback http and custom schemes; refuses plain http elsewhere, script schemes and fragments', () => {
    expect(checkRedirectUri('http://127.0.0.1:53682/oauth/callback').ok).toBe(true)
    expect(checkRedirectUri('https://app.example/cb').ok).toBe(true)
    expect(checkRedirectUri('docket://oauth/callback').ok).toBe(true)
    expect(checkRedirectUri('http://app.example/cb').ok).toBe(false)
    expect(checkRedirectUri('javascript:alert(1)').ok).toBe(false)
    expect(checkRedirectUri('https://app.example/cb#x').ok).toBe(false)
    expect(checkRedirectUri('   ').ok).toBe(false)
  })
})
