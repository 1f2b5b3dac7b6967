import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { registerNetworkRoute, startHarnessNetwork, type HarnessNetwork } from './network'

let target: Server
let network: HarnessNetwork
let server: FastifyInstance
const ORIGIN = 'http://127.0.0.1:1'

beforeEach(async () => {
  target = createServer((_request, response) => response.end('service'))
  await new Promise<void>((done) => target.listen(0, '127.0.0.1', done))
  network = await startHarnessNetwork(`http://127.0.0.1:${(target.address() as AddressInfo).port}`)
  server = Fastify()
  registerNetworkRoute(
    server,
    () => network,
    (origin) => origin === ORIGIN,
  )
})
afterEach(async () => {
  await server.close()
  await network.close()
  await new Promise<void>((done) => target.close(() => done()))
})

/** A request through the switch: the service's answer, or the error code of the connection. */
async function through(): Promise<string> {
  try {
    return await (await fetch(network.url, { headers: { connection: 'close' } })).text()
  } catch (error) {
    return String((error as { cause?: { code?: string } }).cause?.code ?? error)
  }
}

const post = (body: unknown, origin = ORIGIN) =>
  server.inject({ method: 'POST', url: '/__harness/network', headers: { origin }, payload: body as object })

describe('the network switch', () => {
  it('passes connections through while online, refuses them offline, and comes back on the same address', async () => {
    expect(await through()).toBe('service')
    expect(await network.setOnline(false)).toBe(false)
    expect(network.online).toBe(false)
    expect(await through()).toBe('ECONNREFUSED')
    expect(await network.setOnline(true)).toBe(true)
    expect(await through()).toBe('service')
  })

  it('POST /__harness/network { online } switches it and answers the state; GET reads it', async () => {
    const off = await post({ online: false })
    expect([off.statusCode, off.json()]).toEqual([200, { online: false }])
    expect(await through()).toBe('ECONNREFUSED')
    expect((await server.inject({ method: 'GET', url: '/__harness/network' })).json()).toEqual({ online: false })
    expect((await post({ online: true })).json()).toEqual({ online: true })
    expect(await through()).toBe('service')
  })

  it('refuses another origin (403) and a body without a boolean (400), leaving the switch as it was', async () => {
    const foreign = await post({ online: false }, 'http://evil.test')
    expect([foreign.statusCode, foreign.json().code]).toEqual([403, 'forbidden_sender'])
    const bad = await post({ online: 'no' })
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'validation'])
    expect(network.online).toBe(true)
  })
})
