import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseSavedAgenda, saveAgendaId, savedAgendaId } from './savedAgenda'

/** A Storage kept in a Map, as the renderer's localStorage behaves. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { values: Map<string, string> } {
  const values = new Map<string, string>()
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the agenda shown last', () => {
  it('is All agendas when the stored value is the literal string all', () => {
    expect(parseSavedAgenda('all')).toBe('all')
  })
  it('reads the agenda ids older versions stored, negative ones (created offline) too', () => {
    expect(parseSavedAgenda('42')).toBe(42)
    expect(parseSavedAgenda('-3')).toBe(-3)
  })
  it('is none for a value nobody stored that way', () => {
    for (const raw of [null, '', 'All', 'abc', '4.5', 'NaN', '1e3']) expect(parseSavedAgenda(raw)).toBeNull()
  })
  it('keeps all as the literal string and reads it back', () => {
    const storage = memoryStorage()
    vi.stubGlobal('localStorage', storage)
    saveAgendaId('all')
    expect(storage.values.get('docket.triage.agendaId')).toBe('all')
    expect(savedAgendaId()).toBe('all')
    saveAgendaId(7)
    expect(storage.values.get('docket.triage.agendaId')).toBe('7')
    expect(savedAgendaId()).toBe(7)
  })
  it('is none when storage is unavailable', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
    })
    expect(() => saveAgendaId('all')).not.toThrow()
    expect(savedAgendaId()).toBeNull()
  })
})
