import { beforeEach, describe, expect, it } from 'vitest'
import type { UploadProgress } from '../../../shared/ipc'
import { FakeUploadWorkspace } from '../testing/fakeUploadWorkspace'
import { UploadProgressReporter } from './progress'

let workspace: FakeUploadWorkspace
let events: UploadProgress[]
let reporter: UploadProgressReporter

/** Writes one upload entry (`e1`) of two files and follows it, as `upload.files` does. */
async function followOneEntry(): Promise<void> {
  const bytes = new Uint8Array([1])
  const entry = await workspace.enqueueUpload({
    agendaId: 1,
    type: 'PurchaseInvoice',
    files: [
      { fileName: 'a.pdf', contentType: 'application/pdf', bytes },
      { fileName: 'b.pdf', contentType: 'application/pdf', bytes },
    ],
  })
  reporter.follow(workspace, entry.id, [
    { uploadId: 'u-a', fileName: 'a.pdf' },
    { uploadId: 'u-b', fileName: 'b.pdf' },
  ])
  await reporter.idle()
}

/** The workspace's `outbox.changed` for `entryIds`, then waits for the reporter's read. */
async function outboxChanged(...entryIds: string[]): Promise<void> {
  reporter.onEvent('outbox.changed', { pending: 0, failed: 0, entryIds })
  await reporter.idle()
}

const phasesOf = (uploadId: string) => events.filter((e) => e.uploadId === uploadId).map((e) => e.phase)

beforeEach(() => {
  workspace = new FakeUploadWorkspace()
  events = []
  reporter = new UploadProgressReporter((p) => events.push(p))
})

describe('upload progress follows the outbox entry', () => {
  it('reports every file sending while in flight and sent once the entry is done, each change once', async () => {
    await followOneEntry()
    expect(events).toEqual([]) // still pending: `queued` was already said by upload.files
    workspace.setStatus('e1', 'in_flight')
    await outboxChanged('e1')
    await outboxChanged('e1')
    workspace.remove('e1')
    await outboxChanged('e1')
    expect(phasesOf('u-a')).toEqual(['sending', 'sent'])
    expect(phasesOf('u-b')).toEqual(['sending', 'sent'])
    expect(events.at(-1)).toEqual({ uploadId: 'u-b', fileName: 'b.pdf', phase: 'sent', fraction: 1 })
  })

  it('reports the service’s refusal, then queued and sent again after a retry', async () => {
    await followOneEntry()
    workspace.setStatus('e1', 'failed', { code: 'validation', message: 'The file is not an invoice.' })
    await outboxChanged('e1')
    expect(events.at(-1)).toMatchObject({ phase: 'failed', reason: 'The file is not an invoice.' })
    workspace.setStatus('e1', 'pending')
    await outboxChanged('e1')
    workspace.remove('e1')
    await outboxChanged('e1')
    expect(phasesOf('u-a')).toEqual(['failed', 'queued', 'sent'])
  })

  it('goes back to queued when a send did not get through (offline) and will be tried again', async () => {
    await followOneEntry()
    workspace.setStatus('e1', 'in_flight')
    await outboxChanged('e1')
    workspace.setStatus('e1', 'pending')
    await outboxChanged('e1')
    expect(phasesOf('u-a')).toEqual(['sending', 'queued'])
  })

  it('reports an entry the user undid as failed with that reason, not as sent', async () => {
    await followOneEntry()
    await reporter.duringRemoval('undone', async () => {
      workspace.remove('e1')
      reporter.onEvent('outbox.changed', { pending: 0, failed: 0, entryIds: ['e1'] })
    })
    await reporter.idle()
    expect(events.map((e) => [e.uploadId, e.phase, e.reason])).toEqual([
      ['u-a', 'failed', 'The upload was undone before it was sent.'],
      ['u-b', 'failed', 'The upload was undone before it was sent.'],
    ])
  })

  it('reports a failed entry the user discarded with that reason', async () => {
    await followOneEntry()
    workspace.setStatus('e1', 'failed', { code: 'server', message: 'Server error.' })
    await outboxChanged('e1')
    await reporter.duringRemoval('discarded', async () => {
      workspace.remove('e1')
      reporter.onEvent('outbox.changed', { pending: 0, failed: 0, entryIds: ['e1'] })
    })
    await reporter.idle()
    expect(events.at(-1)).toMatchObject({ phase: 'failed', reason: 'The failed upload was discarded.' })
  })

  it('reports an entry seen in flight as sent even while another entry is being undone', async () => {
    await followOneEntry()
    workspace.setStatus('e1', 'in_flight')
    await outboxChanged('e1')
    await reporter.duringRemoval('undone', async () => {
      workspace.remove('e1')
      reporter.onEvent('outbox.changed', { pending: 0, failed: 0, entryIds: ['e1'] })
    })
    await reporter.idle()
    expect(phasesOf('u-a')).toEqual(['sending', 'sent'])
  })

  it('reads the entry once when it starts following: an entry already in flight is reported sending', async () => {
    const entry = await workspace.enqueueUpload({ agendaId: 1, type: 'PurchaseInvoice', files: [] })
    workspace.setStatus(entry.id, 'in_flight')
    reporter.follow(workspace, entry.id, [{ uploadId: 'u-x', fileName: 'x.pdf' }])
    await reporter.idle()
    expect(phasesOf('u-x')).toEqual(['sending'])
  })

  it('ignores other events and entries it does not follow, survives a throwing listener, forgets a sent entry', async () => {
    let calls = 0
    reporter = new UploadProgressReporter(() => {
      calls++
      throw new Error('listener failed')
    })
    await followOneEntry()
    reporter.onEvent('documents.changed', { documentIds: [], agendaIds: [] })
    await outboxChanged('not-followed')
    expect(calls).toBe(0)
    workspace.remove('e1')
    await expect(outboxChanged('e1')).resolves.toBeUndefined()
    expect(calls).toBe(2)
    await outboxChanged('e1')
    expect(calls).toBe(2)
  })

  it('stops following the entries of a workspace whose outbox can no longer be read (account switched)', async () => {
    await followOneEntry()
    workspace.listOutbox = async () => Promise.reject(new Error('The workspace is closed.'))
    await outboxChanged('e1')
    workspace.listOutbox = FakeUploadWorkspace.prototype.listOutbox
    await outboxChanged('e1')
    expect(events).toEqual([])
  })
})
