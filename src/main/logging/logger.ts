/**
 * The logger every part of the main process writes to. Each method takes one message the
 * code itself wrote: a sentence with ids, counts and codes in it, never a request or
 * response body, a document or a token. Whatever is passed still goes through the redactor
 * and the payload filter before it reaches a file (see logFilter.ts).
 */
export interface Logger {
  error(message: string): void
  warn(message: string): void
  info(message: string): void
  debug(message: string): void
}

/** The levels, most severe first; a file or console at level L keeps L and everything before it. */
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** A logger that drops everything (tests, and code that runs before logging is set up). */
export const silentLogger: Logger = { error() {}, warn() {}, info() {}, debug() {} }
