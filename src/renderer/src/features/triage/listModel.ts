/**
 * The renderer's side of the inbox list: which document to open after an action. What the
 * action does to the list is main's to say (its next pushed view); the filters and sort run in
 * the services (src/shared/documents/listQuery.ts).
 */

/**
 * The document to open after acting on `currentId`: the next one in the list as it was
 * shown before the action, else the previous one, else null. Ids in `skip` (the other
 * documents acted on) are passed over.
 */
export function nextAfter(
  visibleIds: readonly number[],
  currentId: number,
  skip: ReadonlySet<number> = new Set(),
): number | null {
  const index = visibleIds.indexOf(currentId)
  if (index < 0) return visibleIds.find((id) => !skip.has(id)) ?? null
  for (let i = index + 1; i < visibleIds.length; i++)
    if (!skip.has(visibleIds[i]!) && visibleIds[i] !== currentId) return visibleIds[i]!
  for (let i = index - 1; i >= 0; i--) if (!skip.has(visibleIds[i]!)) return visibleIds[i]!
  return null
}

/** A triage action of the workspace (the outbox action it writes decides the new state). */
export type TriageActionKind = 'ready' | 'exported' | 'repair' | 'archive'
