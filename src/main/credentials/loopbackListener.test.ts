import { request } from 'undici'
import { describe, expect, it } from 'vitest'
import { startLoopbackListener } from './loopbackListener'

describe('loopback redirect listener (RFC 8252 §7.3)', () => {
  it('with a port-0 listener, answers the browser with a close-this-window page and resolves with the redirect URL', async () => {
    const listener = await startLoopbackListener({
      redirectUri: 'http://127.0.0.1:53682/oauth/callback',
      anyPort: true,
    })
    try {
      const actual = new URL(listener.redirectUri)
      expect(actual.hostname).toBe('127.0.0.1')
      expect(actual.port).not.toBe('53682')
      const other = await request(`${actual.origin}/favicon.ico`)
      expect(other.statusCode).toBe(404)
      await other.body.dump()
      const answer = await request(`${listener.redirectUri}?code=c1&state=s1`)
      expect(answer.statusCode).toBe(200)
      expect(await answer.body.text()).toMatch(/You can close this window/)
      expect(await listener.redirect).toBe(`${actual.origin}/oauth/callback?code=c1&state=s1`)
    } finally {
      await listener.close()
    }
  })
  it('keeps listening after a forged callback with a wrong state, until the real one', async () => {
    const listener = await startLoopbackListener({
      redirectUri: 'http://127.0.0.1:53682/oauth/callback',
      anyPort: true,
      expectedState: 'real-state',
    })
    try {
      for (const forged of ['?code=evil&state=forged', '?error=access_denied&state=forged', '?code=evil']) {
        const answer = await request(`${listener.redirectUri}${forged}`)
        expect(answer.statusCode).toBe(400)
        expect(await answer.body.text()).toMatch(/does not belong to the sign-in/)
      }
      const real = await request(`${listener.redirectUri}?code=c1&state=real-state`)
      expect(real.statusCode).toBe(200)
      await real.body.dump()
      expect(await listener.redirect).toBe(`${listener.redirectUri}?code=c1&state=real-state`)
    } finally {
      await listener.close()
    }
  })
  it('after forged callbacks only, ends with cancelled at its timeout', async () => {
    const listener = await startLoopbackListener({
      redirectUri: 'http://127.0.0.1:0/cb',
      anyPort: true,
      expectedState: 'real-state',
      timeoutMs: 300,
    })
    const forged = await request(`${listener.redirectUri}?code=evil&state=forged`)
    await forged.body.dump()
    await expect(listener.redirect).rejects.toMatchObject({ code: 'cancelled' })
    await listener.close()
  })
  it('listens on the redirect URI port when it is given, and close() cancels a pending wait', async () => {
    const probe = await startLoopbackListener({ redirectUri: 'http://127.0.0.1:0/cb', anyPort: true })
    const port = new URL(probe.redirectUri).port
    await probe.close()
    const listener = await startLoopbackListener({ redirectUri: `http://127.0.0.1:${port}/cb` })
    expect(listener.redirectUri).toBe(`http://127.0.0.1:${port}/cb`)
    await listener.close()
    await expect(listener.redirect).rejects.toMatchObject({ code: 'cancelled' })
  })
  it('refuses a redirect URI that is not loopback http', async () => {
    await expect(startLoopbackListener({ redirectUri: 'https://svc.example/cb' })).rejects.toMatchObject({
      code: 'unsupported',
    })
    await expect(startLoopbackListener({ redirectUri: 'http://192.168.1.2:1/cb' })).rejects.toMatchObject({
      code: 'unsupported',
    })
  })
  it('listens on the loopback address the redirect URI names, so the browser reaches it there', async () => {
    for (const host of ['127.0.0.2', '[::1]']) {
      const listener = await startLoopbackListener({ redirectUri: `http://${host}:0/cb`, anyPort: true })
      try {
        const actual = new URL(listener.redirectUri)
        expect(actual.hostname).toBe(host)
        const answer = await request(`${listener.redirectUri}?code=c&state=s`)
        expect(answer.statusCode).toBe(200)
        await answer.body.dump()
        expect(await listener.redirect).toBe(`${actual.origin}/cb?code=c&state=s`)
      } finally {
        await listener.close()
      }
    }
  })
})
