import { describe, expect, it } from 'vitest'
import { DEFAULT_EXPORT_COLUMNS } from '../../../../shared/ipc'
import { CHOICES_KEY, csvDefaultsFor, loadChoices, saveChoices } from './exportChoices'

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries))
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => map.set(key, value),
    raw: map,
  }
}

describe('the export choices remembered between exports', () => {
  it('come back as they were saved', () => {
    const storage = memoryStorage()
    const csv = { delimiter: ';', decimalMark: ',' } as const
    saveChoices(storage, { format: 'pohoda', columns: ['id', 'total'], includeItems: true, csv })
    expect(loadChoices(storage)).toEqual({ format: 'pohoda', columns: ['id', 'total'], includeItems: true, csv })
  })
  it('never remember marking documents exported, even from an older entry that did', () => {
    const storage = memoryStorage({ [CHOICES_KEY]: '{"format":"isdoc","markExported":true}' })
    expect(loadChoices(storage)).not.toHaveProperty('markExported')
    saveChoices(storage, { ...loadChoices(storage), markExported: true } as never)
    expect(storage.raw.get(CHOICES_KEY)).not.toContain('markExported')
  })
  it('start from the defaults, and read the columns older versions kept', () => {
    expect(loadChoices(memoryStorage())).toMatchObject({
      format: 'csv',
      columns: [...DEFAULT_EXPORT_COLUMNS],
      csv: null,
    })
    expect(loadChoices(memoryStorage({ 'docket.export.columns': '["total","nope"]' })).columns).toEqual(['total'])
  })
  it('drop what they do not know instead of failing', () => {
    const storage = memoryStorage({
      [CHOICES_KEY]: '{"format":"ods","columns":["x"],"includeItems":"yes","csv":{"delimiter":"|"}}',
    })
    expect(loadChoices(storage)).toEqual({
      format: 'csv',
      columns: [...DEFAULT_EXPORT_COLUMNS],
      includeItems: false,
      csv: null,
    })
    expect(loadChoices(memoryStorage({ [CHOICES_KEY]: '{' })).format).toBe('csv')
  })
})

describe('the CSV layout of the user’s locale', () => {
  it('is ; and a decimal comma where numbers are written 1,5 (Czech, German), else , and a dot', () => {
    expect(csvDefaultsFor('cs-CZ')).toEqual({ delimiter: ';', decimalMark: ',' })
    expect(csvDefaultsFor('de-DE')).toEqual({ delimiter: ';', decimalMark: ',' })
    expect(csvDefaultsFor('en-US')).toEqual({ delimiter: ',', decimalMark: '.' })
    expect(csvDefaultsFor('en-GB')).toEqual({ delimiter: ',', decimalMark: '.' })
    expect(csvDefaultsFor('not a locale')).toEqual({ delimiter: ',', decimalMark: '.' })
  })
})
