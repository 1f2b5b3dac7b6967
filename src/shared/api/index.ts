/**
 * Schemas and types of the service's resources (service-api-v1_2.md and
 * observed-in-public-clients.md). No Node or Electron imports: the renderer uses these too.
 */
export * from './common'
export * from './document'
export * from './agenda'
export * from './comment'
export * from './user'
export * from './token'
export * from './errors'
export * from './redact'
export * from './serviceUrl'
