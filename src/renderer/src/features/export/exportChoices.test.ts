import { describe, expect, it } from 'vitest'
import { DEFAULT_EXPORT_COLUMNS } from '../../../../shared/ipc'
import { CHOICES_KEY, loadChoices, saveChoices } from './exportChoices'

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries))
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => map.set(key, value),
  }
}

describe('the export choices remembered between exports', () => {
  it('come back as they were saved', () => {
    const storage = memoryStorage()
    saveChoices(storage, { format: 'isdoc', columns: ['id', 'total'], includeItems: true, markExported: true })
    expect(loadChoices(storage)).toEqual({
      format: 'isdoc',
      columns: ['id', 'total'],
      includeItems: true,
      markExported: true,
    })
  })
  it('start from the defaults, and read the columns older versions kept', () => {
    expect(loadChoices(memoryStorage())).toMatchObject({ format: 'csv', columns: [...DEFAULT_EXPORT_COLUMNS] })
    expect(loadChoices(memoryStorage({ 'docket.export.columns': '["total","nope"]' })).columns).toEqual(['total'])
  })
  it('drop what they do not know instead of failing', () => {
    const storage = memoryStorage({ [CHOICES_KEY]: '{"format":"xlsx","columns":["x"],"includeItems":"yes"}' })
    expect(loadChoices(storage)).toEqual({
      format: 'csv',
      columns: [...DEFAULT_EXPORT_COLUMNS],
      includeItems: false,
      markExported: false,
    })
    expect(loadChoices(memoryStorage({ [CHOICES_KEY]: '{' })).format).toBe('csv')
  })
})
