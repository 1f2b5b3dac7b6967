/**
 * The palette's fuzzy filter: the letters of the query must appear in the label in order,
 * not necessarily together ("fcm" finds "Focus mode"), ignoring case and accents. Matches
 * score higher when their letters start words or follow each other, and when they come early.
 */

const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/** The score of `query` against `label` (higher is better), or null when it does not match. */
export function fuzzyScore(query: string, label: string): number | null {
  const q = fold(query).replace(/\s+/g, '')
  if (q === '') return 0
  const l = fold(label)
  let score = 0
  let from = 0
  let previous = -2
  for (const char of q) {
    const at = l.indexOf(char, from)
    if (at < 0) return null
    const wordStart = at === 0 || /[\s\-/.(]/.test(l[at - 1]!)
    score += 1 + (wordStart ? 3 : 0) + (at === previous + 1 ? 2 : 0)
    previous = at
    from = at + 1
  }
  return score - l.indexOf(q[0]!) * 0.1 - l.length * 0.01
}

/** The items whose text matches `query`, best first (a stable order for ties). */
export function fuzzyFilter<T>(items: readonly T[], query: string, text: (item: T) => string): T[] {
  return items
    .map((item, index) => ({ item, index, score: fuzzyScore(query, text(item)) }))
    .filter((entry): entry is { item: T; index: number; score: number } => entry.score !== null)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.item)
}
