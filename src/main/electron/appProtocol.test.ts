import { describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { createAppProtocolHandler, resolveAppFile } from './appProtocol'

const root = mkdtempSync(join(tmpdir(), 'docket-app-'))
writeFileSync(join(root, 'index.html'), '<!doctype html><title>Docket</title>')
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
