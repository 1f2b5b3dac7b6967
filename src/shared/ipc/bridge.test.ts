import { describe, expect, it, vi } from 'vitest'
import { createBridge, type EventSubscriber } from './bridge'
import { DocketError, isDocketError } from './result'

const noEvents: EventSubscriber = () => () => {}

describe('bridge built from the contract', () => {
  it('resolves with the value of an ok result', async () => {
    const transport = vi.fn(async () => ({
      ok: true,
      value: { name: 'Docket', version: '1', platform: 'linux', mode: 'demo', serviceUrl: null },
    }))
    const bridge = createBridge(transport, noEvents)
    await expect(bridge.invoke('app.info', {})).resolves.toMatchObject({ mode: 'demo' })
    expect(transport).toHaveBeenCalledWith('app.info', {})
  })

  it('throws a DocketError with the code, message and details of an error result', async () => {
    const bridge = createBridge(
      async () => ({ ok: false, error: { code: 'validation', message: 'Invalid', details: { issues: [] } } }),
      noEvents,
    )
    const error = await bridge.invoke('app.info', {}).catch((e: unknown) => e)
    expect(isDocketError(error)).toBe(true)
    expect(error).toMatchObject({ code: 'validation', message: 'Invalid', details: { issues: [] } })
  })

  it('refuses an unknown channel before anything is sent', async () => {
    const transport = vi.fn()
    const bridge = createBridge(transport, noEvents)
    await expect(bridge.invoke('nope.nothing' as 'app.info', {})).rejects.toMatchObject({ code: 'unknown_channel' })
    expect(transport).not.toHaveBeenCalled()
  })

  it('reports a failing transport or a non-result answer as `transport`', async () => {
    const down = createBridge(async () => Promise.reject(new Error('socket hang up')), noEvents)
    await expect(down.invoke('app.info', {})).rejects.toMatchObject({ code: 'transport' })
    const garbage = createBridge(async () => '<html>', noEvents)
    await expect(garbage.invoke('app.info', {})).rejects.toBeInstanceOf(DocketError)
  })

  it('delivers only the subscribed event to its listener, until unsubscribed', () => {
    let emit: (event: string, payload: unknown) => void = () => {}
    const bridge = createBridge(
      async () => null,
      (listener) => {
        emit = listener
        return () => {}
      },
    )
    const seen: unknown[] = []
    const off = bridge.on('app.notice', (payload) => seen.push(payload))
    emit('app.notice', { level: 'info', code: 'x', message: 'hello' })
    emit('other.event', { nope: true })
    off()
    emit('app.notice', { level: 'info', code: 'x', message: 'after' })
    expect(seen).toEqual([{ level: 'info', code: 'x', message: 'hello' }])
  })
})
