import { events as contractEvents, type EventName, type EventPayload } from '../../shared/ipc'

/** Receives every event main sends (a window's webContents, the harness's event stream). */
export type EventSink = (event: EventName, payload: unknown) => void

/**
 * Follows every event main sends (`(listener) => bus.connect(listener)`); returns a function
 * that stops following. For services in main that keep state in step with the events.
 */
export type SubscribeToEvents = (listener: (event: string, payload: unknown) => void) => () => void

/**
 * The main-side half of the contract's events: services `emit`, hosts `connect` sinks.
 * Payloads are validated against the contract; an invalid payload is logged, not sent.
 */
export class EventBus {
  private readonly sinks = new Set<EventSink>()

  constructor(private readonly log: (line: string) => void = (line) => console.error(line)) {}

  /** Sends `payload` on `event` to every connected sink. Never throws. */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const parsed = contractEvents[event].payload.safeParse(payload)
    if (!parsed.success) {
      this.log(`Event ${event} not sent: invalid payload (${parsed.error.issues[0]?.message ?? 'invalid'})`)
      return
    }
    for (const sink of [...this.sinks]) {
      try {
        sink(event, parsed.data)
      } catch (error) {
        this.log(`Event sink failed for ${event}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }

  /** Adds a sink; returns a function that removes it. */
  connect(sink: EventSink): () => void {
    this.sinks.add(sink)
    return () => this.sinks.delete(sink)
  }
}
