/**
 * Calls `stop` when the process that started this one goes away. `npm run x` starts
 * `sh -c "node ..."`; a SIGTERM sent to npm ends npm and the shell but is not passed on to
 * node, which would keep its port. Polling the parent id (it changes when the parent dies)
 * works on every OS. The timer does not keep the process alive.
 */
export function stopWithParent(stop: () => void, intervalMs = 1000): void {
  const parent = process.ppid
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer)
      stop()
    }
  }, intervalMs)
  timer.unref()
}
