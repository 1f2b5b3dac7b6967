import { isLoopbackHost } from '../../shared/api/serviceUrl'

/**
 * Where the app's own pages live. Packaged and `npm start` builds are served from the
 * privileged `app://docket/` scheme (see appProtocol.ts); `npm run dev` serves them from the
 * electron-vite dev server on loopback.
 */
export const APP_SCHEME = 'app'
export const APP_HOST = 'docket'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`

/**
 * True when `url` is one of the app's own pages: the `app://docket` origin, or the origin of
 * the dev server (`devServerUrl`, loopback only). Anything unparsable is not.
 */
export function isAppUrl(url: string, devServerUrl?: string): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST) return true
  if (devServerUrl) {
    try {
      const dev = new URL(devServerUrl)
      return isLoopbackHost(dev.hostname) && parsed.origin === dev.origin
    } catch {
      return false
    }
  }
  return false
}

/**
 * True when a link may be handed to the system browser: a well-formed `https:` URL with a
 * host and no credentials in it.
 */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' && parsed.hostname.length > 0 && !parsed.username && !parsed.password
  } catch {
    return false
  }
}
