import { describe, expect, it } from 'vitest'
import { cs } from '../../locales/cs'
import { en } from '../../locales/en'
import { Catalog } from '../../lib/i18n/catalog'
import type { t as translate } from '../../lib/i18n'
import { recoveryText as recoveryTextIn } from './cacheRecovery'

const catalog = new Catalog({ en, cs })
const inLanguage =
  (language: 'en' | 'cs'): typeof translate =>
  (key, ...[params]) =>
    catalog.text(language, key, params)
const recoveryText = (recovery: Parameters<typeof recoveryTextIn>[0]) => recoveryTextIn(recovery, inLanguage('en'))

describe('the cache recovery banner text', () => {
  const none = { store: null, restoredActions: 0, droppedActions: 0, damagedJournalRecords: 0 }

  it('names the folder the damaged copy is kept in, and the queued actions kept', () => {
    const text = recoveryText({
      ...none,
      store: { kind: 'rebuilt', cause: 'Corruption', movedTo: '/u/accounts/a/store.damaged-2026' },
      restoredActions: 3,
    })
    expect(text).toContain('/u/accounts/a/store.damaged-2026')
    expect(text).toContain('3 queued actions were kept')
  })

  it('says when only the journal brought back lost actions, and nothing when only done ones were dropped', () => {
    expect(recoveryText({ ...none, restoredActions: 1 })).toContain('lost 1 queued action')
    expect(recoveryText({ ...none, store: { kind: 'repaired', cause: 'x', movedTo: null } })).toContain('repaired')
    expect(recoveryText({ ...none, droppedActions: 2 })).toBe('')
  })

  it('is Czech in Czech, with its plural forms', () => {
    const text = recoveryTextIn({ ...none, restoredActions: 3 }, inLanguage('cs'))
    expect(text).toBe('Místní mezipaměť ztratila 3 akce čekající ve frontě; byly obnoveny a budou odeslány.')
  })
})
