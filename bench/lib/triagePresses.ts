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
    arm(): boolean
    keyResult(): Promise<PressTimes> | null
  }
}

/**
 * Presses `j` `presses` times on a page whose inbox list has the focus and a document open,
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
 * Throws when a press shows no new document within the probe's 10 s.
 */
export async function measurePresses(
  page: Page,
  presses: number,
  pauseMs = 0,
): Promise<{ latenciesMs: number[]; parts: PressParts[] }> {
  const latenciesMs: number[] = []
  const parts: PressParts[] = []
  for (let i = 0; i < presses; i++) {
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs))
    await page.evaluate(() => (window as unknown as Probe).__bench.arm())
    await page.keyboard.press('j')
    const r = await page.evaluate(() => (window as unknown as Probe).__bench.keyResult())
    if (!r) throw new Error('the probe was not armed for the press')
    latenciesMs.push(r.paintedAt - r.keyAt)
    parts.push({
      input: r.handledAt - r.keyAt,
      page: r.shownAt - r.handledAt,
      wait: r.frameAt - r.shownAt,
      frame: r.paintedAt - r.frameAt,
    })
  }
  return { latenciesMs, parts }
}
