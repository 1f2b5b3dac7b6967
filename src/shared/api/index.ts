/**
 * Schemas and types of the service's resources (docs/service-interface.md), the address rule
 * and the redactor. No Node or Electron imports: the renderer uses these too.
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
