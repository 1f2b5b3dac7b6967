import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/errors'
import { useWorkspaceHarness } from '../testing/workspaceHarness'

const h = useWorkspaceHarness()

describe('ids of things created offline', () => {
  it('an edit of a comment created offline waits for its real uuid', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    h.service.offline = true
    const [id] = h.agendaOneIds()
    const create = await ws.enqueue({ kind: 'comments.create', documentId: id!, text: 'Check the VAT' })
    const local = `local-${create.id}`
    const comments = await ws.listComments(id!)
    expect(comments).toEqual([
      expect.objectContaining({ uuid: local, text: 'Check the VAT', author_id: 7, local: { pending: true } }),
    ])
    const update = await ws.enqueue({
      kind: 'comments.update',
      documentId: id!,
      uuid: local,
      text: 'Check the VAT rate',
    })
    expect(update.dependsOn).toEqual([create.id])
    expect((await ws.listComments(id!))[0]!.text).toBe('Check the VAT rate')
    expect((await ws.getDocument(id!))!.comments_count).toBe(1)

    h.service.offline = false
    await ws.syncNow()
    expect(await ws.listOutbox()).toEqual([])
    const onService = h.service.comments.filter((c) => c.document_id === id)
    expect(onService).toHaveLength(1)
    expect(onService[0]!.text).toBe('Check the VAT rate')
    const cached = await ws.listComments(id!)
    expect(cached).toEqual([
      expect.objectContaining({
        uuid: onService[0]!.uuid,
        text: 'Check the VAT rate',
        // The uuid it had offline stays as its identity for the UI (an open edit stays open).
        local: { pending: false, localUuid: local },
      }),
    ])
  })

  it('an agenda created offline gets its real id; an update made on the local id follows it', async () => {
    const ws = await h.workspace()
    await ws.syncNow()
    h.service.offline = true
    const create = await ws.enqueue({ kind: 'agendas.create', agenda: { name: 'Travel 2026', home_currency: 'EUR' } })
    expect(create.localAgendaId).toBe(-1)
    const update = await ws.enqueue({ kind: 'agendas.update', agendaId: -1, attrs: { name: 'Travel' } })
    expect(update.dependsOn).toEqual([create.id])
    expect((await ws.listAgendas()).find((a) => a.id === -1)!.name).toBe('Travel')
    h.service.offline = false
    h.service.failNext('createAgendas', new ApiError('unknown_outcome', 'lost'), true)
    await ws.syncNow()
    await ws.syncNow()
    expect(h.service.agendas.filter((a) => a.name === 'Travel' || a.name === 'Travel 2026')).toHaveLength(1)
    expect((await ws.listAgendas()).map((a) => a.name)).toEqual(['Agenda 1', 'Agenda 2', 'Travel'])
  })
})
