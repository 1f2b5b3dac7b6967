/** The reference exchange rates the checks compare against, and their daily update from the ECB (README). */
export { ReferenceRatesError, isReferenceRatesError, type ReferenceRatesErrorCode } from './errors'
export { fetchFeed, MAX_FEED_BYTES, FEED_TIMEOUT_MS, type FeedAnswer, type FetchFeedOptions } from './fetchFeed'
export { appendFeedDays, withStoredRows, MAX_RATE_FACTOR, type RateRow } from './merge'
export { parseEcbFeed, type FeedDay } from './parseFeed'
export {
  ECB_FEED_BASE_URL,
  RECENT_FEED_FILE,
  FULL_FEED_FILE,
  ecbSource,
  sandboxSource,
  feedUrlFor,
  type RateSource,
} from './sources'
export { STATE_FILE_NAME } from './store'
export { ReferenceRateUpdater, localDay, type ReferenceRatesState, type UpdateOutcome } from './updater'
