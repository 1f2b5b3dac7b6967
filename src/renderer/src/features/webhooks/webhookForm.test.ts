import { describe, expect, it } from 'vitest'
import { passwordHasDigit, settingsOf, urlProblem, webhookIdKey, webhookIdOf } from './webhookForm'

describe('the webhook form rules', () => {
  it('accept https anywhere and http only on this computer', () => {
    expect(urlProblem('https://hooks.example.com/docket')).toBeNull()
    expect(urlProblem('http://127.0.0.1:8080/hook')).toBeNull()
    expect(urlProblem('http://localhost/hook')).toBeNull()
    expect(urlProblem('http://hooks.example.com/docket')).toBe('insecure')
    expect(urlProblem('ftp://hooks.example.com')).toBe('invalid')
    expect(urlProblem('hooks.example.com')).toBe('invalid')
    expect(urlProblem('  ')).toBe('missing')
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
