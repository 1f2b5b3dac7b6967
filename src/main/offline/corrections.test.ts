import { MemoryLevel } from 'memory-level'
import { describe, expect, it } from 'vitest'
import { useWorkspaceHarness } from './testing/workspaceHarness'

const h = useWorkspaceHarness()

/** A workspace synced with the fake service, whose first document of agenda 1 says total 529.87. */
async function syncedWithTotal() {
  const [id] = h.agendaOneIds()
  h.service.touch(id!, { summary: { sub_total: 490, vat_total: 102.87, total: 529.87 } })
  const ws = await h.workspace()
  await ws.syncNow()
  return { ws, id: id! }
}

const total = (value: string) => ({ field: 'summary.total', value, extracted: '529.87', by: 'Jana Nováková' })

describe('corrections in the local store', () => {
  it('keeps a correction with who and when, and reads the document with the corrected value', async () => {
    const { ws, id } = await syncedWithTotal()
    const kept = await ws.correct({ documentId: id, ...total('592.87') })
    expect(kept).toMatchObject({
      field: 'summary.total',
      value: '592.87',
      extracted: '529.87',
      userId: 7,
      by: 'Jana Nováková',
    })
    expect(kept.at).toBe(h.service.now())
    const doc = await ws.getDocument(id)
    expect(doc?.summary?.total).toBe(592.87)
    expect(doc?.local.corrections).toEqual([{ ...kept, extracted: '529.87' }])
    const listed = (await ws.listDocuments(1)).find((d) => d.id === id)
    expect(listed?.summary?.total).toBe(592.87)
    expect(h.documentsChanged()).toContainEqual({ documentIds: [id], agendaIds: [] })
  })

  it('replaces a correction of the same field, keeping what was extracted first', async () => {
    const { ws, id } = await syncedWithTotal()
    await ws.correct({ documentId: id, ...total('592.00') })
    await ws.correct({ documentId: id, ...total('592.87'), extracted: '592.00' })
    const corrections = await ws.corrections(id)
    expect(corrections).toHaveLength(1)
    expect(corrections[0]).toMatchObject({ value: '592.87', extracted: '529.87' })
  })

  it('withdraws a correction: the service value is read again and the history says so', async () => {
    const { ws, id } = await syncedWithTotal()
    await ws.correct({ documentId: id, ...total('592.87') })
    await ws.withdrawCorrection(id, 'summary.total', 'Petr Novák')
    expect(await ws.corrections(id)).toEqual([])
    expect((await ws.getDocument(id))?.summary?.total).toBe(529.87)
    expect((await ws.correctionEvents(id)).map((e) => [e.kind, e.by])).toEqual([
      ['corrected', 'Jana Nováková'],
      ['withdrawn', 'Petr Novák'],
    ])
  })

  it('keeps corrections per account: another account’s store has none', async () => {
    const { ws, id } = await syncedWithTotal()
    await ws.correct({ documentId: id, ...total('592.87') })
    await ws.close()
    h.open.splice(h.open.indexOf(ws), 1)
    h.level = new MemoryLevel<string, unknown>({ valueEncoding: 'json' })
    const other = await h.workspace()
    await other.syncNow()
    expect(await other.corrections(id)).toEqual([])
    expect((await other.getDocument(id))?.summary?.total).toBe(529.87)
  })

  it('keeps a correction through a pull that changes something else', async () => {
    const { ws, id } = await syncedWithTotal()
    await ws.correct({ documentId: id, ...total('592.87') })
    h.service.touch(id, { state: 'ready' })
    await ws.syncNow()
    expect(await ws.corrections(id)).toHaveLength(1)
    expect((await ws.getDocument(id))?.summary?.total).toBe(592.87)
  })

  it('drops a correction, with a note, once a pull brings the corrected value from the service', async () => {
    const { ws, id } = await syncedWithTotal()
    await ws.correct({ documentId: id, ...total('592.87') })
    h.service.touch(id, { summary: { sub_total: 490, vat_total: 102.87, total: 592.87 } })
    await ws.syncNow()
    expect(await ws.corrections(id)).toEqual([])
    expect((await ws.getDocument(id))?.local.corrections).toBeUndefined()
    expect(h.events.filter((e) => e.event === 'documents.correctionsSettled').map((e) => e.payload)).toEqual([
      { settled: [{ documentId: id, field: 'summary.total', value: '592.87' }] },
    ])
    expect((await ws.correctionEvents(id)).map((e) => [e.kind, e.by])).toEqual([
      ['corrected', 'Jana Nováková'],
      ['settled', null],
    ])
  })

  it('drops a correction when the repair the person asked for comes back with the corrected value', async () => {
    const { ws, id } = await syncedWithTotal()
    await ws.correct({ documentId: id, ...total('592.87') })
    await ws.enqueue({
      kind: 'documents.repair',
      documentId: id,
      description: 'Total: extracted 529.87, the invoice says 592.87',
    })
    await ws.syncNow()
    expect(await ws.pollRepairs()).toEqual([])
    expect(await ws.corrections(id)).toHaveLength(1)
    h.service.touch(id, { state: 'ready', summary: { sub_total: 490, vat_total: 102.87, total: 592.87 } })
    await ws.pollRepairs()
    expect(await ws.corrections(id)).toEqual([])
    expect(h.events.filter((e) => e.event === 'documents.correctionsSettled')).toHaveLength(1)
  })

  it('leaves out the correction of a tax line the document no longer has', async () => {
    const { ws, id } = await syncedWithTotal()
    await ws.correct({ documentId: id, field: 'tax_lines.2.total', value: '10', extracted: null, by: null })
    const doc = await ws.getDocument(id)
    expect(doc?.tax_lines ?? []).toHaveLength(0)
    expect(doc?.local.corrections).toBeUndefined()
  })
})
