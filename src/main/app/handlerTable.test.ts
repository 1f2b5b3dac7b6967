/**
 * The router's table names a handler for every channel: leaving one out is a compile error
 * (the `@ts-expect-error` below fails typecheck the day a partial table compiles).
 */
import { describe, expect, it } from 'vitest'
import { channels } from '../../shared/ipc'
import type { HandlerTable } from './router'

describe('the handler table', () => {
  it('does not compile without a channel', () => {
    const complete = Object.fromEntries(
      Object.keys(channels).map((name) => [name, () => undefined]),
    ) as unknown as HandlerTable
    const { 'app.info': _left, ...withoutAppInfo } = complete
    // @ts-expect-error 'app.info' has no handler
    const partial: HandlerTable = withoutAppInfo
    expect(Object.keys(partial)).not.toContain('app.info')
    expect(Object.keys(partial)).toHaveLength(Object.keys(channels).length - 1)
  })
})
