import { describe, expect, it } from 'vitest'
import { listToken } from './listToken'

describe('the token of a list names its content', () => {
  it('is the same for the same agenda, ids and agendas in the same order', () => {
    expect(listToken({ agendaId: 1, ids: [3, 2, 1] })).toBe(listToken({ agendaId: 1, ids: [3, 2, 1] }))
    expect(listToken({ agendaId: 'all', ids: [3, 2], agendaIds: [7, 8] })).toBe(
      listToken({ agendaId: 'all', ids: [3, 2], agendaIds: [7, 8] }),
    )
  })

  it('differs when the order, an id, the agenda or the agenda of an id differs', () => {
    const token = listToken({ agendaId: 1, ids: [3, 2, 1] })
    expect(listToken({ agendaId: 1, ids: [1, 2, 3] })).not.toBe(token)
    expect(listToken({ agendaId: 1, ids: [3, 2] })).not.toBe(token)
    expect(listToken({ agendaId: 2, ids: [3, 2, 1] })).not.toBe(token)
    expect(listToken({ agendaId: -1, ids: [3, 2, 1] })).not.toBe(token)
    expect(listToken({ agendaId: 'all', ids: [3, 2], agendaIds: [7, 8] })).not.toBe(
      listToken({ agendaId: 'all', ids: [3, 2], agendaIds: [8, 7] }),
    )
    // The agendas are their own part: [1] with agenda [2] is not [1, 2] with none.
    expect(listToken({ agendaId: 'all', ids: [1], agendaIds: [2] })).not.toBe(
      listToken({ agendaId: 'all', ids: [1, 2] }),
    )
  })

  it('is worked out once for a frozen list, and again for an array that may have changed', () => {
    const ids = Object.freeze([3, 2, 1]) as number[]
    const agendaIds = Object.freeze([7, 7, 8]) as number[]
    const token = listToken({ agendaId: 'all', ids, agendaIds })
    expect(listToken({ agendaId: 'all', ids, agendaIds })).toBe(token)
    // The same frozen ids with other agendas, or as another agenda's list, are another list.
    expect(listToken({ agendaId: 'all', ids, agendaIds: Object.freeze([7, 8, 8]) as number[] })).not.toBe(token)
    expect(listToken({ agendaId: 1, ids })).toBe(listToken({ agendaId: 1, ids: [3, 2, 1] }))
    const open = [3, 2, 1]
    const before = listToken({ agendaId: 1, ids: open })
    open.reverse()
    expect(listToken({ agendaId: 1, ids: open })).not.toBe(before)
    expect(listToken({ agendaId: 1, ids: open })).toBe(listToken({ agendaId: 1, ids: [1, 2, 3] }))
  })
})
