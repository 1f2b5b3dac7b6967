/** The one Electron IPC channel that carries every contract call: args `(channel, input)`. */
export const IPC_INVOKE_CHANNEL = 'docket:invoke'
/** The one Electron IPC channel that carries every contract event: args `(event, payload)`. */
export const IPC_EVENT_CHANNEL = 'docket:event'
