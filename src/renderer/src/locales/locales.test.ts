import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CHECK_CODES } from '../../../shared/checks/result'
import { DOCUMENT_STATES } from '../../../shared/api/document'
import { QUEUES } from '../../../shared/queues'
import { SHORTCUTS } from '../features/triage/shortcuts'
import { cs } from './cs'
import { en } from './en'

const root = join(import.meta.dirname, '..')
const english: Record<string, string> = en
const czech: Record<string, string | undefined> = cs
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sources(path)
    return /\.(svelte|ts)$/.test(name) && !name.endsWith('.test.ts') ? [path] : []
  })
}

/** True when `key` has a text in `table`, directly or as a plural family. */
function has(table: Record<string, string | undefined>, key: string): boolean {
  return key in table || `${key}_other` in table
}

/** The `{name}` placeholders of a text, `count` aside (a plural form may leave it out). */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1]!)
    .filter((name) => name !== 'count')
    .sort()
}

describe('the locale tables', () => {
  it('have an English text for every literal key the code passes to t()', () => {
    const missing: string[] = []
    let found = 0
    for (const file of sources(root)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-z]+\.[^']+)'/g)) {
        found++
        if (!has(english, match[1]!)) missing.push(`${match[1]} (${file.slice(root.length)})`)
      }
    }
    expect(found).toBeGreaterThan(250)
    expect(missing).toEqual([])
  })

  it('have every key built from a value: queues, states, checks, shortcuts', () => {
    const keys = [
      ...QUEUES.map((q) => `triage.queue.${q}`),
      ...DOCUMENT_STATES.map((s) => `documents.state.${s}`),
      ...CHECK_CODES.flatMap((c) => ['title', 'ok', 'warning', 'skipped'].map((s) => `documents.check.${c}.${s}`)),
      ...['ok', 'warning', 'skipped'].map((s) => `documents.checks.status.${s}`),
      ...SHORTCUTS.map((s) => s.label),
    ]
    expect(keys.filter((key) => !has(english, key))).toEqual([])
  })

  it('have a Czech text for every English one, and no Czech key English lacks', () => {
    expect(Object.keys(english).filter((key) => czech[key] === undefined)).toEqual([])
    const extra = Object.keys(czech).filter(
      (key) => !(key in english) && !(PLURAL_FORM.test(key) && `${key.replace(PLURAL_FORM, '')}_other` in english),
    )
    expect(extra).toEqual([])
  })

  it('keep the same {placeholders} in Czech as in English', () => {
    for (const [key, text] of Object.entries(czech)) {
      const base = key.replace(PLURAL_FORM, '')
      const source = english[key] ?? english[`${base}_other`]
      if (text === undefined || source === undefined) continue
      expect(placeholders(text), key).toEqual(placeholders(source))
    }
  })
})
