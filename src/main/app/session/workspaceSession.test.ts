import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { FakeService } from '../../offline/testing/fakeClient'
import { accountDir, WorkspaceSession } from './workspaceSession'

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  )

/** A fresh user-data folder, removed when the test ends. */
async function userData(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'docket-session-'))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  return dir
}

describe('the workspace of the current account', () => {
  it('answers not_signed_in before an account is active', async () => {
    const session = new WorkspaceSession({
      userDataDir: await userData(),
      clientFor: () => new FakeService() as never,
      emit: () => {},
      log: () => {},
    })
    expect(() => session.get()).toThrow(expect.objectContaining({ code: 'not_signed_in' }))
  })

  it('opens one workspace per account folder, switches accounts, and deletes a cache on request', async () => {
    const userDataDir = await userData()
    const session = new WorkspaceSession({
      userDataDir,
      clientFor: () => new FakeService() as never,
      emit: () => {},
      log: () => {},
    })
    await session.activate('account-a', 1)
    const first = session.get()
    expect(session.accountId()).toBe('account-a')
    await session.activate('account-a', 1)
    expect(session.get()).toBe(first)

    await session.activate('account-b', 2)
    expect(session.accountId()).toBe('account-b')
    expect(await exists(accountDir(userDataDir, 'account-a'))).toBe(true)

    await session.clearCache('account-b')
    expect(session.accountId()).toBeNull()
    expect(await exists(accountDir(userDataDir, 'account-b'))).toBe(false)
    expect(await exists(accountDir(userDataDir, 'account-a'))).toBe(true)
    await session.close()
  })

  it('gives the chosen cache cap to the open workspace and to every one opened later', async () => {
    const session = new WorkspaceSession({
      userDataDir: await userData(),
      clientFor: () => new FakeService() as never,
      emit: () => {},
      log: () => {},
    })
    await session.activate('account-a', 1)
    expect((await session.get().cacheUsage()).capBytes).toBe(500 * 1024 * 1024)
    await session.setCacheCap(100 * 1024 * 1024)
    expect((await session.get().cacheUsage()).capBytes).toBe(100 * 1024 * 1024)
    await session.activate('account-b', 2)
    expect((await session.get().cacheUsage()).capBytes).toBe(100 * 1024 * 1024)
    await session.close()
  })

  it('keeps account folder names inside the accounts folder', () => {
    expect(accountDir('/data', '../../etc')).toBe(join('/data', 'accounts', '______etc'))
  })
})

describe('a service that moved to another address', () => {
  it('leaves the queued actions with the old account, counted for the account list, open or not', async () => {
    const userDataDir = await userData()
    const services = new Map([
      ['old-address', new FakeService()],
      ['new-address', new FakeService()],
    ])
    const session = new WorkspaceSession({
      userDataDir,
      clientFor: (accountId: string) => services.get(accountId) as never,
      emit: () => {},
      log: () => {},
    })
    await session.activate('old-address', 7)
    await session.get().syncNow()
    services.get('old-address')!.offline = true
    const [id] = [...services.get('old-address')!.documents.keys()]
    await session.get().enqueue({ kind: 'documents.setState', items: [{ id: id!, state: 'exported' }] })
    await session.get().enqueue({ kind: 'comments.create', documentId: id!, text: 'Sent from the old address' })
    expect(await session.queuedActions('old-address')).toBe(2)

    // The person adds the service's new address (a new account) and works there.
    await session.activate('new-address', 7)
    expect(await session.queuedActions('new-address')).toBe(0)
    expect(await session.queuedActions('old-address')).toBe(2)
    await session.close()
  })
})

describe('removing the cache on sign-out', () => {
  it('keeps the queued actions (the outbox journal), which come back at the next open, and removes the rest', async () => {
    const userDataDir = await userData()
    const service = new FakeService()
    const session = new WorkspaceSession({
      userDataDir,
      clientFor: () => service as never,
      emit: () => {},
      log: () => {},
      workspaceOptions: { undoWindowMs: 0, backoffBaseMs: 5, backoffMaxMs: 20 },
    })
    await session.activate('account-a', 7)
    await session.get().syncNow()
    service.offline = true
    const [id] = [...service.documents.keys()]
    await session.get().enqueue({ kind: 'comments.create', documentId: id!, text: 'Kept through sign-out' })
    await session.clearCache('account-a', { keepQueue: true })
    expect(await exists(join(accountDir(userDataDir, 'account-a'), 'store'))).toBe(false)
    expect(await session.queuedActions('account-a')).toBe(1)

    service.offline = false
    await session.activate('account-a', 7)
    expect((await session.get().listOutbox()).map((e) => e.action)).toMatchObject([{ text: 'Kept through sign-out' }])
    for (let round = 0; round < 5 && (await session.get().listOutbox()).length > 0; round++) {
      await session.get().syncNow()
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    expect(service.comments.filter((c) => c.text === 'Kept through sign-out')).toHaveLength(1)
    await session.close()
  })

  it('with nothing queued removes the whole folder', async () => {
    const userDataDir = await userData()
    const session = new WorkspaceSession({
      userDataDir,
      clientFor: () => new FakeService() as never,
      emit: () => {},
      log: () => {},
    })
    await session.activate('account-a', 7)
    await session.clearCache('account-a', { keepQueue: true })
    expect(await exists(accountDir(userDataDir, 'account-a'))).toBe(false)
  })
})
