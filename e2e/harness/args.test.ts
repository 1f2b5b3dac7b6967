import { describe, expect, it } from 'vitest'
import { parseHarnessArgs } from './args'

describe('npm run harness arguments', () => {
  it("passes every sandbox flag through to the sandbox's own parser, admin routes on", () => {
    const args = parseHarnessArgs([
      '--port',
      '0',
      '--documents',
      '60',
      '--processing-delay-ms',
      '500',
      '--rate-429=0.1',
      '--drop-rate',
      '0.05',
      '--latency-ms',
      '20',
      '--fault-rate',
      '0.2',
      '--quiet',
    ])
    expect(args).toMatchObject({ port: 0, demo: true, credentials: 'auto' })
    expect(args.sandboxOptions).toMatchObject({
      admin: true,
      documents: 60,
      processingDelayMs: 500,
      faults: { rate429: 0.1, dropRate: 0.05, latencyMs: 20, errorRate: 0.2 },
    })
  })

  it('reads its own flags, --offline-after among them', () => {
    const args = parseHarnessArgs([
      '--offline-after',
      '30',
      '--network-port',
      '47123',
      '--no-demo',
      '--credentials',
      'memory',
      '--sandbox',
      'http://127.0.0.1:4010',
      '--user-data',
      'tmp/u',
      '--fixtures',
      'f',
      '--open',
      '--verbose',
      '--planted',
    ])
    expect(args).toMatchObject({
      offlineAfterSec: 30,
      networkPort: 47123,
      demo: false,
      credentials: 'memory',
      sandbox: 'http://127.0.0.1:4010',
      userData: 'tmp/u',
      fixtures: 'f',
      open: true,
      verbose: true,
      planted: true,
    })
    expect(parseHarnessArgs([]).planted).toBe(false)
  })

  it('refuses an unknown flag, a bad value, and the sandbox port (the harness picks it)', () => {
    expect(() => parseHarnessArgs(['--bogus', '1'])).toThrow(/bogus/)
    expect(() => parseHarnessArgs(['--rate-429', '2'])).toThrow(/rate-429/)
    expect(() => parseHarnessArgs(['--offline-after', 'soon'])).toThrow(/offline-after/)
    expect(() => parseHarnessArgs(['--credentials', 'vault'])).toThrow(/credentials/)
    expect(() => parseHarnessArgs(['--network-port', '70000'])).toThrow(/network-port/)
    expect(() => parseHarnessArgs(['--network-port', '1.5'])).toThrow(/network-port/)
    expect(() => parseHarnessArgs(['--host', '0.0.0.0'])).toThrow(/port/)
  })
})
