import type { CacheRecovery } from '../../../../shared/ipc'
import type { t as translate } from '../../lib/i18n'

/**
 * The banner's sentence for what a start recovered from: the store rebuilt (naming the folder
 * the damaged copy was kept in) or repaired, or only queued actions restored from the outbox
 * journal; then how many queued actions came back. Empty when there is nothing to tell (e.g.
 * only actions already done were dropped: nothing the person needs to know).
 */
export function recoveryText(recovery: NonNullable<CacheRecovery>, t: typeof translate): string {
  const parts: string[] = []
  if (recovery.store?.kind === 'rebuilt')
    parts.push(t('sync.recovered.rebuilt', { folder: recovery.store.movedTo ?? '' }))
  else if (recovery.store?.kind === 'repaired') parts.push(t('sync.recovered.repaired'))
  if (recovery.restoredActions > 0)
    parts.push(
      recovery.store
        ? t('sync.recovered.actionsToo', { count: recovery.restoredActions })
        : t('sync.recovered.actions', { count: recovery.restoredActions }),
    )
  return parts.join(' ')
}
