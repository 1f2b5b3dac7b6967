import { afterAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { createPreviewImages, previewImageHeaders } from '../app/documents/previewImages'
import { appPreviewUrl, createAppProtocolHandler, resolveAppFile } from './appProtocol'
import { CONTENT_SECURITY_POLICY } from './csp'

const root = mkdtempSync(join(tmpdir(), 'docket-app-'))
writeFileSync(join(root, 'index.html'), '<!doctype html><title>Docket</title>')
afterAll(() => rmSync(root, { recursive: true, force: true }))
const fetchFile = async (url: string) => new Response(await readFile(fileURLToPath(url)))

describe('app:// protocol', () => {
  it('serves the app page with the strict CSP and its MIME type', async () => {
    const handler = createAppProtocolHandler(root, fetchFile)
    const response = await handler(new Request('app://docket/index.html'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(await response.text()).toContain('<title>Docket</title>')
  })

  it('refuses paths that escape the renderer folder and other hosts', async () => {
    // URL parsing folds `..` and `%2e%2e` segments, so these stay inside the root
    expect(resolveAppFile('app://docket/../../etc/passwd', root)).toBe(join(root, 'etc/passwd'))
    expect(resolveAppFile('app://docket/%2e%2e/%2e%2e/etc/passwd', root)).toBe(join(root, 'etc/passwd'))
    // an encoded separator is decoded after parsing and must not escape
    expect(resolveAppFile('app://docket/x%2F..%2F..%2F..%2Fetc%2Fpasswd', root)).toBeNull()
    expect(resolveAppFile('app://other/index.html', root)).toBeNull()
    const handler = createAppProtocolHandler(root, fetchFile)
    expect((await handler(new Request('app://docket/a%2F..%2F..%2Fsecret'))).status).toBe(404)
    expect((await handler(new Request('app://docket/missing.js'))).status).toBe(404)
  })
})

describe('app:// cached preview images', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
  const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
  const cached = new Map<number, { contentType: string; bytes: Uint8Array }>([
    [7, { contentType: 'text/html', bytes: png }],
    [8, { contentType: 'image/png', bytes: svg }],
  ])
  const previews = createPreviewImages(() => ({ getPreview: async (id: number) => cached.get(id) ?? null }))
  const handler = createAppProtocolHandler(root, fetchFile, () => previews)

  it('serves a cached PNG at its app URL with the type of its bytes, nosniff and a CSP that lets nothing run', async () => {
    expect(appPreviewUrl(7, 'abc')).toBe('app://docket/cache/previews/7?v=abc')
    const response = await handler(new Request(appPreviewUrl(7, 'abc')))
    expect(response.status).toBe(200)
    // The same headers as the harness sends (pinned value by value in e2e/harness/previews.test.ts).
    expect(Object.fromEntries(response.headers)).toEqual(previewImageHeaders({ contentType: 'image/png' }))
    expect(previewImageHeaders({ contentType: 'image/png' })).toMatchObject({ 'x-content-type-options': 'nosniff' })
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(png)
  })

  it('answers 404 for an SVG preview, a document without one, a malformed id and other methods', async () => {
    for (const url of [
      'app://docket/cache/previews/8',
      'app://docket/cache/previews/9',
      'app://docket/cache/previews/07',
      'app://docket/cache/previews/7/x',
      'app://docket/cache/previews/%37',
      'app://docket/cache/previews/..%2F..%2Findex.html',
      'app://docket/cache/previews/',
    ]) {
      expect((await handler(new Request(url))).status, url).toBe(404)
    }
    expect((await handler(new Request(appPreviewUrl(7, 'v'), { method: 'POST' }))).status).toBe(404)
  })

  it('answers 404 when there is no workspace to read (signed out)', async () => {
    const signedOut = createAppProtocolHandler(root, fetchFile, () =>
      createPreviewImages(() => {
        throw Object.assign(new Error('Not signed in'), { code: 'not_signed_in' })
      }),
    )
    expect((await signedOut(new Request(appPreviewUrl(7, 'v')))).status).toBe(404)
  })
})

describe('the content security policy', () => {
  it('lets images come only from the app and its cached previews, never blob: or data:, in the header and in index.html', async () => {
    const imgSrc = (policy: string) =>
      policy
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('img-src'))
    expect(imgSrc(CONTENT_SECURITY_POLICY)).toBe("img-src 'self' app://docket/cache/previews/")
    const html = await readFile(join(import.meta.dirname, '../../renderer/index.html'), 'utf8')
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)![1]!
    expect(imgSrc(meta)).toBe(imgSrc(CONTENT_SECURITY_POLICY))
  })
})
