/**
 * Hostile renderer (SECURITY.md, "Renderer is untrusted"): 10,000 random payloads on every channel of the
 * IPC contract, through the real router. The renderer is untrusted, so a payload the channel's
 * input schema refuses must come back as `{ ok: false, error: { code: 'validation' } }` and
 * must never reach a handler. The contract is iterated, so a channel added later is fuzzed
 * without touching this file.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { createRouter, type HandlerTable } from '../../main/app/router'
import { channels } from './contract'
import { ipcResultSchema } from './result'

const appPage = 'app://docket/index.html'
const PAYLOADS_PER_CHANNEL = 10_000

/** Names an attacker might use to reach the prototype or confuse a parser. */
const hostileKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'then', '']

/** Field names of an object schema (zod 4 `shape`), so payloads get near the valid ones. */
function fieldNamesOf(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape
  return shape && typeof shape === 'object' ? Object.keys(shape) : []
}

/** Leaf values: what JSON and structured clone can carry, plus the awkward ones. */
const leaf = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom('', ' ', '\u0000', '../../etc/passwd', 'javascript:alert(1)', '<script>x</script>', 'app://docket/x'),
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 53), Number.MAX_VALUE),
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt(),
  fc.date({ noInvalidDate: false }),
  fc.uint8Array({ maxLength: 16 }),
)

/** Arbitrary nested values (objects with hostile keys, arrays, leaves). */
const { value: anyValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...hostileKeys)), tie('value'), {
      maxKeys: 5,
    }),
  ),
}))

/**
 * Payloads for one channel: anything at all, and objects using the channel's own field names
 * (values of any type, extra and hostile keys), which get past the first checks of a schema.
 */
function payloadsFor(fieldNames: string[]): fc.Arbitrary<unknown> {
  const keys = fc.constantFrom(...fieldNames, ...hostileKeys, 'extra')
  const nearValid =
    fieldNames.length > 0
      ? fc.dictionary(keys, anyValue, { minKeys: 0, maxKeys: fieldNames.length + 2 })
      : fc.dictionary(keys, anyValue, { minKeys: 1, maxKeys: 3 })
  const hugeString = fc.constantFrom('x'.repeat(1_000_000), '9'.repeat(100_000))
  const hugeFields = fieldNames.length
    ? fc
        .record({ k: fc.constantFrom(...fieldNames), v: fc.oneof(hugeString, fc.constant(new Array(20_000).fill(1))) })
        .map(({ k, v }) => ({ [k]: v }))
    : hugeString
  const protoPollution = fc.constantFrom(
    JSON.parse('{"__proto__": {"polluted": true}}') as unknown,
    JSON.parse('{"constructor": {"prototype": {"polluted": true}}}') as unknown,
  )
  return fc.oneof(
    { arbitrary: anyValue, weight: 3 },
    {
      arbitrary: fc.anything({
        withBigInt: true,
        withDate: true,
        withMap: true,
        withSet: true,
        withTypedArray: true,
        withNullPrototype: true,
      }),
      weight: 2,
    },
    { arbitrary: nearValid, weight: 5 },
    { arbitrary: hugeFields, weight: 1 },
    { arbitrary: protoPollution, weight: 1 },
  )
}

describe('IPC contract under 10,000 random payloads per channel', () => {
  const names = Object.keys(channels) as (keyof typeof channels & string)[]

  it('has channels to fuzz (the contract is iterated, not listed here)', () => {
    expect(names.length).toBeGreaterThan(10)
  })

  it.each(names)(
    '%s: refused input answers only `validation` and never reaches the handler',
    async (channel) => {
      const spec = channels[channel] as { input: z.ZodType }
      const calls: unknown[] = []
      const handlers = Object.fromEntries(
        names.map((name) => [
          name,
          (input: unknown) => {
            calls.push(input)
            // Valid input may legitimately reach the handler; it then fails on purpose so the
            // router's path for handler errors is exercised too.
            throw Object.assign(new Error('reached'), { code: 'reached_handler' })
          },
        ]),
      ) as unknown as HandlerTable
      const logs: string[] = []
      const router = createRouter({
        handlers,
        isTrustedSender: (url) => url === appPage,
        log: (line) => logs.push(line),
      })

      let refused = 0
      let accepted = 0
      await fc.assert(
        fc.asyncProperty(payloadsFor(fieldNamesOf(spec.input)), async (payload) => {
          const callsBefore = calls.length
          const valid = spec.input.safeParse(payload).success
          const result = await router.dispatch(channel, payload, { senderUrl: appPage })
          // Always a well-formed result, never a throw (dispatch would reject the assert).
          expect(ipcResultSchema.safeParse(result).success).toBe(true)
          expect(result.ok).toBe(false)
          if (result.ok) return
          if (valid) {
            accepted++
            expect(result.error.code).toBe('reached_handler')
            expect(calls.length).toBe(callsBefore + 1)
          } else {
            refused++
            expect(result.error.code).toBe('validation')
            expect(calls.length).toBe(callsBefore)
            // Bounded answer: a 1 MB string in the input is not echoed back whole.
            expect(result.error.message.length).toBeLessThan(2_000)
            expect(Array.isArray((result.error.details as { issues?: unknown })?.issues)).toBe(true)
          }
          // The answer crosses the process boundary: it must be cloneable.
          expect(() => structuredClone(result)).not.toThrow()
        }),
        { numRuns: PAYLOADS_PER_CHANNEL, seed: 0x0d0c4e7, endOnFailure: true },
      )
      expect(refused + accepted).toBe(PAYLOADS_PER_CHANNEL)
      expect(refused).toBeGreaterThan(0)
      // No prototype was polluted by any payload.
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      // Refused input is not logged as an unexpected failure.
      expect(logs.filter((line) => line.includes('failed'))).toEqual([])
    },
    120_000,
  )

  it('refuses channels outside the contract, prototype names included, with `unknown_channel`', async () => {
    const router = createRouter({ handlers: {} as HandlerTable, isTrustedSender: () => true, log: () => {} })
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.constantFrom(...hostileKeys, 'hasOwnProperty', '__defineGetter__')),
        anyValue,
        async (name, payload) => {
          fc.pre(!Object.prototype.hasOwnProperty.call(channels, name))
          const result = await router.dispatch(name, payload, { senderUrl: appPage })
          expect(result).toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
          if (!result.ok) expect(result.error.message.length).toBeLessThan(200)
        },
      ),
      { numRuns: 2_000, seed: 0x0d0c4e8 },
    )
  })
})
