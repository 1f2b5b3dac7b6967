import { describe, expect, it } from 'vitest'
import { agendaNamesById, listedAgendaIds, rowAgendaName } from './rowAgenda'

const names = agendaNamesById([
  { id: 5, name: 'Client 0001 Ltd.' },
  { id: 6, name: 'Client 0002 Ltd.' },
])
const unnamed = (id: number) => `Agenda ${id}`

describe('the agenda a row of All agendas names', () => {
  it('is the name of the agenda the list gives for the row', () => {
    const agendaIds = listedAgendaIds([101, 102, 103], [6, 5, 6])!
    expect(rowAgendaName(agendaIds[1], names, unnamed)).toBe('Client 0001 Ltd.')
    expect(rowAgendaName(agendaIds[2], names, unnamed)).toBe('Client 0002 Ltd.')
  })
  it('is the fallback text for an agenda the account list does not hold yet, never a bare id', () => {
    expect(rowAgendaName(-2, names, unnamed)).toBe('Agenda -2')
  })
  it('is none for a row of one agenda (the list names no agendas)', () => {
    const agendaIds = listedAgendaIds([101, 102], undefined)
    expect(agendaIds).toBeNull()
    expect(rowAgendaName(agendaIds?.[0], names, unnamed)).toBeNull()
  })
  it('is none for every row when the agendas do not line up with the ids', () => {
    expect(listedAgendaIds([101, 102, 103], [5, 6])).toBeNull()
  })
})
