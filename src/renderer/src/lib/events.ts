/**
 * Loose access to events and channels that other groups declare (sync, outbox): the
 * renderer keeps working, without them, before they are merged into the contract.
 */
import { docket } from './docket'

type LooseBridge = {
  on(event: string, listener: (payload: unknown) => void): () => void
  invoke(channel: string, input: unknown): Promise<unknown>
}

/** Listens to `event` when the contract has it; otherwise does nothing. Returns an unsubscribe. */
export function onEvent(event: string, listener: (payload: unknown) => void): () => void {
  try {
    return (docket() as unknown as LooseBridge).on(event, listener)
  } catch {
    return () => {}
  }
}

/** Calls `channel` when the contract has it; resolves null when it is unknown or fails. */
export async function tryInvoke(channel: string, input: unknown = {}): Promise<unknown> {
  try {
    return await (docket() as unknown as LooseBridge).invoke(channel, input)
  } catch {
    return null
  }
}
