/** The Prioritized Task Scheduling API where the engine has it (Chromium does). */
type Scheduler = { postTask(task: () => void, options: { priority: 'background' }): Promise<void> }

/**
 * Runs `run` after the next frame is painted, as a background-priority task (the tasks the
 * page has queued meanwhile go first): for work that must not delay showing a change (loading
 * ahead, a preview image), bench B4. Without animation frames (tests), on the next task.
 */
export function afterPaint(run: () => void): void {
  if (typeof requestAnimationFrame !== 'function') return void setTimeout(run, 0)
  requestAnimationFrame(() => {
    const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler
    if (scheduler) void scheduler.postTask(run, { priority: 'background' })
    else setTimeout(run, 0)
  })
}

/** {@link afterPaint} as a promise. */
export function painted(): Promise<void> {
  return new Promise((resolve) => afterPaint(resolve))
}

/** The Input Events scheduling API where the engine has it (Chromium does). */
type InputScheduling = { scheduling?: { isInputPending?(): boolean } }

/**
 * Whether the user's input (a key, a click) waits to be handled: deferred work then yields to
 * it. False where the engine cannot tell.
 */
export function inputPending(): boolean {
  const nav = (globalThis as { navigator?: InputScheduling }).navigator
  return nav?.scheduling?.isInputPending?.() ?? false
}
