import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox'
import type { ApiClient } from '../api/client'
import { MAX_HOLD_OFF_MS } from '../api/budget'
import { sandboxClient } from './testing/sandboxClient'
import { openWorkspace, type OfflineWorkspace } from './workspace'

/**
 * Waits with limits, against the sandbox over real HTTP: a service that trickles its answers
 * cannot keep a sync "syncing" past the overall deadline of a request (a typed `timeout`), and
 * a Retry-After of eleven days holds the service for ten minutes at most, which *Try now* ends
 * for the person's queued actions.
 */

/** The overall deadline of a small answer here (60 s in the app). */
const DEADLINE_MS = 1_000
let sandbox: Sandbox
let client: ApiClient
let dir: string
let ws: OfflineWorkspace

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, admin: true, documents: 20, prerenderPreviews: false })
  const demo = sandbox.credentials.users[0]!
  client = await sandboxClient({
    url: sandbox.url,
    ...sandbox.credentials,
    email: demo.email,
    password: demo.password,
    baseDeadlineMs: DEADLINE_MS,
  })
  dir = await mkdtemp(join(tmpdir(), 'docket-service-waits-'))
  ws = await openWorkspace({
    dir,
    client,
    userId: demo.id,
    options: { backoffBaseMs: 60_000, backoffMaxMs: 60_000, pullIntervalMs: 60_000 },
  })
  await ws.syncNow()
  expect(ws.status().lastError).toBeNull()
})

afterAll(async () => {
  await ws?.close()
  await client?.close()
  await sandbox?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('a service that trickles', () => {
  it('ends the sync at the deadline with a typed timeout, not syncing for minutes', async () => {
    // A byte every 300 ms: never silent long enough for the dispatcher's idle timeouts.
    sandbox.setFaults({ trickleMs: 300 })
    const started = Date.now()
    await ws.syncNow()
    const status = ws.status()
    sandbox.setFaults({ trickleMs: 0 })
    expect(status.syncing).toBe(false)
    expect(status.lastError).toMatchObject({ code: 'timeout' })
    expect(status.lastError!.message).toMatch(/took longer than 1 s to answer/)
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS * 4)
    await ws.syncNow()
    expect(ws.status().lastError).toBeNull()
  })
})

describe('a service that answers every page slowly, each within its deadline', () => {
  it('ends the pull at the step deadline with a typed timeout', async () => {
    const slowDir = await mkdtemp(join(tmpdir(), 'docket-slow-pull-'))
    const slow = await openWorkspace({
      dir: slowDir,
      client,
      userId: sandbox.credentials.users[0]!.id,
      options: { backoffBaseMs: 60_000, backoffMaxMs: 60_000, pullIntervalMs: 60_000, pullDeadlineMs: 600 },
    })
    sandbox.setFaults({ latencyMs: 450 })
    try {
      const started = Date.now()
      await slow.syncNow()
      expect(slow.status()).toMatchObject({ syncing: false, lastError: { code: 'timeout' } })
      expect(slow.status().lastError!.message).toBe(
        'The service took longer than 1 s to list the documents; Docket stopped this sync and will try again.',
      )
      expect(Date.now() - started).toBeLessThan(3_000)
    } finally {
      sandbox.setFaults({ latencyMs: 0 })
      await slow.close()
      await rm(slowDir, { recursive: true, force: true })
    }
  })
})

describe('a Retry-After of days', () => {
  it('holds the service ten minutes at most, and Try now sends the queued action at once', async () => {
    const [doc] = await ws.listDocuments(1)
    sandbox.setFaults({ rate429: 1, retryAfterSec: 999_999 })
    const before = Date.now()
    await ws.enqueue({ kind: 'comments.create', documentId: doc!.id, text: 'try now' })
    // A new action waits a few seconds (its undo window) before it is sent, and meets the 429 then.
    const held = async () => {
      for (let i = 0; i < 400 && ws.status().waitUntil === null; i++) await new Promise((r) => setTimeout(r, 20))
      return ws.status()
    }
    const status = await held()
    expect(status.waitUntil).not.toBeNull()
    expect(Date.parse(status.waitUntil!) - before).toBeLessThanOrEqual(MAX_HOLD_OFF_MS + 5_000)
    expect(status.pending).toBe(1)
    const posted = () => sandbox.state().comments.filter((c) => c.text === 'try now').length
    expect(posted()).toBe(0)
    // The service is well again; without Try now the action would wait out the ten minutes.
    sandbox.setFaults({ rate429: 0 })
    await ws.tryNow()
    expect(posted()).toBe(1)
    expect(ws.status().waitUntil).toBeNull()
    expect(ws.status().pending).toBe(0)
  })
})
