import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CHECK_CODES } from '../../../shared/checks/result'
import { DOCUMENT_STATES } from '../../../shared/api/document'
import { QUEUES } from '../../../shared/queues'
import { shellStrings } from '../shell/stringTables'
import { SHORTCUTS } from './shortcuts'
import { triageStrings } from './stringTables'

const root = join(import.meta.dirname, '..')
const tables = { triage: triageStrings, shell: shellStrings } as const

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'features' ? [] : sources(path)
    return /\.(svelte|ts)$/.test(name) && !name.endsWith('.test.ts') ? [path] : []
  })
}

/** True when `key` (without feature) has a text in `table`, directly or as a plural family. */
function has(table: Record<string, string>, key: string): boolean {
  return key in table || `${key}_other` in table
}

describe('strings of the triage workspace and the shell', () => {
  it('has an English text for every literal key the code uses', () => {
    const missing: string[] = []
    let found = 0
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(/\bt\(\s*'(triage|shell)\.([^']+)'/g)) {
        const [, feature, key] = match as unknown as [string, 'triage' | 'shell', string]
        found++
        if (!has(tables[feature].en, key)) missing.push(`${feature}.${key} (${file.slice(root.length)})`)
      }
    }
    expect(found).toBeGreaterThan(100)
    expect(missing).toEqual([])
  })

  it('has every key built from a value: queues, states, checks, shortcuts', () => {
    const en = triageStrings.en as Record<string, string>
    const keys = [
      ...QUEUES.map((q) => `queue.${q}`),
      ...DOCUMENT_STATES.map((s) => `state.${s}`),
      ...CHECK_CODES.flatMap((c) => ['title', 'ok', 'warning', 'skipped'].map((s) => `check.${c}.${s}`)),
      ...['ok', 'warning', 'skipped'].map((s) => `checks.status.${s}`),
      ...SHORTCUTS.map((s) => s.label),
      ...['ready', 'exported', 'repair', 'archive'].map((k) => `done.${k}`),
      ...['all', 'PurchaseInvoice', 'SalesInvoice'].map((k) => `type.${k}`),
      ...['received', 'issueDate', 'dueDate', 'total', 'supplier'].map((k) => `sort.${k}`),
      ...['supplier', 'customer'].map((k) => `data.${k}`),
    ]
    expect(keys.filter((key) => !has(en, key))).toEqual([])
  })

  it('has a Czech text for every English one (plural families count once)', () => {
    for (const [feature, table] of Object.entries(tables)) {
      const cs = table.cs as Record<string, string>
      const families = new Set(Object.keys(table.en).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')))
      const missing = [...families].filter((key) => !has(cs, key))
      expect(missing, feature).toEqual([])
    }
  })

  it('keeps the same {placeholders} in Czech as in English', () => {
    for (const table of Object.values(tables)) {
      const en = table.en as Record<string, string>
      const cs = table.cs as Record<string, string>
      for (const [key, text] of Object.entries(cs)) {
        const base = key.replace(/_(zero|one|two|few|many|other)$/, '')
        const english = en[key] ?? en[`${base}_other`] ?? en[base]
        if (!english) continue
        const names = (s: string) =>
          [...s.matchAll(/\{(\w+)\}/g)]
            .map((m) => m[1])
            .filter((n) => n !== 'count')
            .sort()
        expect(names(text), key).toEqual(names(english))
      }
    }
  })
})
