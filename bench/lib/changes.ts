import { Agent, request } from 'undici'

/**
 * Changes `count` documents on the service through its API (PATCH /api/v1_2/documents/:id
 * `{document:{state}}`: exported, or ready for those already exported), spread evenly over
 * `ids`, 10 requests at a time on their own connections. Returns id -> new state.
 * Throws on any non-200 (the benchmark then fails rather than measuring nothing).
 */
export async function changeDocuments(
  url: string,
  token: string,
  documents: readonly { id: number; state: string }[],
  count: number,
): Promise<Map<number, string>> {
  const step = Math.max(1, Math.floor(documents.length / count))
  const picked = documents.filter((_, index) => index % step === 0).slice(0, count)
  const changed = new Map<number, string>()
  const agent = new Agent({ connections: 10 })
  try {
    let next = 0
    const worker = async () => {
      while (next < picked.length) {
        const doc = picked[next++]!
        const state = doc.state === 'exported' ? 'ready' : 'exported'
        const response = await request(`${url}/api/v1_2/documents/${doc.id}`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ document: { state } }),
          dispatcher: agent,
        })
        await response.body.dump()
        if (response.statusCode !== 200) throw new Error(`PATCH document ${doc.id} answered ${response.statusCode}`)
        changed.set(doc.id, state)
      }
    }
    await Promise.all(Array.from({ length: 10 }, worker))
  } finally {
    await agent.close()
  }
  return changed
}
