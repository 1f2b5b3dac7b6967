/**
 * A small deterministic generator (mulberry32) for tests that draw many cases, so that a
 * failing case can be replayed from its seed: `seededRandom(seed)(n)` is an integer in
 * [0, n).
 */
export function seededRandom(seed: number): (n: number) => number {
  let state = seed >>> 0
  return (n) => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n)
  }
}
