import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ClassicLevel } from 'classic-level'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { outboxActionSchema } from '../../shared/outbox/actions'
import type { OutboxEntry } from '../../shared/outbox/entry'
import { migrateOutboxAction, migrateOutboxEntries, RENAMED_KINDS } from './outboxMigration'
import { OutboxJournal } from './store/journal'
import { FakeService } from './testing/fakeClient'
import { OUTBOX_JOURNAL_FILE, openWorkspace, type OfflineWorkspace } from './workspace'

describe('outbox entries in the names of earlier versions', () => {
  it('renames every old kind to the channel-named kind, keeping the payload', () => {
    expect(migrateOutboxAction({ kind: 'document.repair', documentId: 4, description: 'VAT' })).toEqual({
      kind: 'documents.repair',
      documentId: 4,
      description: 'VAT',
    })
    expect(migrateOutboxAction({ kind: 'comment.update', documentId: 4, uuid: 'u', text: 't' })).toEqual({
      kind: 'comments.update',
      documentId: 4,
      uuid: 'u',
      text: 't',
    })
    expect(migrateOutboxAction({ kind: 'documents.upload', agendaId: 1, type: 'PurchaseInvoice', files: [] })).toEqual({
      kind: 'upload.files',
      agendaId: 1,
      type: 'PurchaseInvoice',
      files: [],
    })
    // Every target is a kind the outbox knows today.
    const today = new Set(outboxActionSchema.options.map((option) => option.shape.kind.value))
    for (const target of Object.values(RENAMED_KINDS)) expect(today.has(target as never), target).toBe(true)
  })

  it("turns one document's state change into a state change of one item, and a batch keeps its items", () => {
    expect(migrateOutboxAction({ kind: 'document.setState', documentId: 12, state: 'exported' })).toEqual({
      kind: 'documents.setState',
      items: [{ id: 12, state: 'exported' }],
    })
    const batch = {
      kind: 'documents.setStates',
      items: [
        { id: 1, state: 'ready' },
        { id: 2, state: 'ready' },
      ],
    }
    expect(migrateOutboxAction(batch)).toEqual({ ...batch, kind: 'documents.setState' })
  })

  it("leaves entries in today's names, and what it does not know, as they are", () => {
    const today = { kind: 'documents.archive', documentId: 3 }
    expect(migrateOutboxAction(today)).toBe(today)
    expect(migrateOutboxAction({ kind: 'something.else' })).toEqual({ kind: 'something.else' })
    expect(migrateOutboxAction(null)).toBeNull()
    const entries = [
      { id: 'a', action: today },
      { id: 'b', action: { kind: 'comment.delete', documentId: 3, uuid: 'u' } },
    ]
    const { entries: migrated, migrated: count } = migrateOutboxEntries(entries)
    expect(count).toBe(1)
    expect(migrated[0]).toBe(entries[0])
    expect(migrated[1]!.action.kind).toBe('comments.delete')
  })
})

/** The action as an earlier version wrote it. */
function inOldNames(action: OutboxEntry['action']): Record<string, unknown> {
  if (action.kind === 'documents.setState') {
    return action.items.length === 1
      ? { kind: 'document.setState', documentId: action.items[0]!.id, state: action.items[0]!.state }
      : { ...action, kind: 'documents.setStates' }
  }
  const old = Object.entries(RENAMED_KINDS).find(([, now]) => now === action.kind)?.[0]
  return { ...action, kind: old ?? action.kind }
}

describe('a workspace opened on an outbox queued by an earlier version', () => {
  let dir = ''
  let service: FakeService
  const open: OfflineWorkspace[] = []

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'docket-outbox-names-'))
    service = new FakeService({ agendas: 1, documentsPerAgenda: 6, state: 'not_ready' })
    // The service's background job applies a batch after two reads.
    service.batchDelayPolls = 2
  })
  afterEach(async () => {
    for (const ws of open.splice(0)) await ws.close()
    await rm(dir, { recursive: true, force: true })
  })

  async function workspace(): Promise<OfflineWorkspace> {
    const ws = await openWorkspace({
      dir,
      client: service,
      userId: 7,
      clock: () => new Date(service.now()),
      options: { undoWindowMs: 0, backoffBaseMs: 5, backoffMaxMs: 20, batchConfirmPollMs: 1 },
    })
    open.push(ws)
    return ws
  }

  it('reads the old-named entries of the store and the journal in the new names and sends each once', async () => {
    const first = await workspace()
    await first.syncNow()
    const [a, b, c, d] = [...service.documents.keys()].sort((x, y) => x - y)
    service.offline = true
    await first.enqueue({ kind: 'documents.setState', items: [{ id: a!, state: 'ready' }] })
    await first.enqueue({
      kind: 'documents.setState',
      items: [
        { id: b!, state: 'ready' },
        { id: c!, state: 'ready' },
      ],
    })
    await first.enqueue({ kind: 'documents.repair', documentId: d!, description: 'VAT line missing' })
    await first.enqueue({ kind: 'comments.create', documentId: a!, text: 'Queued by an older Docket' })
    await first.enqueue({ kind: 'agendas.create', agenda: { name: 'Queued agenda', home_currency: 'EUR' } })
    await first.close()
    open.splice(0)

    // Rewrite the store's and the journal's entries as an earlier version wrote them.
    const level = new ClassicLevel(join(dir, 'store'))
    const outbox = level.sublevel<string, OutboxEntry>('outbox', { valueEncoding: 'json' })
    const old: OutboxEntry[] = []
    for await (const [key, entry] of outbox.iterator()) {
      const rewritten = { ...entry, action: inOldNames(entry.action) } as unknown as OutboxEntry
      old.push(rewritten)
      await outbox.put(key, rewritten)
    }
    await level.close()
    expect(old.map((entry) => entry.action.kind).sort()).toEqual(
      ['agenda.create', 'comment.create', 'document.repair', 'document.setState', 'documents.setStates'].sort(),
    )
    const { journal } = await OutboxJournal.open(join(dir, OUTBOX_JOURNAL_FILE), false)
    await journal.reset(old, journal.meta)

    const second = await workspace()
    const queued = await second.listOutbox()
    expect(queued.map((entry) => entry.action.kind).sort()).toEqual(
      ['agendas.create', 'comments.create', 'documents.repair', 'documents.setState', 'documents.setState'].sort(),
    )
    expect(
      queued.find((entry) => entry.action.kind === 'documents.setState' && entry.action.items.length === 1)?.action,
    ).toEqual({ kind: 'documents.setState', items: [{ id: a, state: 'ready' }] })
    // Nothing was lost or counted as damage: the queued work is the same work.
    expect(second.recovery()).toBeNull()
    expect((await second.getDocument(a!))?.state).toBe('ready')
    expect((await second.getDocument(d!))?.state).toBe('repairing')

    // The journal was written back in the new names.
    const reread = await OutboxJournal.open(join(dir, OUTBOX_JOURNAL_FILE), false)
    expect(
      [...reread.journal.entries.values()].every((entry) => outboxActionSchema.safeParse(entry.action).success),
    ).toBe(true)

    service.offline = false
    // Past the backoff of the attempts made while offline (the workspace runs on the service's clock).
    service.tick(60_000)
    for (let round = 0; round < 20 && (await second.listOutbox()).length > 0; round++) await second.syncNow()
    expect(await second.listOutbox()).toEqual([])
    expect(service.documents.get(a!)?.state).toBe('ready')
    expect(service.documents.get(b!)?.state).toBe('ready')
    expect(service.documents.get(c!)?.state).toBe('ready')
    expect(service.documents.get(d!)?.state).toBe('repairing')
    expect(service.comments.filter((comment) => comment.text === 'Queued by an older Docket')).toHaveLength(1)
    expect(service.agendas.filter((agenda) => agenda.name === 'Queued agenda')).toHaveLength(1)
    // One document's change went as one document's PATCH, the two-document one as a batch.
    const sent = service.calls.filter((call) => call.startsWith('setDocumentState'))
    expect(new Set(sent)).toEqual(new Set([`setDocumentState:{"id":${a},"state":"ready"}`, 'setDocumentStates:2']))
  })
})
