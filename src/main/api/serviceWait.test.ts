import { afterEach, describe, expect, it } from 'vitest'
import { closeFakeServices, failure, json, makeClient, serve } from './testing/fakeService'

/** Retry-After on 429 and 503 holds back every request to the service, not only the one that got it. */

afterEach(closeFakeServices)

/** A clock that only moves when the client sleeps, and the sleeps it was asked for. */
function fakeTime() {
  const time = { now: Date.UTC(2026, 10, 24, 12), sleeps: [] as number[] }
  return {
    time,
    now: () => time.now,
    sleep: async (ms: number) => {
      time.sleeps.push(ms)
      time.now += ms
    },
  }
}

describe('the service-wide wait', () => {
  it('a 429 with Retry-After holds back the next request too, and the client says how long', async () => {
    const arrivals: string[] = []
    const url = await serve((req, res) => {
      arrivals.push(req.url!.split('?')[0]!)
      if (arrivals.length === 1) return json(res, 429, { message: 'Too Many Requests' }, { 'retry-after': '30' })
      json(
        res,
        200,
        req.url!.startsWith('/api/v1_2/agendas')
          ? { agendas: [] }
          : { id: 1, email: 'a@b.test', name: 'A', surname: 'B' },
      )
    })
    const clock = fakeTime()
    // No retries: the request that got the 429 fails; the service's wait stays for the others.
    const client = makeClient(url, { now: clock.now, sleep: clock.sleep, retry: { maxRetries: 0 } })
    const heard: number[] = []
    client.onServiceHoldOff((holdOff) => heard.push(holdOff.requestedMs))
    expect((await failure(client.listAgendas())).code).toBe('rate_limited')
    expect(heard).toEqual([30_000])
    expect(client.serviceHoldOff()).toMatchObject({ requestedMs: 30_000 })
    await client.me()
    expect(clock.time.sleeps).toEqual([30_000])
    expect(arrivals).toEqual(['/api/v1_2/agendas', '/api/v1_2/me'])
    expect(client.serviceHoldOff()).toBeNull()
  })

  it('a wait longer than the client sits out fails every request at once, unsent, with the time left', async () => {
    let arrivals = 0
    const url = await serve((_req, res) => {
      arrivals++
      json(res, 503, { message: 'Maintenance' }, { 'retry-after': '600' })
    })
    const clock = fakeTime()
    const client = makeClient(url, { now: clock.now, sleep: clock.sleep })
    expect(await failure(client.listAgendas())).toMatchObject({ code: 'server', retryAfterMs: 600_000 })
    clock.time.now += 100_000
    const next = await failure(client.me())
    expect(next).toMatchObject({ code: 'rate_limited', retryAfterMs: 500_000, details: { notSent: true } })
    expect(next.message).toBe('The service asked us to wait 500 s; GET /api/v1_2/me was not sent.')
    expect(arrivals).toBe(1)
  })

  it('a 502 with Retry-After delays only its own retry', async () => {
    let arrivals = 0
    const url = await serve((_req, res) => {
      arrivals++
      if (arrivals === 1) return json(res, 502, { message: 'Bad Gateway' }, { 'retry-after': '2' })
      json(res, 200, { agendas: [] })
    })
    const clock = fakeTime()
    const client = makeClient(url, { now: clock.now, sleep: clock.sleep })
    await client.listAgendas()
    expect(clock.time.sleeps).toEqual([2_000])
    expect(client.serviceHoldOff()).toBeNull()
  })
})
