import { failedResult, type BenchContext, type BenchResult } from './lib/result'

export const B5 = { id: 'B5', name: 'durable action (outbox write + optimistic effect)', target: 'p95 < 10 ms' }

/** B5: placeholder until the offline workspace lands. */
export async function runOutboxBenchmark(_ctx: BenchContext): Promise<BenchResult> {
  return failedResult(B5.id, B5.name, B5.target, new Error('the offline workspace (src/main/offline openWorkspace) is not there yet'))
}
