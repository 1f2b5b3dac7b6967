import type { WorkspaceClient } from '../client'
import type { FileCache } from '../files'
import type { Clock, EngineOptions } from '../options'
import type { Outbox } from '../outbox'
import type { Store } from '../store'

/** What sending an entry may use: the store, the service, and the engine's settings. */
export interface PushContext {
  store: Store
  outbox: Outbox
  files: FileCache
  client: WorkspaceClient
  /** The signed-in user: author of the comments this device creates. */
  userId: number
  clock: Clock
  options: Pick<EngineOptions, 'clockSkewMs' | 'pullConcurrency' | 'batchConfirmTimeoutMs' | 'batchConfirmPollMs'>
  /** Waits `ms`, or less when the workspace closes (then {@link isClosed} is true). */
  sleep(ms: number): Promise<void>
  isClosed(): boolean
}
