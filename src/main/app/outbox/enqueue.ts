import type { OutboxAction } from '../../../shared/outbox'
import type { OfflineWorkspace } from '../../offline'

/**
 * Writes `actions` to the outbox one after another (each with its optimistic effect) and
 * answers their entry ids in the same order, for `documents.undo`. Stops at the first error
 * of the workspace (e.g. `not_found`), which passes through with its code.
 */
export async function enqueueAll(
  workspace: Pick<OfflineWorkspace, 'enqueue'>,
  actions: readonly OutboxAction[],
): Promise<{ entryIds: string[] }> {
  const entryIds: string[] = []
  for (const action of actions) entryIds.push((await workspace.enqueue(action)).id)
  return { entryIds }
}
