import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createExportHandlers } from '../export/handlers'
import type { FileHost } from '../ports'
import { routerCall } from '../testing/routerCall'
import { openTestWorkspace, type TestWorkspace } from '../testing/offlineWorkspace'
import { createHistoryHandlers } from './handlers'

let t: TestWorkspace

beforeEach(async () => {
  t = await openTestWorkspace({ userName: 'Jana Nováková' })
  await t.workspace.syncNow()
})
afterEach(async () => {
  await t.close()
})

const files: FileHost = {
  async saveFile(file) {
    return { saved: true, path: `/tmp/${file.suggestedName}` }
  },
  async openWithSystemViewer() {},
}

describe('history channels', () => {
  it("an export's mark exported is in each document's history, by the signed-in user", async () => {
    const ids = [...t.service.documents.keys()].sort((a, b) => a - b)
    const exportHandlers = createExportHandlers({ getWorkspace: () => t.workspace, files })
    const call = routerCall({ ...exportHandlers, ...createHistoryHandlers(() => t.workspace) })
    const result = await call('export.documents', {
      agendaId: 1,
      format: 'csv',
      selection: { kind: 'ids', ids },
      columns: ['id'],
      markExported: true,
    })
    expect(result).toMatchObject({ saved: true, markedExported: ids.length })
    for (const id of ids) {
      expect(await call('history.list', { documentId: id })).toMatchObject({
        items: [{ kind: 'exported', by: 'Jana Nováková', documentId: id, status: 'pending' }],
      })
    }
  })

  it('history.import refuses events of an unknown shape and imports valid ones once', async () => {
    const call = routerCall(createHistoryHandlers(() => t.workspace))
    const id = [...t.service.documents.keys()][0]!
    await expect(
      call('history.import', { events: [{ documentId: id, kind: 'explode', at: 'yesterday', entryIds: [] }] }),
    ).rejects.toMatchObject({ code: 'validation' })
    const event = { documentId: id, kind: 'ready', at: '2026-01-01T10:00:00.000Z', entryIds: ['old'] }
    expect(await call('history.import', { events: [event] })).toEqual({ imported: 1, dropped: 0, alreadyDone: false })
    expect(await call('history.import', { events: [event] })).toEqual({ imported: 0, dropped: 0, alreadyDone: true })
  })
})
