/** The service client: see client.ts. */
export * from './client'
export * from './errors'
export * from './retry'
export * from './dispatcher'
export * from './redact'
export * from './documentPage'
export * from './pageDecoder'
