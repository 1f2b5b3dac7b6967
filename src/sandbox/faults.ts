/**
 * Fault injection for /api/** requests: latency with jitter, 500s, 429s with Retry-After and
 * dropped connections (half before the request is applied, half after: a lost response).
 * Decisions use a seeded PRNG (mulberry32) so a run with the same seed and request order
 * makes the same decisions. Hostile listings (a service gone wrong, or one that means harm):
 * a document list that never ends, and listing pages far larger than any real page.
 */

import { Readable } from 'node:stream'
import { NO_HOSTILE_FILE_FAULTS, type HostileFileFaults } from './hostileFiles'

/**
 * How GET /api/v1_2/documents misbehaves: never ending with the same documents, with new ones
 * on every page, or with new ones whose ids go up from page to page.
 */
export type EndlessListing = 'off' | 'same-ids' | 'new-ids' | 'ascending'
export const ENDLESS_LISTING_MODES: readonly EndlessListing[] = ['off', 'same-ids', 'new-ids', 'ascending']

/**
 * How POST /oauth/token answers a grant it accepts: `normal`; `bomb`: an access token that
 * never ends (streamed, up to 512 MiB, while the client reads); `negative-expiry`: real
 * tokens with `expires_in: -3600`; `not-bearer`: real tokens with `token_type: "mac"`;
 * `bad-charset`: an access token holding a line break and a space.
 */
export type TokenAnswer = 'normal' | 'bomb' | 'negative-expiry' | 'not-bearer' | 'bad-charset'
export const TOKEN_ANSWER_MODES: readonly TokenAnswer[] = [
  'normal',
  'bomb',
  'negative-expiry',
  'not-bearer',
  'bad-charset',
]

/** Rates are probabilities 0..1 per request; times in ms except retryAfterSec (seconds). */
export interface SandboxFaults extends HostileFileFaults {
  errorRate: number
  rate429: number
  /**
   * Probability that an /api/** request is answered 401 whatever its token (the token endpoint
   * still answers): 1 is a service that accepts no token of this sign-in, fresh ones included.
   */
  rate401?: number
  dropRate: number
  retryAfterSec: number
  latencyMs: number
  latencyJitterMs: number
  /**
   * `same-ids`: every page of a listing answers the listing's first 50 documents (a listing of
   * fewer still ends); `new-ids`: every page answers 50 documents never listed before (copies
   * of the listing's first document under new ids, descending from 900,000,000); `ascending`:
   * the same made-up documents, descending within a page but each page above the one before
   * (not the interface's order). None ever answers a short page.
   */
  endlessListing?: EndlessListing
  /** Agenda whose listings misbehave as `endlessListing` says; 0 (default): every agenda. */
  endlessListingAgendaId?: number
  /** > 0: every listing page answers a valid JSON body of this many bytes, streamed without Content-Length. */
  hugePageBytes?: number
  /** How the token endpoint answers a grant it accepts (see {@link TokenAnswer}). */
  tokenAnswer?: TokenAnswer
  /**
   * > 0: every /api/** answer sends its headers at once, then its body one byte every
   * `trickleMs` ms (a service, or a proxy, that trickles): each byte arrives well within any
   * idle timeout, so only an overall deadline ends the request.
   */
  trickleMs?: number
}

export const NO_FAULTS: SandboxFaults = {
  ...NO_HOSTILE_FILE_FAULTS,
  errorRate: 0,
  rate429: 0,
  rate401: 0,
  dropRate: 0,
  retryAfterSec: 1,
  latencyMs: 0,
  latencyJitterMs: 0,
  endlessListing: 'off',
  endlessListingAgendaId: 0,
  hugePageBytes: 0,
  tokenAnswer: 'normal',
  trickleMs: 0,
}

export type FaultDecision = 'none' | 'error' | 'too_many_requests' | 'unauthorized' | 'drop_before' | 'drop_after'

/** mulberry32: a small, fast, seedable PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Checks a partial fault setting; returns an error message per bad field (empty when valid). */
export function validateFaults(input: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const [key, value] of Object.entries(input)) {
    if (!(key in NO_FAULTS)) {
      errors[key] = ['is not a fault setting']
      continue
    }
    if (key === 'endlessListing') {
      if (!ENDLESS_LISTING_MODES.includes(value as EndlessListing))
        errors[key] = [`must be one of ${ENDLESS_LISTING_MODES.join(', ')}`]
      continue
    }
    if (key === 'tokenAnswer') {
      if (!TOKEN_ANSWER_MODES.includes(value as TokenAnswer))
        errors[key] = [`must be one of ${TOKEN_ANSWER_MODES.join(', ')}`]
      continue
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      errors[key] = ['must be a number >= 0']
      continue
    }
    if ((key === 'errorRate' || key === 'rate429' || key === 'rate401' || key === 'dropRate') && value > 1)
      errors[key] = ['must be between 0 and 1']
  }
  return errors
}

export class FaultInjector {
  private faults: SandboxFaults
  private readonly random: () => number

  constructor(initial: Partial<SandboxFaults> = {}, seed = 1) {
    this.faults = { ...NO_FAULTS, ...initial }
    this.random = mulberry32(seed ^ 0x5eed)
  }

  get(): SandboxFaults {
    return { ...this.faults }
  }

  set(partial: Partial<SandboxFaults>): SandboxFaults {
    this.faults = { ...this.faults, ...partial }
    return this.get()
  }

  /** How listings of `agendaId` (undefined: across agendas) misbehave now. */
  listingFault(agendaId: number | undefined): { endless: EndlessListing; hugePageBytes: number } {
    const { endlessListing = 'off', endlessListingAgendaId = 0, hugePageBytes = 0 } = this.faults
    const targeted = endlessListingAgendaId === 0 || endlessListingAgendaId === agendaId
    return { endless: targeted ? endlessListing : 'off', hugePageBytes }
  }

  /** Delay before handling, ms: latencyMs plus a uniform jitter in [0, latencyJitterMs]. */
  delayMs(): number {
    const { latencyMs, latencyJitterMs } = this.faults
    if (latencyMs <= 0 && latencyJitterMs <= 0) return 0
    return Math.max(0, Math.round(latencyMs + (latencyJitterMs > 0 ? this.random() * latencyJitterMs : 0)))
  }

  /** What happens to one request. */
  decide(): FaultDecision {
    const { errorRate, rate429, dropRate, rate401 = 0 } = this.faults
    // Its own draw, so that setting it leaves the other decisions of a seeded run as they were.
    if (rate401 > 0 && this.random() < rate401) return 'unauthorized'
    if (errorRate <= 0 && rate429 <= 0 && dropRate <= 0) return 'none'
    const r = this.random()
    if (r < errorRate) return 'error'
    if (r < errorRate + rate429) return 'too_many_requests'
    if (r < errorRate + rate429 + dropRate) return this.random() < 0.5 ? 'drop_before' : 'drop_after'
    return 'none'
  }
}

/**
 * Resolves once `performance.now()` reaches `deadline` (ms), never before and usually within
 * about 0.5 ms after. The latency fault counts from the request's arrival with it, so that
 * `latencyMs: 20` delays a request by about 20 ms, not by 20 ms plus the time spent before the
 * hook ran (bench B1 counts its lower bound in units of the latency). A timer rounded up to the
 * millisecond does the waiting; the event loop is only turned (`setImmediate`) for the rare
 * timer that fires a little early, so waiting costs no CPU: a busy wait would take CPU from the
 * client being measured on a small machine.
 */
export async function waitUntil(deadline: number): Promise<void> {
  const remaining = deadline - performance.now()
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, Math.ceil(remaining)))
  while (performance.now() < deadline) await new Promise((resolve) => setImmediate(resolve))
}

/**
 * `body` as a stream of one byte every `everyMs` ms (fault `trickleMs`); the timer stops when
 * the client goes away (the stream is destroyed).
 */
export function trickle(body: Buffer, everyMs: number): Readable {
  let next = 0
  let timer: NodeJS.Timeout | undefined
  return new Readable({
    read() {
      if (timer) return
      timer = setTimeout(() => {
        timer = undefined
        if (next >= body.length) return void this.push(null)
        this.push(body.subarray(next, ++next))
      }, everyMs)
    },
    destroy(error, callback) {
      clearTimeout(timer)
      callback(error)
    },
  })
}
