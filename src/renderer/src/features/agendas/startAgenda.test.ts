import { describe, expect, it } from 'vitest'
import { startAgendaId } from './startAgenda'

const agenda = (id: number, notReady: number) => ({ id, counts: { not_ready: notReady } })

describe('the agenda the inbox opens on', () => {
  it('is the one shown last while it is still listed', () => {
    expect(startAgendaId([agenda(1, 8), agenda(2, 44)], 1)).toBe(1)
  })
  it('is the one with the most documents to review at the first sign-in', () => {
    expect(startAgendaId([agenda(1, 8), agenda(2, 44), agenda(3, 1)], null)).toBe(2)
  })
  it('is the one with the most to review when the one shown last belongs to another account', () => {
    expect(startAgendaId([agenda(5, 0), agenda(6, 3)], 2)).toBe(6)
  })
  it('is the first listed on a tie, and none for an empty list', () => {
    expect(startAgendaId([agenda(4, 2), agenda(7, 2)], null)).toBe(4)
    expect(startAgendaId([], null)).toBeNull()
  })
  it('is none when several agendas have nothing to review, so the inbox asks which one', () => {
    expect(startAgendaId([agenda(4, 0), agenda(7, 0)], null)).toBeNull()
    expect(startAgendaId([agenda(4, 0), agenda(7, 0)], 7)).toBe(7)
  })
  it('is the only agenda, even with nothing to review', () => {
    expect(startAgendaId([agenda(9, 0)], null)).toBe(9)
  })
  it('is All agendas when that was shown last, even with nothing to review in any agenda', () => {
    expect(startAgendaId([agenda(4, 0), agenda(7, 0)], 'all')).toBe('all')
  })
  it('is none for All agendas shown last when the account has no agenda', () => {
    expect(startAgendaId([], 'all')).toBeNull()
  })
})
