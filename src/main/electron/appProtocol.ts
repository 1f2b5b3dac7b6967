import { extname, relative, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  parsePreviewDocumentId,
  previewImageHeaders,
  type PreviewImages,
  type PreviewUrlOf,
} from '../app/documents/previewImages'
import { APP_HOST, APP_ORIGIN, APP_SCHEME } from './appUrl'
import { CONTENT_SECURITY_POLICY } from './csp'

/** The privileged-scheme declaration; must be passed to `protocol.registerSchemesAsPrivileged` before `ready`. */
export const appSchemePrivileges = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
}

const mimeTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
}

/**
 * Maps an `app://docket/<path>` request to a file under `rootDir`, or null when the URL is
 * not the app's or escapes the root (`..`, encoded separators).
 */
export function resolveAppFile(requestUrl: string, rootDir: string): string | null {
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return null
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null
  let pathname: string
  try {
    pathname = decodeURIComponent(url.pathname)
  } catch {
    return null
  }
  if (pathname.includes('\0')) return null
  const root = resolve(rootDir)
  const file = resolve(root, '.' + (pathname === '/' ? '/index.html' : pathname))
  const rel = relative(root, file)
  if (rel.startsWith('..') || rel.includes(`..${sep}`) || resolve(root, rel) !== file) return null
  return file
}

/** Where cached preview images are served: `app://docket/cache/previews/<document id>?v=<version>`. */
export const PREVIEW_PATH = '/cache/previews/'

/** The app-protocol URL of a document's cached preview image (what `documents.preview` answers in Electron). */
export const appPreviewUrl: PreviewUrlOf = (documentId, version) =>
  `${APP_ORIGIN}${PREVIEW_PATH}${documentId}?v=${encodeURIComponent(version)}`

/** The document id of an `app://docket/cache/previews/<id>` request, or null for any other URL. */
function previewRequestId(requestUrl: string): number | null {
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return null
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || !url.pathname.startsWith(PREVIEW_PATH)) return null
  // The raw path: an encoded or extra segment is not an id.
  return parsePreviewDocumentId(url.pathname.slice(PREVIEW_PATH.length))
}

const notFound = () => new Response('Not found', { status: 404 })

/**
 * Handler for `protocol.handle('app', ...)`: serves the built renderer from `rootDir` with
 * the strict CSP header, 404 for anything outside it. `fetchFile` is `net.fetch` in Electron.
 * `previews` (called per request: the images of the current account) serves the cached
 * preview images at {@link PREVIEW_PATH} to GET requests: PNG or JPEG only, with the type
 * their bytes were recognised as, `nosniff` and a CSP that lets nothing run; 404 for anything
 * else (no preview, another kind of file, a malformed id).
 */
export function createAppProtocolHandler(
  rootDir: string,
  fetchFile: (fileUrl: string) => Promise<Response>,
  previews?: () => PreviewImages,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (previews && new URL(request.url).pathname.startsWith(PREVIEW_PATH)) {
      const id = previewRequestId(request.url)
      if (id === null || request.method !== 'GET') return notFound()
      try {
        const image = await previews().image(id)
        if (!image) return notFound()
        return new Response(image.bytes as Uint8Array<ArrayBuffer>, {
          status: 200,
          headers: previewImageHeaders(image),
        })
      } catch {
        // Signed out, the workspace closing: there is no preview to show.
        return notFound()
      }
    }
    const file = resolveAppFile(request.url, rootDir)
    if (!file) return new Response('Not found', { status: 404 })
    let response: Response
    try {
      response = await fetchFile(pathToFileURL(file).toString())
    } catch {
      return new Response('Not found', { status: 404 })
    }
    if (!response.ok) return new Response('Not found', { status: 404 })
    const headers = new Headers()
    headers.set('Content-Type', mimeTypes[extname(file).toLowerCase()] ?? 'application/octet-stream')
    headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    headers.set('X-Content-Type-Options', 'nosniff')
    return new Response(response.body, { status: 200, headers })
  }
}
