import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { SandboxState } from './state'
import { parseSandboxArgs } from './cli'
import { request } from './testing'

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url))

describe('sandbox CLI', () => {
  it('prints `Sandbox listening on http://127.0.0.1:PORT` first, then the demo credentials; serves; exits 0 on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', cli, '--port', '0', '--admin', '--documents', '20', '--seed', '3'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    const lines: string[] = []
    const rl = createInterface({ input: child.stdout! })
    const firstLines = new Promise<void>((resolve) => {
      rl.on('line', (line) => {
        lines.push(line)
        if (lines.length === 6) resolve()
      })
    })
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    try {
      await firstLines
      expect(lines[0]).toMatch(/^Sandbox listening on http:\/\/127\.0\.0\.1:\d+$/)
      const url = lines[0]!.slice('Sandbox listening on '.length)
      const text = lines.join('\n')
      expect(text).toContain('docket-desktop')
      expect(text).toContain('http://127.0.0.1:53682/oauth/callback')
      expect(text).toContain('demo@docket.test / demo-password-1')
      const state = await request(`${url}/_sandbox/state`)
      expect(state.body.documents.filter((d: SandboxState['documents'][number]) => d.agenda_id === 2)).toHaveLength(20)
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
  })

  it('parses every flag into SandboxOptions', () => {
    const o = parseSandboxArgs([
      '--port',
      '4010',
      '--seed',
      '9',
      '--fixtures',
      '/tmp/f',
      '--documents',
      '10000',
      '--token-ttl',
      '60',
      '--job-delay-ms',
      '5',
      '--repair-delay-ms',
      '6',
      '--processing-delay-ms',
      '7',
      '--latency-ms',
      '20',
      '--latency-jitter-ms',
      '4',
      '--fault-rate',
      '0.1',
      '--rate-429',
      '0.05',
      '--drop-rate',
      '0.05',
      '--retry-after',
      '2',
      '--admin',
      '--quiet',
    ])
    expect(o).toEqual({
      port: 4010,
      seed: 9,
      fixturesDir: '/tmp/f',
      documents: 10000,
      tokenTtlSec: 60,
      jobDelayMs: 5,
      repairDelayMs: 6,
      processingDelayMs: 7,
      admin: true,
      quiet: true,
      faults: { errorRate: 0.1, rate429: 0.05, dropRate: 0.05, latencyMs: 20, latencyJitterMs: 4, retryAfterSec: 2 },
    })
  })

  it('rejects a bad value or an unknown flag', () => {
    expect(() => parseSandboxArgs(['--fault-rate', '2'])).toThrow(/between 0 and 1/)
    expect(() => parseSandboxArgs(['--port', 'abc'])).toThrow(/--port/)
    expect(() => parseSandboxArgs(['--bogus'])).toThrow()
  })
})
