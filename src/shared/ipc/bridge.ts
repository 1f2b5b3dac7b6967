import '../zodJitless'
import {
  isChannelName,
  isEventName,
  type ChannelInput,
  type ChannelName,
  type ChannelOutput,
  type EventName,
  type EventPayload,
} from './contract'
import { DocketError, IpcErrorCode, ipcResultSchema } from './result'

/** Sends one call to main and resolves with main's `IpcResult` (unparsed). */
export type Transport = (channel: ChannelName, input: unknown) => Promise<unknown>

/** Subscribes to every event main sends; returns an unsubscribe function. */
export type EventSubscriber = (listener: (event: string, payload: unknown) => void) => () => void

/**
 * What the renderer sees as `window.docket`, the same in Electron (ipcRenderer transport)
 * and in the browser harness (HTTP transport).
 */
export interface DocketBridge {
  /**
   * Calls a channel. Resolves with its output; rejects with a {@link DocketError} whose
   * `code` says what went wrong (`validation`, `offline`, `unauthorized`, ...).
   */
  invoke<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>
  /** Listens to one event; returns a function that stops listening. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
}

/**
 * Builds the bridge from the contract and a transport. The one place that turns
 * `{ ok: false, error }` into a thrown {@link DocketError}.
 */
export function createBridge(transport: Transport, subscribe: EventSubscriber): DocketBridge {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  let unsubscribeAll: (() => void) | null = null

  const ensureSubscribed = (): void => {
    if (unsubscribeAll) return
    unsubscribeAll = subscribe((event, payload) => {
      const set = listeners.get(event)
      if (!set) return
      for (const listener of [...set]) {
        try {
          listener(payload)
        } catch (error) {
          console.error(`Listener of ${event} failed`, error)
        }
      }
    })
  }

  const invoke = async (channel: string, input: unknown): Promise<unknown> => {
    if (!isChannelName(channel)) {
      throw new DocketError(IpcErrorCode.unknownChannel, `Unknown channel: ${String(channel)}`)
    }
    let raw: unknown
    try {
      raw = await transport(channel, input)
    } catch (error) {
      throw new DocketError(
        IpcErrorCode.transport,
        `Docket could not reach its background service (${error instanceof Error ? error.message : String(error)}).`,
      )
    }
    const result = ipcResultSchema.safeParse(raw)
    if (!result.success) {
      throw new DocketError(IpcErrorCode.transport, `The answer to ${channel} was not a result.`)
    }
    if (result.data.ok) return result.data.value
    const { code, message, details } = result.data.error
    throw new DocketError(code, message, details)
  }

  const on = (event: string, listener: (payload: unknown) => void): (() => void) => {
    if (!isEventName(event)) throw new DocketError(IpcErrorCode.unknownChannel, `Unknown event: ${event}`)
    ensureSubscribed()
    let set = listeners.get(event)
    if (!set) listeners.set(event, (set = new Set()))
    set.add(listener)
    return () => {
      set.delete(listener)
    }
  }

  return { invoke, on } as DocketBridge
}
