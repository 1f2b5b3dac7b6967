import type { Page } from '@playwright/test'

/** One press of `j` as the in-page probe (`pageProbe.ts`) timed it, in ms of the page's clock. */
export interface PressTimes {
  keyAt: number
  handledAt: number
  shownAt: number
  frameAt: number
  paintedAt: number
  toId: string
}

/** A press split at the probe's timestamps (ms): see {@link measurePresses}. */
export interface PressParts {
  input: number
  page: number
  wait: number
  frame: number
}

type Probe = {
  __bench: {
    arm(): string[]
    ipcSinceArm(): string[]
    keyResult(): Promise<PressTimes> | null
  }
}

/** What one run of presses measured: see {@link measurePresses}. */
export interface PressRun {
  latenciesMs: number[]
  parts: PressParts[]
  /** IPC calls the page started in each press's window (its key to the next press's arming). */
  ipcPerPress: number[]
  /** The same calls by channel, summed over the run. */
  ipcByChannel: Record<string, number>
}

/** How long the last press's window stays open after its paint, for the calls a press makes late (ms). */
const LAST_WINDOW_MS = 1_000

/**
 * Presses `j` `presses` times on a page whose inbox list has the focus and a document open
 * (each key released once its press is measured, see below),
 * each press timed in the page: `latenciesMs` from the key event's `timeStamp` to the message
 * task after the frame that paints the next document, and each press split into `input` (to
 * the first keydown listener), `page` (to the new document in the DOM), `wait` (to the next
 * animation frame) and `frame` (to the message task after it).
 *
 * `pauseMs` is the rest before each press, counted from the paint of the one before: 0 presses
 * as fast as the probe allows (the key comes a few ms after the paint, which also keeps
 * Chromium's frames running back to back); a pause of some 100 ms is a person skimming the
 * queue, whose next key can come while the work the last document started (its preview image
 * loading and decoding, the next document prepared) is still under way.
 *
 * `ipcPerPress` counts the IPC calls the page started in each press's window: from arming the
 * probe for that press (just before its key) to arming it for the next one, and for the last
 * press until {@link LAST_WINDOW_MS} after its paint. A call a press makes late (after an event,
 * after the next press) lands in a later window, so the mean over the run is the figure to read:
 * every call the run made, per press. Calls made before the first press are not counted.
 * Throws when a press shows no new document within the probe's 10 s.
 */
export async function measurePresses(page: Page, presses: number, pauseMs = 0): Promise<PressRun> {
  const latenciesMs: number[] = []
  const parts: PressParts[] = []
  const ipcPerPress: number[] = []
  const ipcByChannel: Record<string, number> = {}
  const closeWindow = (channels: string[]) => {
    ipcPerPress.push(channels.length)
    for (const channel of channels) ipcByChannel[channel] = (ipcByChannel[channel] ?? 0) + 1
  }
  for (let i = 0; i < presses; i++) {
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs))
    const before = await page.evaluate(() => (window as unknown as Probe).__bench.arm())
    if (i > 0) closeWindow(before)
    // Released once the press is measured, as a person's key is (held some 50-100 ms): a key
    // released at once has its keyup dispatched before the frame, and that dispatch lays out
    // what the keydown changed in a task of its own, after which the frame waits for the next
    // tick of the display (7-12 ms on the app's page, nothing on the floor's one heading).
    await page.keyboard.down('j')
    const r = await page.evaluate(() => (window as unknown as Probe).__bench.keyResult())
    await page.keyboard.up('j')
    if (!r) throw new Error('the probe was not armed for the press')
    latenciesMs.push(r.paintedAt - r.keyAt)
    parts.push({
      input: r.handledAt - r.keyAt,
      page: r.shownAt - r.handledAt,
      wait: r.frameAt - r.shownAt,
      frame: r.paintedAt - r.frameAt,
    })
  }
  if (presses > 0) {
    await new Promise((resolve) => setTimeout(resolve, LAST_WINDOW_MS))
    closeWindow(await page.evaluate(() => (window as unknown as Probe).__bench.ipcSinceArm()))
  }
  return { latenciesMs, parts, ipcPerPress, ipcByChannel }
}
