import { AuthError } from '../credentials/errors'
import { isAllowedServiceUrl } from '../../shared/api/serviceUrl'

/**
 * Wraps `shell.openExternal` for the system-browser sign-in (RFC 8252): only an https URL, or
 * http on a loopback host, is opened — after URL parsing, never by string prefix. Throws
 * AuthError `invalid_url` otherwise (nothing is opened).
 */
export function createSystemBrowserOpener(deps: {
  openExternal: (url: string) => Promise<void>
}): (url: string) => Promise<void> {
  return async (text) => {
    let url: URL
    try {
      url = new URL(text)
    } catch {
      throw new AuthError('invalid_url', 'The sign-in address is not a valid URL.')
    }
    if (!isAllowedServiceUrl(url) || url.username || url.password) {
      throw new AuthError('invalid_url', 'Docket opens only https addresses in the browser.')
    }
    await deps.openExternal(url.toString())
  }
}
