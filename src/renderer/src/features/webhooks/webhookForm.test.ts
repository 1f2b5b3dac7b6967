import { describe, expect, it } from 'vitest'
import { cs } from '../../locales/cs'
import { en } from '../../locales/en'
import {
  passwordHasDigit,
  settingsOf,
  URL_PROBLEM_KEYS,
  urlProblem,
  urlProblemOf,
  webhookIdKey,
  webhookIdOf,
} from './webhookForm'

describe('the webhook form rules', () => {
  it('accept https to a public host only (the shared webhook rule), with a message in both languages for each refusal', () => {
    expect(urlProblem('https://hooks.example.com/docket')).toBeNull()
    expect(urlProblem('http://127.0.0.1:8080/hook')).toBe('not_https')
    expect(urlProblem('http://hooks.example.com/docket')).toBe('not_https')
    expect(urlProblem('https://0x7f.0.0.1/')).toBe('local_address')
    expect(urlProblem('https://[::ffff:10.0.0.1]/')).toBe('local_address')
    expect(urlProblem('https://a:b@hooks.example.com/')).toBe('credentials')
    expect(urlProblem('ftp://hooks.example.com')).toBe('invalid')
    expect(urlProblem('  ')).toBe('missing')
    for (const key of Object.values(URL_PROBLEM_KEYS)) {
      expect(en[key]).toBeTruthy()
      expect(cs[key]).toBeTruthy()
      expect(cs[key]).not.toBe(en[key])
    }
  })
  it('read the rule main names in its validation error', () => {
    expect(urlProblemOf({ code: 'validation', details: { fields: { url: ['x'] }, problem: 'local_address' } })).toBe(
      'local_address',
    )
    expect(urlProblemOf({ code: 'validation', details: { problem: 'other' } })).toBeNull()
    expect(urlProblemOf(null)).toBeNull()
  })
  it('ask the password for a digit, as the service does', () => {
    expect(passwordHasDigit('secret')).toBe(false)
    expect(passwordHasDigit('secret1')).toBe(true)
  })
  it('read the webhook id as a whole number', () => {
    expect(webhookIdOf(' 12 ')).toBe(12)
    expect(webhookIdOf('0')).toBeNull()
    expect(webhookIdOf('1.5')).toBeNull()
    expect(webhookIdKey('acc-1')).toBe('docket.webhooks.id.acc-1')
  })
  it('turn named settings into the record the service keeps', () => {
    expect(
      settingsOf([
        { name: 'events', value: 'document.updated, document.exported' },
        { name: 'active', value: 'true' },
        { name: 'retries', value: '3' },
        { name: 'label', value: 'Books' },
        { name: ' ', value: 'ignored' },
      ]),
    ).toEqual({ events: ['document.updated', 'document.exported'], active: true, retries: 3, label: 'Books' })
  })
})
