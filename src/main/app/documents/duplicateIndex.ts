import type { CheckedDocument } from '../../../shared/checks/context'
import { duplicateCandidateOf, duplicateKeysOf } from '../../../shared/checks/duplicates'

/**
 * A 64-bit hash of a duplicate key, as two signed 32-bit halves `[high, low]`. The index keeps
 * only this hash of each key, never the key itself.
 */
export type KeyHasher = (key: string) => [high: number, low: number]

/**
 * A seeded 64-bit string hash (cyrb53's two multiply-xor lanes, both kept whole): fast on short
 * strings and spread well enough that distinct keys collide only by chance (about n^2 / 2^65
 * for n keys). Not cryptographic.
 */
export function seededKeyHasher(seed: number): KeyHasher {
  return (key) => {
    let h1 = 0xdeadbeef ^ seed
    let h2 = 0x41c6ce57 ^ seed
    for (let i = 0; i < key.length; i++) {
      const code = key.charCodeAt(i)
      h1 = Math.imul(h1 ^ code, 2654435761)
      h2 = Math.imul(h2 ^ code, 1597334677)
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507)
    h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909)
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507)
    h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909)
    return [h2 | 0, h1 | 0]
  }
}

/**
 * The hasher of this process, seeded at random once: a chance collision does not follow the
 * same two documents from one run to the next, and none can be looked up in advance.
 */
const processHasher = seededKeyHasher(crypto.getRandomValues(new Int32Array(1))[0]!)

/**
 * The duplicate keys of a document ({@link duplicateKeysOf}: the hash of its file's bytes when
 * known, supplier + invoice no., supplier + total + date, file name).
 */
export function duplicateKeyStrings(doc: CheckedDocument): string[] {
  return duplicateKeysOf(duplicateCandidateOf(doc)).map(({ key }) => key)
}

/** Slots per entry when an index is built: a load of 2/3 keeps linear probes short (about 5 slots for a miss). */
const SLOTS_PER_ENTRY = 1.5
/** The fullest a changed index may get before it is built again at {@link SLOTS_PER_ENTRY}. */
const MAX_LOAD = 0.75
/** The emptiest a changed index may get before it is built again smaller. */
const MIN_LOAD = 0.25
/** Up to this many ids are removed by searching the ids array once per id. */
const FEW_IDS = 16
const EMPTY = 0
const USED = 1
/** A used slot whose hash is also held by another document: that document has a possible duplicate. */
const SHARED = 2

/**
 * The open-addressing table (linear probing) behind a {@link DuplicateIndex}: slot `i` holds
 * a key hash (`hashes[2i]`, `hashes[2i + 1]`), a document id and a state. Changed in place only
 * while an index is being built or changed, never once it is handed out. Every entry lies
 * between its home slot and the first empty slot after it, so one probe finds all entries of a
 * hash.
 */
class Slots {
  size = 0

  constructor(
    readonly hashes: Int32Array,
    readonly ids: Int32Array | Float64Array,
    readonly states: Uint8Array,
  ) {}

  /** An empty table of `capacity` slots; ids in 4 bytes each when `int32Ids`. */
  static empty(capacity: number, int32Ids: boolean): Slots {
    const ids = int32Ids ? new Int32Array(capacity) : new Float64Array(capacity)
    return new Slots(new Int32Array(2 * capacity), ids, new Uint8Array(capacity))
  }

  get capacity(): number {
    return this.states.length
  }

  copy(): Slots {
    const copy = new Slots(this.hashes.slice(), this.ids.slice(), this.states.slice())
    copy.size = this.size
    return copy
  }

  home(low: number): number {
    return (low >>> 0) % this.capacity
  }

  matches(slot: number, high: number, low: number): boolean {
    return this.hashes[2 * slot] === high && this.hashes[2 * slot + 1] === low
  }

  /** Adds an entry (none when the document already holds this hash), marking a shared hash on both sides. */
  insert(high: number, low: number, id: number): void {
    let state = USED
    let slot = this.home(low)
    for (; this.states[slot] !== EMPTY; slot = (slot + 1) % this.capacity) {
      if (!this.matches(slot, high, low)) continue
      if (this.ids[slot] === id) return
      this.states[slot] = SHARED
      state = SHARED
    }
    this.hashes[2 * slot] = high
    this.hashes[2 * slot + 1] = low
    this.ids[slot] = id
    this.states[slot] = state
    this.size++
  }

  /** Removes every entry of `ids`; answers the hashes they held (their groups need {@link regroup}). */
  remove(ids: ReadonlySet<number>): [number, number][] {
    const removed: [number, number][] = []
    const take = (slot: number): void => {
      removed.push([this.hashes[2 * slot]!, this.hashes[2 * slot + 1]!])
      this.emptySlot(slot)
    }
    if (ids.size <= FEW_IDS) {
      // A native search per id beats a Set lookup per slot. Entries after a removed one only move
      // back to it or later, so searching on from the same slot finds them all.
      for (const id of ids) {
        for (let slot = this.ids.indexOf(id); slot !== -1; slot = this.ids.indexOf(id, slot)) {
          if (this.states[slot] !== EMPTY && this.ids[slot] === id) take(slot)
          else slot++
        }
      }
      return removed
    }
    for (let slot = 0; slot < this.capacity;) {
      // After a removal another entry may have moved into the slot: look at it again.
      if (this.states[slot] !== EMPTY && ids.has(this.ids[slot]!)) take(slot)
      else slot++
    }
    return removed
  }

  /**
   * Empties `slot` and moves later entries of its probe run back (backward-shift deletion), so
   * that no entry is left behind an empty slot.
   */
  private emptySlot(slot: number): void {
    let hole = slot
    for (let next = (slot + 1) % this.capacity; this.states[next] !== EMPTY; next = (next + 1) % this.capacity) {
      const home = this.home(this.hashes[2 * next + 1]!)
      // The entry at `next` may fill the hole unless its home lies after the hole (cyclically).
      const stays = hole <= next ? home > hole && home <= next : home > hole || home <= next
      if (stays) continue
      this.hashes[2 * hole] = this.hashes[2 * next]!
      this.hashes[2 * hole + 1] = this.hashes[2 * next + 1]!
      this.ids[hole] = this.ids[next]!
      this.states[hole] = this.states[next]!
      hole = next
    }
    this.states[hole] = EMPTY
    this.size--
  }

  /** Marks the entries of one hash shared or not again, after some of them were removed. */
  regroup(high: number, low: number): void {
    const slots: number[] = []
    for (let slot = this.home(low); this.states[slot] !== EMPTY; slot = (slot + 1) % this.capacity) {
      if (this.matches(slot, high, low)) slots.push(slot)
    }
    const shared = slots.some((slot) => this.ids[slot] !== this.ids[slots[0]!])
    for (const slot of slots) this.states[slot] = shared ? SHARED : USED
  }
}

/**
 * The duplicate index of one agenda: which documents carry which duplicate key, kept compact
 * for agendas of 100,000 documents (three keys each). Each (key, document) entry is a slot of
 * an open-addressing table in typed arrays: the key's 64-bit hash, the document id and one state
 * byte, about 20 bytes with the table's free slots, instead of a Map of key strings to arrays
 * of candidate objects (about 840 bytes per document).
 *
 * Because only hashes are kept, two different keys may (by chance) look alike here:
 * - {@link idsUnder} answers every document under a key's hash; callers that need exact
 *   candidates read those documents and compare their keys (`AgendaRowsSource.candidatesOf`).
 * - {@link sharedIds} (the inbox's duplicate flag) is not re-checked: reading every flagged
 *   document again at each change would cost more than it protects. A false flag needs two
 *   distinct keys of one agenda to share all 64 bits: at most n^2 / 2^65 for n keys, 2.4e-9
 *   for an agenda of 100,000 documents, and the hash is seeded anew in each process. The
 *   checks panel of the document stays exact either way.
 *
 * Immutable: {@link with} answers a new index.
 */
export class DuplicateIndex {
  private shared: readonly number[] | null = null

  /** @internal Built by {@link DuplicateIndexBuilder} or {@link with}. */
  constructor(
    private readonly slots: Slots,
    private readonly hasher: KeyHasher,
  ) {}

  /** Number of (key, document) entries. */
  get size(): number {
    return this.slots.size
  }

  /**
   * The ids of the documents indexed under `key`, or under a key with the same hash (callers
   * compare the documents' keys themselves). Each id once; none for an unknown key.
   */
  idsUnder(key: string): number[] {
    const found: number[] = []
    const { capacity, states, ids } = this.slots
    if (capacity === 0) return found
    const [high, low] = this.hasher(key)
    for (let slot = this.slots.home(low); states[slot] !== EMPTY; slot = (slot + 1) % capacity) {
      if (this.slots.matches(slot, high, low) && !found.includes(ids[slot]!)) found.push(ids[slot]!)
    }
    return found
  }

  /**
   * The other documents that share a key (hash) with document `id`, ascending, each once; none
   * for a document not indexed or without a look-alike. Searches the table for `id` (a native
   * scan: meant for the few documents whose duplicate warning was answered, not for every row).
   */
  partnersOf(id: number): number[] {
    const found = new Set<number>()
    const { capacity, states, ids, hashes } = this.slots
    for (let slot = ids.indexOf(id); slot !== -1; slot = ids.indexOf(id, slot + 1)) {
      if (states[slot] !== SHARED) continue
      const high = hashes[2 * slot]!
      const low = hashes[2 * slot + 1]!
      for (let other = this.slots.home(low); states[other] !== EMPTY; other = (other + 1) % capacity) {
        if (this.slots.matches(other, high, low) && ids[other] !== id) found.add(ids[other]!)
      }
    }
    return [...found].sort((a, b) => a - b)
  }

  /**
   * The ids of the documents that share a key (hash) with another document, descending, each
   * once: the rows the inbox flags `duplicate`. Computed once per index.
   */
  sharedIds(): readonly number[] {
    if (this.shared) return this.shared
    const { states, ids } = this.slots
    const shared: number[] = []
    for (let slot = 0; slot < states.length; slot++) if (states[slot] === SHARED) shared.push(ids[slot]!)
    shared.sort((a, b) => b - a)
    this.shared = Object.freeze(shared.filter((id, i) => i === 0 || shared[i - 1] !== id))
    return this.shared
  }

  /**
   * A new index: this one without the entries of `removedIds`, plus the keys of `added`
   * (documents read again after a change; remove them first when they were indexed before).
   * Changes a copy of the table, in time proportional to its size for the copy and the search
   * of the removed ids, plus the changes; built anew when it would get too full or too empty.
   */
  with(removedIds: ReadonlySet<number>, added: Iterable<CheckedDocument>): DuplicateIndex {
    const entries = new DuplicateIndexBuilder(this.hasher)
    for (const doc of added) entries.addDocument(doc)
    const slots = this.slots
    const int32Ids = slots.ids instanceof Int32Array
    const size = slots.size + entries.count
    if (size > slots.capacity * MAX_LOAD || size < slots.capacity * MIN_LOAD || (int32Ids && !entries.int32Ids)) {
      const builder = new DuplicateIndexBuilder(this.hasher)
      for (let slot = 0; slot < slots.capacity; slot++) {
        const id = slots.ids[slot]!
        if (slots.states[slot] !== EMPTY && !removedIds.has(id)) {
          builder.addHash(slots.hashes[2 * slot]!, slots.hashes[2 * slot + 1]!, id)
        }
      }
      entries.forEach((high, low, id) => builder.addHash(high, low, id))
      return builder.build()
    }
    const changed = slots.copy()
    const removed = removedIds.size > 0 ? changed.remove(removedIds) : []
    entries.forEach((high, low, id) => changed.insert(high, low, id))
    for (const [high, low] of removed) changed.regroup(high, low)
    return new DuplicateIndex(changed, this.hasher)
  }
}

/**
 * Collects the (key hash, document id) entries of an agenda as its documents are read, then
 * builds the {@link DuplicateIndex} at its exact size. `hasher` is for tests (collisions on
 * purpose); the default is seeded per process.
 */
export class DuplicateIndexBuilder {
  private hashes = new Int32Array(64)
  private ids = new Float64Array(32)
  /** @internal Number of entries added. */
  count = 0
  /** @internal Whether every id added fits in 32 bits. */
  int32Ids = true

  constructor(private readonly hasher: KeyHasher = processHasher) {}

  /** Adds the document under each of its duplicate keys (none for a document without any). */
  addDocument(doc: CheckedDocument): void {
    for (const key of duplicateKeyStrings(doc)) this.addKey(key, doc.id)
  }

  /** Adds one entry: document `id` carries `key`. */
  addKey(key: string, id: number): void {
    const [high, low] = this.hasher(key)
    this.addHash(high, low, id)
  }

  /** @internal Adds an entry whose key was hashed already (an index being rebuilt). */
  addHash(high: number, low: number, id: number): void {
    if (this.count === this.ids.length) {
      this.ids = grown(this.ids, new Float64Array(this.count * 2))
      this.hashes = grown(this.hashes, new Int32Array(this.count * 4))
    }
    this.hashes[2 * this.count] = high
    this.hashes[2 * this.count + 1] = low
    this.ids[this.count++] = id
    if (id !== (id | 0)) this.int32Ids = false
  }

  /** @internal Visits the entries added, in order. */
  forEach(visit: (high: number, low: number, id: number) => void): void {
    for (let entry = 0; entry < this.count; entry++) {
      visit(this.hashes[2 * entry]!, this.hashes[2 * entry + 1]!, this.ids[entry]!)
    }
  }

  /** The index of every entry added. */
  build(): DuplicateIndex {
    const capacity = this.count === 0 ? 0 : Math.ceil(this.count * SLOTS_PER_ENTRY) + 1
    const slots = Slots.empty(capacity, this.int32Ids)
    this.forEach((high, low, id) => slots.insert(high, low, id))
    return new DuplicateIndex(slots, this.hasher)
  }
}

function grown<T extends Int32Array | Float64Array>(from: T, to: T): T {
  to.set(from)
  return to
}
