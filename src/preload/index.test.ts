import { beforeEach, describe, expect, it, vi } from 'vitest'
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../shared/ipc/transportNames'

const exposed = new Map<string, unknown>()
const listeners = new Map<string, (...args: unknown[]) => void>()
const invoke = vi.fn(async (..._args: unknown[]) => ({ ok: true, value: { name: 'Docket' } }))

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
  ipcRenderer: {
    invoke: (...args: unknown[]) => invoke(...args),
    on: (channel: string, listener: (...args: unknown[]) => void) => listeners.set(channel, listener),
    removeListener: (channel: string) => listeners.delete(channel),
  },
}))

describe('preload', () => {
  beforeEach(async () => {
    exposed.clear()
    vi.resetModules()
    await import('./index')
  })

  it('exposes only window.docket, with invoke and on, never ipcRenderer', () => {
    expect([...exposed.keys()]).toEqual(['docket'])
    const api = exposed.get('docket') as Record<string, unknown>
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on'])
    expect(Object.values(api).every((value) => typeof value === 'function')).toBe(true)
  })

  it('sends calls on the one invoke channel and returns the value of the result', async () => {
    const api = exposed.get('docket') as { invoke(channel: string, input: unknown): Promise<unknown> }
    await expect(api.invoke('app.info', {})).resolves.toEqual({ name: 'Docket' })
    expect(invoke).toHaveBeenCalledWith(IPC_INVOKE_CHANNEL, 'app.info', {})
  })

  it('delivers contract events from the one event channel to subscribers', () => {
    const api = exposed.get('docket') as { on(event: string, listener: (payload: unknown) => void): () => void }
    const seen: unknown[] = []
    const off = api.on('app.notice', (payload) => seen.push(payload))
    listeners.get(IPC_EVENT_CHANNEL)!({}, 'app.notice', { level: 'info', code: 'x', message: 'hi' })
    off()
    listeners.get(IPC_EVENT_CHANNEL)?.({}, 'app.notice', { level: 'info', code: 'x', message: 'again' })
    expect(seen).toEqual([{ level: 'info', code: 'x', message: 'hi' }])
  })
})
