/// <reference lib="dom" />
/**
 * The harness's `window.docket`: the same bridge as the Electron preload builds, with an HTTP
 * transport (POST /__harness/ipc) and a server-sent event stream (GET /__harness/events).
 * Built by `npm run build` into out/harness/bridge.js; the harness serves it before the app.
 * Harness-only events stand in for Electron's dialogs, shell and desktop: `harness.download` (a
 * save dialog, or opening a file with the system's viewer, becomes a browser download),
 * `harness.openExternal` (the system browser becomes a tab), `harness.clipboard` (text main
 * copies is written to the page's clipboard) and `harness.notification` (a native notification
 * becomes the browser's, when the user allows them; clicking it opens what it is about).
 */
import { createBridge } from '../../src/shared/ipc/bridge'

type Listener = (event: string, payload: unknown) => void
const listeners = new Set<Listener>()

const stream = new EventSource('/__harness/events')
stream.onmessage = (message) => {
  let data: { event?: unknown; payload?: unknown }
  try {
    data = JSON.parse(message.data as string) as typeof data
  } catch {
    return
  }
  if (typeof data.event !== 'string') return
  if (data.event === 'harness.download') {
    const { url, fileName } = data.payload as { url: string; fileName: string }
    const link = document.createElement('a')
    link.href = url
    link.download = fileName
    document.body.append(link)
    link.click()
    link.remove()
    return
  }
  if (data.event === 'harness.openExternal') {
    window.open((data.payload as { url: string }).url, '_blank')
    return
  }
  if (data.event === 'harness.clipboard') {
    // refused when the page is not focused: the app's own toast still says what was copied
    void navigator.clipboard?.writeText((data.payload as { text: string }).text).catch(() => {})
    return
  }
  if (data.event === 'harness.notification') {
    showNotification(data.payload as { id: string; title: string; body: string })
    return
  }
  for (const listener of [...listeners]) listener(data.event, data.payload)
}

/** Shows a recorded notification with the browser's API; a click is reported back to the harness. */
function showNotification(notice: { id: string; title: string; body: string }): void {
  if (typeof Notification === 'undefined' || Notification.permission === 'denied') return
  if (Notification.permission === 'default') {
    void Notification.requestPermission().then((answer) => answer === 'granted' && showNotification(notice))
    return
  }
  const shown = new Notification(notice.title, { body: notice.body, tag: notice.id })
  shown.onclick = () => {
    window.focus()
    void fetch(`/__harness/notifications/${encodeURIComponent(notice.id)}/click`, { method: 'POST' })
  }
}

const bridge = createBridge(
  async (channel, input) => {
    const response = await fetch('/__harness/ipc', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel, input: input ?? null }),
    })
    return response.json()
  },
  (listener) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
)

Object.defineProperty(window, 'docket', {
  value: Object.freeze({ invoke: bridge.invoke, on: bridge.on }),
  writable: false,
  configurable: false,
})
