import { MemoryLevel } from 'memory-level'
import { describe, expect, it } from 'vitest'
import type { Agenda } from '../../../shared/api/agenda'
import { Store } from '../store'
import { reconcileAgendas } from './agendas'

const agenda = (id: number, name = `Agenda ${id}`) => ({ id, name, home_currency: 'EUR' }) as Agenda

describe('reconcileAgendas', () => {
  it('deletes agendas gone, writes new and changed ones, and names all of them; unchanged ones cost nothing', async () => {
    const store = new Store(new MemoryLevel<string, unknown>({ valueEncoding: 'json' }), false)
    await store.batch([agenda(1), agenda(2), agenda(3)].map((a) => store.putAgendaOp(a)))
    const listed = [agenda(1), agenda(2, 'Renamed'), agenda(4)]
    const { ops, touched } = reconcileAgendas(store, await store.listAgendas(), listed)
    expect(touched.sort()).toEqual([2, 3, 4])
    expect(ops).toHaveLength(3)
    await store.batch(ops)
    expect(await store.listAgendas()).toEqual(listed)
    expect(reconcileAgendas(store, await store.listAgendas(), listed)).toEqual({ ops: [], touched: [] })
  })
})
