import { describe, expect, it } from 'vitest'
import {
  DIAGNOSTICS_LOG_LINES,
  formatDiagnostics,
  serviceUrlForDiagnostics,
  type DiagnosticsInput,
} from './diagnostics'

const base: DiagnosticsInput = {
  appName: 'Docket',
  appVersion: '0.3.1',
  electronVersion: '45.4.1',
  chromeVersion: '140.0.7339.41',
  os: { platform: 'linux', release: '6.1.0-18-amd64', arch: 'x64' },
  mode: 'account',
  serviceUrl: 'https://svc.example/api/v1',
  sync: {
    online: false,
    syncing: false,
    paused: false,
    lastSyncAt: '2026-11-03T09:00:00.000Z',
    lastError: { code: 'offline', message: 'The service cannot be reached.' },
  },
  outbox: { pending: 4, failed: 1 },
  updates: 'downloaded 0.3.2',
  logLines: ['[2026-11-03T09:00:00.000Z] [info]  Sync finished: 3 documents'],
  generatedAt: new Date('2026-11-03T10:00:00Z'),
}

describe('Copy diagnostics', () => {
  it('reports version, OS, service, sync status, outbox counts and the recent log', () => {
    expect(formatDiagnostics(base)).toBe(
      [
        'Docket diagnostics, 2026-11-03T10:00:00.000Z',
        'Version: 0.3.1 (Electron 45.4.1, Chrome 140.0.7339.41)',
        'OS: linux 6.1.0-18-amd64 x64',
        'Mode: account',
        'Service: https://svc.example/api/v1',
        'Sync: offline, idle, last sync 2026-11-03T09:00:00.000Z, last error offline: The service cannot be reached.',
        'Outbox: 4 pending, 1 failed',
        'Updates: downloaded 0.3.2',
        '',
        'Last 1 log lines:',
        '[2026-11-03T09:00:00.000Z] [info]  Sync finished: 3 documents',
      ].join('\n'),
    )
  })

  it('shows the service address without user name, password, query or fragment', () => {
    expect(serviceUrlForDiagnostics('https://bob:s3cret@svc.example:8443/api?access_token=abc#x')).toBe(
      'https://svc.example:8443/api',
    )
    expect(serviceUrlForDiagnostics('not a url with password=x')).toBe('(not a valid URL)')
    expect(serviceUrlForDiagnostics(null)).toBe('none')
  })

  it('keeps only the last 200 log lines', () => {
    const logLines = Array.from({ length: 250 }, (_, i) => `line ${i}`)
    const text = formatDiagnostics({ ...base, logLines })
    expect(text).toContain(`Last ${DIAGNOSTICS_LOG_LINES} log lines:`)
    expect(text).not.toContain('line 49\n')
    expect(text.endsWith('line 249')).toBe(true)
  })

  it('carries no secret or payload that reached an input by mistake', () => {
    const text = formatDiagnostics({
      ...base,
      serviceUrl: 'https://user:pa55word@svc.example/?client_secret=cs-123456',
      sync: { ...base.sync!, lastError: { code: 'unauthorized', message: 'Bearer abc.def.ghi refused' } },
      logLines: ['GET /documents?access_token=at-987654', 'body {"supplier":"Secret Supplier s.r.o."}'],
    })
    for (const secret of ['pa55word', 'cs-123456', 'abc.def.ghi', 'at-987654', 'Secret Supplier']) {
      expect(text).not.toContain(secret)
    }
  })

  it('says unknown or signed out where an input is missing', () => {
    const text = formatDiagnostics({
      ...base,
      mode: null,
      serviceUrl: null,
      sync: null,
      outbox: null,
      updates: undefined,
    })
    expect(text).toContain('Mode: signed out\nService: none\nSync: unknown\nOutbox: unknown\n\n')
  })
})
