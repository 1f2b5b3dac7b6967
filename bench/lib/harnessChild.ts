/**
 * Child-process entry that hosts Docket's services for the browser (e2e/harness `startHarness`)
 * for the benchmarks: the stand-in for Electron's main process. Options arrive as JSON in
 * argv[2]. Sends `{ type: 'ready', url, networkUrl }`; answers `{ type: 'memory' }` with its
 * `process.memoryUsage()` (after a GC when started with --expose-gc); closes on `{ type: 'close' }`.
 */
const options = JSON.parse(process.argv[2] ?? '{}') as Record<string, unknown>

try {
  const { startHarness } = await import('../../e2e/harness/server')
  const harness = await startHarness({ port: 0, log: () => {}, ...options })
  process.send!({
    type: 'ready',
    url: harness.url,
    sandboxUrl: harness.sandboxUrl,
    networkUrl: harness.network?.url ?? null,
    userDataDir: harness.userDataDir,
  })
  const stop = async () => {
    await harness.close().catch(() => {})
    process.exit(0)
  }
  process.on('message', (message: { type?: string }) => {
    if (message?.type === 'close') void stop()
    if (message?.type === 'memory') {
      const gc = (globalThis as { gc?: () => void }).gc
      gc?.()
      process.send!({ type: 'memory', usage: process.memoryUsage(), gc: typeof gc === 'function' })
    }
  })
  process.on('disconnect', () => void stop())
} catch (error) {
  process.send!({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  process.exit(1)
}

export {}
