import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { createRouter, type HandlerTable } from './router'

const appPage = 'app://docket/index.html'
const trusted = (url: string) => url === appPage
const testChannels = {
  'math.double': { input: z.object({ n: z.number().int() }), output: z.object({ n: z.number() }) },
  'math.broken': { input: z.object({}), output: z.object({ n: z.number() }) },
}

function routerWith(handlers: Record<string, unknown>, log = vi.fn()) {
  return {
    router: createRouter({ handlers: handlers as HandlerTable, isTrustedSender: trusted, log, channels: testChannels }),
    log,
  }
}

describe('IPC router', () => {
  it('validates input and answers { ok: true, value } from the handler', async () => {
    const { router } = routerWith({ 'math.double': ({ n }: { n: number }) => ({ n: n * 2 }) })
    await expect(router.dispatch('math.double', { n: 21 }, { senderUrl: appPage })).resolves.toEqual({
      ok: true,
      value: { n: 42 },
    })
  })

  it('refuses bad input with `validation` and the zod path, without calling the handler', async () => {
    const handler = vi.fn()
    const { router } = routerWith({ 'math.double': handler })
    const result = await router.dispatch('math.double', { n: 'x' }, { senderUrl: appPage })
    expect(handler).not.toHaveBeenCalled()
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('validation')
    expect(result.error.details).toEqual({ issues: [expect.objectContaining({ path: 'n' })] })
    expect(result.error.message).toContain('at n')
  })

  it('refuses an unknown channel, including prototype names', async () => {
    const { router } = routerWith({})
    for (const name of ['math.triple', '__proto__', 'constructor', 42]) {
      const result = await router.dispatch(name as string, {}, { senderUrl: appPage })
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
    }
  })

  it('refuses a call from a frame that is not the app', async () => {
    const handler = vi.fn()
    const { router } = routerWith({ 'math.double': handler })
    const result = await router.dispatch('math.double', { n: 1 }, { senderUrl: 'https://evil.example/' })
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
    expect(handler).not.toHaveBeenCalled()
  })

  it('turns a thrown unexpected error into `internal` without leaking its stack or message', async () => {
    const { router, log } = routerWith({
      'math.double': () => {
        throw new Error('db exploded at /home/user/secret/path')
      },
    })
    const result = await router.dispatch('math.double', { n: 1 }, { senderUrl: appPage })
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } })
    if (result.ok) return
    expect(result.error.message).not.toContain('exploded')
    expect(JSON.stringify(result)).not.toContain('router.test')
    expect(log.mock.calls.join('\n')).toContain('db exploded')
  })

  it('passes an exposed error (lower_snake_case code) through with its code and message', async () => {
    const { router } = routerWith({
      'math.double': () => {
        throw Object.assign(new Error('You are offline.'), { code: 'offline' })
      },
    })
    await expect(router.dispatch('math.double', { n: 1 }, { senderUrl: appPage })).resolves.toEqual({
      ok: false,
      error: { code: 'offline', message: 'You are offline.' },
    })
  })

  it('treats Node system errors (ENOENT) as internal', async () => {
    const { router } = routerWith({
      'math.double': () => {
        throw Object.assign(new Error('open /x'), { code: 'ENOENT' })
      },
    })
    const result = await router.dispatch('math.double', { n: 1 }, { senderUrl: appPage })
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } })
  })

  it('catches a handler output that does not match the output schema', async () => {
    const { router, log } = routerWith({ 'math.broken': () => ({ n: 'not a number' }) })
    const result = await router.dispatch('math.broken', {}, { senderUrl: appPage })
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_output' } })
    expect(log).toHaveBeenCalled()
  })

  it('answers not_implemented for a contract channel without a handler', async () => {
    const { router } = routerWith({})
    const result = await router.dispatch('math.double', { n: 1 }, { senderUrl: appPage })
    expect(result).toMatchObject({ ok: false, error: { code: 'not_implemented' } })
  })

  it('redacts tokens from exposed error messages', async () => {
    const { router } = routerWith({
      'math.double': () => {
        throw Object.assign(new Error('GET /x?access_token=abc123 failed'), { code: 'server' })
      },
    })
    const result = await router.dispatch('math.double', { n: 1 }, { senderUrl: appPage })
    expect(JSON.stringify(result)).not.toContain('abc123')
  })
})
