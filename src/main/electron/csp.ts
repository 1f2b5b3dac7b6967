/**
 * The Content Security Policy of the app's pages, sent as a header by the app protocol and
 * repeated in index.html. Scripts only from the app itself; images only from the app and its
 * cached previews (`app://docket/cache/previews/`, named for the dev server's page, whose
 * `'self'` is the dev server), never `blob:` or `data:`; no plugins, no framing, no form posts.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' app://docket/cache/previews/",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')
