/**
 * The action plan and the judge of the soak and the kill test: a deterministic mix
 * of the actions a reviewer takes (states, batch states, repair, archive, comment create,
 * edit and delete), the sandbox state those actions must produce, and the comparison of that
 * expectation with the sandbox's real state. Pure: no I/O, no clock.
 *
 * Design for a deterministic "failed-as-expected": some documents get a chain "mark exported,
 * then send to repair". The service refuses to repair an exported document (422), so that
 * repair must end `failed` in the outbox, rolled back, and the document must stay exported.
 * Every other action must be applied exactly once.
 */
import type { OutboxAction } from '../../src/shared/outbox/actions'
import { mulberry32 } from '../../src/sandbox/faults'

/** A document the plan may act on, as cached before the run. */
export interface PoolDocument {
  id: number
  state: string
}

/**
 * One action of the plan; comment edits name the plan index of their create. A state change of
 * one document and a batch are both the outbox's `documents.setState` (one item or several).
 */
export type PlannedAction = { index: number; expect: 'apply' | 'fail' } & (
  | { kind: 'documents.setState'; documentId: number; state: 'ready' | 'exported' }
  | { kind: 'documents.setStateBatch'; items: { id: number; state: 'ready' | 'exported' }[] }
  | { kind: 'documents.repair'; documentId: number; description: string }
  | { kind: 'documents.archive'; documentId: number }
  | { kind: 'comments.create'; documentId: number; text: string }
  | { kind: 'comments.update'; documentId: number; createIndex: number; text: string }
  | { kind: 'comments.delete'; documentId: number; createIndex: number }
)

/** What the sandbox must hold after the plan ran (only what the plan touched). */
export interface Expectation {
  /** Final state per document the plan changes the state of (`a|b`: either). */
  states: Map<number, string>
  /** Documents that must end archived (each archived once). */
  archived: Set<number>
  /** Documents that must have been sent to repair exactly once. */
  repaired: Set<number>
  /** Documents whose repair must be refused (and never recorded by the service). */
  refusedRepairs: Set<number>
  /** Comments by the plan index of their create: document, final text, deleted or not. */
  comments: Map<number, { documentId: number; text: string; deleted: boolean }>
  /** Plan index of the last action on each target, to name what was lost. */
  lastActionOn: Map<string, number>
}

export interface Plan {
  tag: string
  actions: PlannedAction[]
  expectation: Expectation
}

/** The marker that identifies a comment of this plan: `[soak <tag> c<index>]`. */
export function commentMarker(tag: string, createIndex: number): string {
  return `[soak ${tag} c${createIndex}]`
}

/** Parses a marker out of a comment text: the create index, or null when not this plan's. */
export function createIndexOf(tag: string, text: string): number | null {
  const escaped = tag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const match = new RegExp(`\\[soak ${escaped} c(\\d+)\\]`).exec(text)
  return match ? Number(match[1]) : null
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

/** A planned action before it gets its place in the plan. */
type Draft = PlannedAction extends infer A ? (A extends unknown ? Omit<A, 'index'> : never) : never

/**
 * Builds a plan of exactly `count` actions over `pool` (documents of one agenda, as cached),
 * seeded by `seed`. The mix: about a third single state changes, 8% batch state changes
 * (overlapping document sets), 8% repairs of ready/not_ready documents, 3% "exported then
 * repair" chains (the repair is refused: failed-as-expected), 8% archives, 20% comment
 * creates, 10% comment edits and 5% comment deletes. Actions on one target keep their order;
 * targets are interleaved at random. Throws when the pool is too small for `count`.
 */
export function buildPlan(pool: PoolDocument[], count: number, seed: number, tag: string): Plan {
  const random = mulberry32(seed)
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!
  const docs = shuffle(
    pool.filter((d) => d.id > 0),
    random,
  )
  const repairable = docs.filter((d) => d.state === 'ready' || d.state === 'not_ready')
  const others = docs.filter((d) => d.state !== 'ready' && d.state !== 'not_ready')

  const nChains = Math.max(1, Math.round(count * 0.03))
  const nRepairs = Math.max(1, Math.round(count * 0.08))
  const nArchives = Math.max(1, Math.round(count * 0.08))
  const nBatches = Math.max(1, Math.round(count * 0.08))
  const nCreates = Math.max(2, Math.round(count * 0.2))
  const nUpdates = Math.max(1, Math.round(count * 0.1))
  const nDeletes = Math.max(1, Math.round(count * 0.05))
  const nSingles = count - 2 * nChains - nRepairs - nArchives - nBatches - nCreates - nUpdates - nDeletes
  if (nSingles < 1) throw new Error(`A plan of ${count} actions is too small.`)

  const batchGroupSize = Math.max(6, Math.round(count * 0.04))
  const singleGroupSize = Math.max(4, Math.round(count * 0.06))
  const commentGroupSize = Math.max(3, Math.round(count * 0.03))
  const needRepairable = nRepairs
  const needOther = nChains + nArchives + batchGroupSize + singleGroupSize + commentGroupSize
  if (repairable.length < needRepairable || repairable.length - needRepairable + others.length < needOther) {
    throw new Error(
      `The pool has ${pool.length} documents (${repairable.length} ready/not_ready); a plan of ${count} needs ` +
        `${needRepairable} ready/not_ready and ${needOther} more.`,
    )
  }
  const repairDocs = repairable.slice(0, needRepairable)
  const rest = shuffle([...repairable.slice(needRepairable), ...others], random)
  let at = 0
  const take = (n: number) => {
    const out = rest.slice(at, at + n)
    at += n
    return out
  }
  const chainDocs = take(nChains)
  const archiveDocs = take(nArchives)
  const batchDocs = take(batchGroupSize)
  const singleDocs = take(singleGroupSize)
  const commentDocs = take(commentGroupSize)

  const streams: Draft[][] = []
  const states = (): 'ready' | 'exported' => (random() < 0.5 ? 'ready' : 'exported')

  for (const doc of chainDocs) {
    streams.push([
      { kind: 'documents.setState', documentId: doc.id, state: 'exported', expect: 'apply' },
      {
        kind: 'documents.repair',
        documentId: doc.id,
        description: `soak ${tag}: repair of an exported document`,
        expect: 'fail',
      },
    ])
  }
  for (const doc of repairDocs) {
    streams.push([
      {
        kind: 'documents.repair',
        documentId: doc.id,
        description: `soak ${tag}: please check the total`,
        expect: 'apply',
      },
    ])
  }
  for (const doc of archiveDocs) streams.push([{ kind: 'documents.archive', documentId: doc.id, expect: 'apply' }])

  // Batches over one group, in one global order (they overlap, so their order matters).
  const batches: Draft[] = []
  for (let b = 0; b < nBatches; b++) {
    const size = 2 + Math.floor(random() * 4)
    const chosen = shuffle(batchDocs, random).slice(0, size)
    batches.push({
      kind: 'documents.setStateBatch',
      items: chosen.map((d) => ({ id: d.id, state: states() })),
      expect: 'apply',
    })
  }
  streams.push(batches)

  // Single state changes: several per document, in order.
  const singles = new Map<number, Draft[]>()
  for (let s = 0; s < nSingles; s++) {
    const doc = pick(singleDocs)
    const list = singles.get(doc.id) ?? []
    list.push({ kind: 'documents.setState', documentId: doc.id, state: states(), expect: 'apply' })
    singles.set(doc.id, list)
  }
  streams.push(...singles.values())

  // Comments: each create is a stream, followed by its edits and maybe a delete (last).
  const commentStreams: Draft[][] = []
  for (let c = 0; c < nCreates; c++) {
    const doc = pick(commentDocs)
    commentStreams.push([{ kind: 'comments.create', documentId: doc.id, text: `placeholder ${c}`, expect: 'apply' }])
  }
  for (let u = 0; u < nUpdates; u++) {
    const stream = pick(commentStreams)
    const create = stream[0] as Extract<Draft, { kind: 'comments.create' }>
    stream.push({
      kind: 'comments.update',
      documentId: create.documentId,
      createIndex: -1,
      text: `edit ${u}`,
      expect: 'apply',
    })
  }
  const deletable = shuffle(commentStreams, random).slice(0, nDeletes)
  for (const stream of deletable) {
    const create = stream[0] as Extract<Draft, { kind: 'comments.create' }>
    stream.push({ kind: 'comments.delete', documentId: create.documentId, createIndex: -1, expect: 'apply' })
  }
  streams.push(...commentStreams)

  // Interleave the streams at random, keeping each stream's order.
  const actions: PlannedAction[] = []
  const open = streams.filter((s) => s.length > 0).map((s) => ({ items: s, next: 0 }))
  const createIndexOfStream = new Map<Draft[], number>()
  while (open.length > 0) {
    const k = Math.floor(random() * open.length)
    const stream = open[k]!
    const draft = stream.items[stream.next++]!
    const index = actions.length
    let action: PlannedAction
    if (draft.kind === 'comments.create') {
      createIndexOfStream.set(stream.items, index)
      action = { ...draft, index, text: `${commentMarker(tag, index)} Supplier total checked against the PDF.` }
    } else if (draft.kind === 'comments.update') {
      const createIndex = createIndexOfStream.get(stream.items)!
      action = { ...draft, index, createIndex, text: `${commentMarker(tag, createIndex)} Edited (${draft.text}).` }
    } else if (draft.kind === 'comments.delete') {
      action = { ...draft, index, createIndex: createIndexOfStream.get(stream.items)! }
    } else {
      action = { ...draft, index }
    }
    actions.push(action)
    if (stream.next >= stream.items.length) open.splice(k, 1)
  }
  if (actions.length !== count) throw new Error(`Planned ${actions.length} actions instead of ${count}.`)
  return { tag, actions, expectation: expectationOf(actions) }
}

/** The sandbox state the actions must produce, replayed in plan order. */
export function expectationOf(actions: PlannedAction[]): Expectation {
  const e: Expectation = {
    states: new Map(),
    archived: new Set(),
    repaired: new Set(),
    refusedRepairs: new Set(),
    comments: new Map(),
    lastActionOn: new Map(),
  }
  for (const a of actions) {
    switch (a.kind) {
      case 'documents.setState':
        e.states.set(a.documentId, a.state)
        e.lastActionOn.set(`state:${a.documentId}`, a.index)
        break
      case 'documents.setStateBatch':
        for (const item of a.items) {
          e.states.set(item.id, item.state)
          e.lastActionOn.set(`state:${item.id}`, a.index)
        }
        break
      case 'documents.repair':
        if (a.expect === 'fail') e.refusedRepairs.add(a.documentId)
        else {
          e.repaired.add(a.documentId)
          // In human review, or back to ready once the review is done.
          e.states.set(a.documentId, 'repairing|ready')
          e.lastActionOn.set(`state:${a.documentId}`, a.index)
        }
        e.lastActionOn.set(`repair:${a.documentId}`, a.index)
        break
      case 'documents.archive':
        e.archived.add(a.documentId)
        e.lastActionOn.set(`archive:${a.documentId}`, a.index)
        break
      case 'comments.create':
        e.comments.set(a.index, { documentId: a.documentId, text: a.text, deleted: false })
        e.lastActionOn.set(`comment:${a.index}`, a.index)
        break
      case 'comments.update':
        e.comments.get(a.createIndex)!.text = a.text
        e.lastActionOn.set(`comment:${a.createIndex}`, a.index)
        break
      case 'comments.delete':
        e.comments.get(a.createIndex)!.deleted = true
        e.lastActionOn.set(`comment:${a.createIndex}`, a.index)
        break
    }
  }
  return e
}

/** The outbox action for a planned one; `entryIdOf` gives the outbox entry id of a create. */
export function toOutboxAction(action: PlannedAction, entryIdOf: (createIndex: number) => string): OutboxAction {
  switch (action.kind) {
    case 'documents.setState':
      return { kind: 'documents.setState', items: [{ id: action.documentId, state: action.state }] }
    case 'documents.setStateBatch':
      return { kind: 'documents.setState', items: action.items }
    case 'documents.repair':
      return { kind: 'documents.repair', documentId: action.documentId, description: action.description }
    case 'documents.archive':
      return { kind: 'documents.archive', documentId: action.documentId }
    case 'comments.create':
      return { kind: 'comments.create', documentId: action.documentId, text: action.text }
    case 'comments.update':
      return {
        kind: 'comments.update',
        documentId: action.documentId,
        uuid: `local-${entryIdOf(action.createIndex)}`,
        text: action.text,
      }
    case 'comments.delete':
      return { kind: 'comments.delete', documentId: action.documentId, uuid: `local-${entryIdOf(action.createIndex)}` }
  }
}

/** The parts of the sandbox's state dump the judge reads. */
export interface ObservedState {
  documents: { id: number; state: string; archived: boolean }[]
  comments: { document_id: number; text: string; deleted: boolean }[]
  repairs: { document_id: number }[]
}

/** A failed outbox entry, reduced to what identifies its action. */
export interface FailedEntry {
  action: OutboxAction
  error?: { code: string; message: string }
}

export interface Verdict {
  actions: number
  applied: number
  lost: number
  duplicated: number
  failedAsExpected: number
  /** One readable line per problem (lost, duplicated or unexpected outcome). */
  problems: string[]
}

function failedKey(action: OutboxAction): string | null {
  if (action.kind === 'documents.repair') return `repair:${action.documentId}`
  if (action.kind === 'documents.setState' && action.items.length === 1) return `state:${action.items[0]!.id}`
  if (action.kind === 'documents.archive') return `archive:${action.documentId}`
  if (action.kind === 'comments.create') return `create:${action.text}`
  if (action.kind === 'comments.update' || action.kind === 'comments.delete') return `comment-edit:${action.uuid}`
  if (action.kind === 'documents.setState') return `batch:${action.items.map((i) => `${i.id}=${i.state}`).join(',')}`
  return null
}

/**
 * Compares the sandbox's state with the plan's expectation and the failed outbox entries.
 * - `lost`: an expected effect missing (a state, an archive, a repair, a comment or its last
 *   edit or delete), counted once per action it belongs to, plus expected-to-apply actions
 *   that ended failed and expected refusals that were applied instead;
 * - `duplicated`: an effect applied more than once (a second repair, a comment created twice);
 * - `failedAsExpected`: refused repairs that ended failed and left no repair on the service;
 * - `applied`: the rest of the actions.
 */
export function judgePlan(plan: Plan, observed: ObservedState, failed: FailedEntry[]): Verdict {
  const { expectation: e, tag } = plan
  const lostActions = new Set<number>()
  const problems: string[] = []
  const lose = (target: string, what: string) => {
    const index = e.lastActionOn.get(target)
    if (index !== undefined && !lostActions.has(index)) {
      lostActions.add(index)
      problems.push(`lost: action ${index} (${plan.actions[index]?.kind}): ${what}`)
    }
  }
  const byId = new Map(observed.documents.map((d) => [d.id, d]))

  for (const [id, state] of e.states) {
    const doc = byId.get(id)
    if (!doc) lose(`state:${id}`, `document ${id} is gone`)
    else if (!state.split('|').includes(doc.state))
      lose(`state:${id}`, `document ${id} is ${doc.state}, expected ${state}`)
  }
  for (const id of e.archived) {
    if (!byId.get(id)?.archived) lose(`archive:${id}`, `document ${id} is not archived`)
  }
  const repairs = new Map<number, number>()
  for (const r of observed.repairs) repairs.set(r.document_id, (repairs.get(r.document_id) ?? 0) + 1)
  let duplicated = 0
  for (const id of e.repaired) {
    const n = repairs.get(id) ?? 0
    if (n === 0) lose(`repair:${id}`, `document ${id} was never sent to repair`)
    if (n > 1) {
      duplicated += n - 1
      problems.push(`duplicated: document ${id} was sent to repair ${n} times`)
    }
  }

  const seen = new Map<number, { text: string; deleted: boolean }[]>()
  for (const c of observed.comments) {
    const index = createIndexOf(tag, c.text)
    if (index === null) continue
    const list = seen.get(index) ?? []
    list.push({ text: c.text, deleted: c.deleted })
    seen.set(index, list)
  }
  for (const [index, want] of e.comments) {
    const got = seen.get(index) ?? []
    if (got.length === 0) {
      lose(`comment:${index}`, `comment c${index} never reached the service`)
      continue
    }
    if (got.length > 1) {
      duplicated += got.length - 1
      problems.push(`duplicated: comment c${index} exists ${got.length} times`)
    }
    const live = got.filter((c) => !c.deleted)
    if (want.deleted && live.length > 0) lose(`comment:${index}`, `comment c${index} was not deleted`)
    if (!want.deleted && live.length === 0) lose(`comment:${index}`, `comment c${index} is deleted`)
    if (!want.deleted && live.length > 0 && !live.some((c) => c.text === want.text)) {
      lose(`comment:${index}`, `comment c${index} holds "${live[0]!.text}", expected "${want.text}"`)
    }
  }

  // Outcomes in the outbox: only the refused repairs may have failed.
  const failedKeys = new Map<string, FailedEntry>()
  for (const entry of failed) {
    const key = failedKey(entry.action)
    if (key) failedKeys.set(key, entry)
  }
  let failedAsExpected = 0
  for (const action of plan.actions) {
    if (action.kind === 'documents.repair' && action.expect === 'fail') {
      const entry = failedKeys.get(`repair:${action.documentId}`)
      const appliedAnyway = (repairs.get(action.documentId) ?? 0) > 0
      failedKeys.delete(`repair:${action.documentId}`)
      if (entry && !appliedAnyway) {
        failedAsExpected++
      } else if (!lostActions.has(action.index)) {
        lostActions.add(action.index)
        problems.push(
          `lost: action ${action.index} (refused repair of ${action.documentId}) ` +
            (appliedAnyway ? 'was applied by the service' : 'did not end failed in the outbox'),
        )
      }
    }
  }
  for (const [key, entry] of failedKeys) {
    problems.push(
      `lost: an action failed unexpectedly (${key}): ${entry.error?.code ?? '?'} ${entry.error?.message ?? ''}`,
    )
    lostActions.add(-1 - problems.length)
  }
  const lost = lostActions.size
  return {
    actions: plan.actions.length,
    applied: plan.actions.length - lost - failedAsExpected,
    lost,
    duplicated,
    failedAsExpected,
    problems,
  }
}

/** The summary line: `<label>: actions N, applied N, lost 0, duplicated 0, failed-as-expected K, seconds S`. */
export function summaryLine(label: string, v: Omit<Verdict, 'problems'>, seconds: number): string {
  return `${label}: actions ${v.actions}, applied ${v.applied}, lost ${v.lost}, duplicated ${v.duplicated}, failed-as-expected ${v.failedAsExpected}, seconds ${Math.round(seconds)}`
}
