/// <reference lib="dom" />
/**
 * Instrumentation injected into the page before the app loads (Playwright `addInitScript`).
 * Everything is measured in the page with `performance.now()`:
 * - B3 (and B12): the start of the `documents.watch` call for `agendaId` (an agenda's id, or
 *   `all` for All agendas; its IPC request leaving the
 *   bridge: the harness transport is `fetch('/__harness/ipc')`) to the first inbox rows painted
 *   (the first `requestAnimationFrame` after rows of that call are in the DOM, then a message
 *   task after that frame, i.e. after the frame's paint); also the paint's time since the
 *   navigation started and the `agendas.list` call that precedes the list (sidebar counts);
 * - B4: a key's `keydown` event time to the next document's data painted in the pane, and the
 *   IPC calls the page starts between one press and the next (`arm()` answers those of the
 *   window that ends, `ipcSinceArm()` those since the last press);
 * - scrolling: rAF deltas while the list scrolls by a fixed step per frame.
 * The function is serialized into the page, so it must not reference anything outside itself.
 */
export function installProbe(config: { agendaId: number | 'all'; agendaKey: string }): void {
  const w = window as unknown as { __bench: Record<string, unknown> }
  try {
    localStorage.setItem(config.agendaKey, String(config.agendaId))
  } catch {
    /* storage may be unavailable; the app then opens the first agenda */
  }
  const afterPaint = (): Promise<number> => afterPaintTimed().then(({ paintedAt }) => paintedAt)
  /** `frameAt`: the animation frame's callback; `paintedAt`: the message task after that frame (its paint). */
  const afterPaintTimed = (): Promise<{ frameAt: number; paintedAt: number }> =>
    new Promise((resolve) => {
      requestAnimationFrame(() => {
        const frameAt = performance.now()
        const channel = new MessageChannel()
        channel.port1.onmessage = () => resolve({ frameAt, paintedAt: performance.now() })
        channel.port2.postMessage(0)
      })
    })

  // B3: when the documents.watch call for the agenda starts, and when its rows are painted.
  /**
   * Times in ms since the page's navigation started (`performance.now()`); `agendasListMs`: the
   * `agendas.list` call made before (sidebar counts), call -> response headers, -1 when none.
   */
  type ListPaint = { callAt: number; responseAt: number; paintedAt: number; rows: number; agendasListMs: number }
  let agendasListMs = -1
  const listCalls: number[] = []
  let responseAt = -1
  let resolveListPainted: (value: ListPaint) => void = () => {}
  const listPainted = new Promise<ListPaint>((resolve) => {
    resolveListPainted = resolve
  })
  const originalFetch = window.fetch.bind(window)
  /** Every IPC call's channel and its time to the response headers, for attributing the time. */
  const ipc: { channel: string; ms: number }[] = []
  /** The channel of every IPC call started since the last `arm()` (B4's per-press window). */
  let ipcStarted: string[] = []
  const takeIpcStarted = (): string[] => {
    const taken = ipcStarted
    ipcStarted = []
    return taken
  }
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? init.body : ''
    const channel = /^\{"channel":"([^"]+)"/.exec(body)?.[1]
    if (channel) {
      ipcStarted.push(channel)
      const at = performance.now()
      const pending = originalFetch(input, init)
      void pending.then(
        () => {
          ipc.push({ channel, ms: performance.now() - at })
          if (channel === 'agendas.list' && listCalls.length === 0) agendasListMs = performance.now() - at
        },
        () => undefined,
      )
      if (!(
        channel === 'documents.watch' &&
        body.includes(`"agendaId":${JSON.stringify(config.agendaId)}`) &&
        listCalls.length === 0
      ))
        return pending
      // the first documents.watch of the agenda (its list and first rows): the B3 measurement
      listCalls.push(at)
      watchRows(at)
      void pending.then(() => {
        responseAt = performance.now()
      })
      return pending
    }
    return originalFetch(input, init)
  }
  const watchRows = (callAt: number) => {
    const present = () => document.querySelectorAll('[data-testid="inbox-row"]').length
    const done = () => {
      observer.disconnect()
      void afterPaint().then((paintedAt) =>
        resolveListPainted({ callAt, responseAt, paintedAt, rows: present(), agendasListMs }),
      )
    }
    const observer = new MutationObserver(() => {
      if (present() > 0) done()
    })
    const start = () => {
      // Rows of another agenda may be on screen: wait for the list to be replaced first.
      observer.observe(document.body, { childList: true, subtree: true })
    }
    if (document.body) start()
    else document.addEventListener('DOMContentLoaded', start, { once: true })
  }

  // B4: keydown -> the pane shows another document's data, painted. Also when the page got the
  // key (`handledAt`, the first keydown listener), when the new data was in the DOM (`shownAt`,
  // the mutation that completed it) and when the frame that paints it began (`frameAt`): they
  // split the latency into the wait for the page's main thread, the page's work on the key, the
  // wait for the next frame and the frame's own work (style, layout, paint).
  // The probe runs inside the page's own key task (its observer's callbacks are microtasks of
  // that task), so it must cost next to nothing whatever the page's size: the pane is found
  // once and looked up again only when it left the document (a scan of the whole document per
  // callback cost 0.4 ms a key with 200 agendas in the sidebar, where the floor page pays
  // nothing), and its content is looked into only once its id has changed.
  let paneElement: Element | null = null
  const findPane = (): Element | null => {
    if (!paneElement?.isConnected) paneElement = document.querySelector('[data-testid="document-pane"]')
    return paneElement
  }
  const paneLoaded = (pane: Element | null) =>
    !!pane?.querySelector('[data-testid="document-state"]') && !!pane?.querySelector('[data-testid="extracted-data"]')
  const paneState = () => {
    const pane = findPane()
    return { id: pane?.getAttribute('data-document-id') ?? '', loaded: paneLoaded(pane) }
  }
  type KeyTimes = {
    keyAt: number
    handledAt: number
    shownAt: number
    frameAt: number
    paintedAt: number
    fromId: string
    toId: string
  }
  const armKey = (): Promise<KeyTimes> => {
    const fromId = paneState().id
    return new Promise((resolve, reject) => {
      let keyAt = -1
      let handledAt = -1
      const timeout = setTimeout(() => {
        observer.disconnect()
        reject(new Error(`no document painted after the key (pane ${JSON.stringify(paneState())}, from ${fromId})`))
      }, 10_000)
      const check = () => {
        if (keyAt < 0) return
        const pane = findPane()
        const id = pane?.getAttribute('data-document-id') ?? ''
        if (id !== '' && id !== fromId && paneLoaded(pane)) {
          const shownAt = performance.now()
          observer.disconnect()
          clearTimeout(timeout)
          void afterPaintTimed().then(({ frameAt, paintedAt }) =>
            resolve({ keyAt, handledAt, shownAt, frameAt, paintedAt, fromId, toId: id }),
          )
        }
      }
      // Only what can complete the condition: elements added or removed, and the two attributes
      // it reads (text changes and every other attribute would only add records to the key's task).
      const observer = new MutationObserver(check)
      observer.observe(document.body, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['data-document-id', 'data-testid'],
      })
      window.addEventListener(
        'keydown',
        (event) => {
          keyAt = event.timeStamp
          handledAt = performance.now()
          queueMicrotask(check)
        },
        { capture: true, once: true },
      )
    })
  }
  let pendingKey: Promise<KeyTimes> | null = null

  const scrollToTop = async () => {
    const scroller = document.querySelector('[data-testid="inbox-list"]')?.parentElement
    if (scroller) scroller.scrollTop = 0
    await afterPaint()
    await afterPaint()
  }

  // Scrolling: fixed step per frame to the bottom, rAF deltas recorded.
  const scrollList = (step: number): Promise<{ deltas: number[]; scrolled: number; height: number }> => {
    const list = document.querySelector('[data-testid="inbox-list"]')
    const scroller = list?.parentElement
    if (!scroller) return Promise.reject(new Error('no inbox list to scroll'))
    scroller.scrollTop = 0
    return new Promise((resolve) => {
      const deltas: number[] = []
      let last = -1
      const frame = (now: number) => {
        if (last >= 0) deltas.push(now - last)
        last = now
        const max = scroller.scrollHeight - scroller.clientHeight
        if (scroller.scrollTop >= max - 1) {
          resolve({ deltas, scrolled: scroller.scrollTop, height: scroller.scrollHeight })
          return
        }
        scroller.scrollTop = Math.min(max, scroller.scrollTop + step)
        requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    })
  }

  w.__bench = {
    listPainted: () => listPainted,
    listCalls: () => listCalls.length,
    /** Arms the probe for the next key; answers the channels of the IPC calls started since the last arm. */
    arm: () => {
      const calls = takeIpcStarted()
      pendingKey = armKey()
      pendingKey.catch(() => {})
      return calls
    },
    ipcSinceArm: takeIpcStarted,
    keyResult: () => pendingKey,
    paneState,
    scrollList,
    scrollToTop,
    ipcTimes: () => ipc.splice(0, ipc.length),
    idleFrames: (n: number) =>
      new Promise<number[]>((resolve) => {
        const deltas: number[] = []
        let last = -1
        const frame = (now: number) => {
          if (last >= 0) deltas.push(now - last)
          last = now
          if (deltas.length >= n) resolve(deltas)
          else requestAnimationFrame(frame)
        }
        requestAnimationFrame(frame)
      }),
  }
}
