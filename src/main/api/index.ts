/**
 * The service client's public surface: {@link ApiClient} and the types of its methods, the
 * error type, the limits and the page decoders. README.md in this folder maps the modules.
 */
export * from './client'
export { HttpClient, type HttpClientOptions, type RequestSpec, type TokenSource } from './http'
export * from './errors'
export * from './retry'
export * from './dispatcher'
export {
  DEFAULT_MAX_IN_FLIGHT,
  NotWantedError,
  ServiceBudget,
  type BudgetOptions,
  type HoldOff,
  type RequestPriority,
} from './budget'
export {
  MAX_DOCUMENTS_PER_LISTING,
  MAX_LISTING_PAGE_BYTES,
  MAX_PAGES_PER_LISTING,
  PAGE_SIZE,
  formatModifiedSince,
  listingStopOf,
  type DocumentQuery,
  type ListingStop,
  type ListDocumentPagesOptions,
  type ListDocumentsOptions,
} from './pagination'
export { MAX_REQUEST_BYTES, type UploadFile, type UploadOptions } from './uploads'
export { decodeUrlSafeBase64, type BinaryResponse, type OriginalFile } from './originals'
export type { WebhookRecord } from './webhooks'
export * from './documentPage'
export * from './pageDecoder'
export * from './compiledSchema'
export { redact, redactHref } from '../../shared/api/redact'
export { isAllowedServiceUrl } from '../../shared/api/serviceUrl'
