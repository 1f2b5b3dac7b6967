/**
 * Child-process entry that runs the sandbox (src/sandbox `startSandbox`) for the benchmarks, so
 * the service's CPU work does not share the event loop of the client being measured (the real
 * service is another machine). Options arrive as JSON in argv[2]; sends `{ type: 'ready', url }`
 * over IPC, closes on `{ type: 'close' }` or when the parent goes away. `{ type: 'dropCaches',
 * renderedDocumentIds }` calls `Sandbox.dropCaches` and `{ type: 'cacheWork' }` reads
 * `Sandbox.cacheWork`; both answer `{ type: 'cacheWork', listQueriesComputed, documentsRendered }`.
 */
const options = JSON.parse(process.argv[2] ?? '{}') as Record<string, unknown>

try {
  const { startSandbox } = (await import('../../src/sandbox')) as unknown as {
    startSandbox(options: Record<string, unknown>): Promise<{
      url: string
      credentials?: unknown
      dropCaches(options: { renderedDocumentIds?: readonly number[] }): void
      cacheWork(): { listQueriesComputed: number; documentsRendered: number }
      close(): Promise<void>
    }>
  }
  const started = performance.now()
  const sandbox = await startSandbox({ port: 0, ...options })
  process.send!({
    type: 'ready',
    url: sandbox.url,
    credentials: sandbox.credentials,
    startupMs: performance.now() - started,
  })
  const stop = async () => {
    await sandbox.close().catch(() => {})
    process.exit(0)
  }
  process.on('message', (message: { type?: string; renderedDocumentIds?: unknown }) => {
    if (message?.type === 'close') void stop()
    else if (message?.type === 'dropCaches' || message?.type === 'cacheWork') {
      if (message.type === 'dropCaches') {
        const ids = Array.isArray(message.renderedDocumentIds) ? message.renderedDocumentIds : []
        sandbox.dropCaches({ renderedDocumentIds: ids.filter((id): id is number => Number.isInteger(id)) })
      }
      process.send!({ type: 'cacheWork', ...sandbox.cacheWork() })
    }
  })
  process.on('disconnect', () => void stop())
} catch (error) {
  process.send!({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  process.exit(1)
}

export {}
