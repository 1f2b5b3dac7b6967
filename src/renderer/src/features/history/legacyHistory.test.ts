import { describe, expect, it } from 'vitest'
import type { LegacyHistoryEvent } from '../../../../shared/history/events'
import { LEGACY_HISTORY_KEY, moveLegacyHistory, readLegacyHistory, type LegacyStorage } from './legacyHistory'

function storage(value: string | null): LegacyStorage & { value: string | null } {
  return {
    value,
    getItem(key) {
      return key === LEGACY_HISTORY_KEY ? this.value : null
    },
    removeItem(key) {
      if (key === LEGACY_HISTORY_KEY) this.value = null
    },
  }
}

const good = { documentId: 5, kind: 'ready', at: '2026-01-01T10:00:00.000Z', by: 'Jana', entryIds: ['e1'] }

describe('the history an earlier Docket kept in the window', () => {
  it('reads the well-formed events, skipping damaged ones', () => {
    const stored = storage(JSON.stringify([good, { documentId: 'x' }, { ...good, kind: 'explode' }, null]))
    expect(readLegacyHistory(stored)).toEqual([good])
    expect(readLegacyHistory(storage('{not json'))).toEqual([])
    expect(readLegacyHistory(storage('{"a":1}'))).toEqual([])
  })

  it('is imported once into the account and its storage key removed', async () => {
    const stored = storage(JSON.stringify([good]))
    const imported: LegacyHistoryEvent[][] = []
    await moveLegacyHistory(stored, async (events) => imported.push(events))
    expect(imported).toEqual([[good]])
    expect(stored.value).toBeNull()
    await moveLegacyHistory(stored, async (events) => imported.push(events))
    expect(imported).toHaveLength(1)
  })

  it('keeps the key when the import fails (tried again next time)', async () => {
    const stored = storage(JSON.stringify([good]))
    await moveLegacyHistory(stored, async () => {
      throw Object.assign(new Error('Sign in to see your documents.'), { code: 'not_signed_in' })
    })
    expect(stored.value).not.toBeNull()
  })
})
