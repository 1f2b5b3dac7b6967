import { describe, expect, it } from 'vitest'
import { chooseLocale, languageOfLocale } from './localeChoice'

const system = { language: 'system', dateFormat: 'system', numberFormat: 'system' } as const

describe('the UI language and formatting locale', () => {
  it('follow the system by default: Czech for any cs locale, else English', () => {
    expect(chooseLocale('cs-CZ', system)).toEqual({ language: 'cs', locale: 'cs-CZ' })
    expect(chooseLocale('en-GB', system)).toEqual({ language: 'en', locale: 'en-GB' })
    expect(chooseLocale('de-AT', system)).toEqual({ language: 'en', locale: 'de-AT' })
    expect(languageOfLocale('CS')).toBe('cs')
  })

  it('a chosen language formats in its usual locale unless the system speaks it', () => {
    expect(chooseLocale('en-US', { ...system, language: 'cs' })).toEqual({ language: 'cs', locale: 'cs-CZ' })
    expect(chooseLocale('cs-CZ', { ...system, language: 'en' })).toEqual({ language: 'en', locale: 'en-US' })
    expect(chooseLocale('en-GB', { ...system, language: 'en' })).toEqual({ language: 'en', locale: 'en-GB' })
  })

  it('carries chosen date and number formats in the tag', () => {
    expect(chooseLocale('en-US', { language: 'en', dateFormat: 'iso', numberFormat: 'comma' }).locale).toBe(
      'en-US-x-iso-comma',
    )
    expect(chooseLocale('cs-CZ', { ...system, numberFormat: 'point' }).locale).toBe('cs-CZ-x-point')
  })
})
