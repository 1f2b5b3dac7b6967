/**
 * The security scan (Electron hardening checked by a tool) must be able to fail:
 * a weakened window is caught through the probe, an unexplained finding fails, and the
 * project as it is passes.
 */
import { describe, expect, it } from 'vitest'
import { captureWindows } from './windowProbe'
import { electronVersionOf, judge, passes, projectRoot, scanProject, scanWindows, type Finding } from './scan'

const finding = (over: Partial<Finding> = {}): Finding => ({
  id: 'OPEN_EXTERNAL_JS_CHECK',
  severity: 'MEDIUM',
  confidence: 'TENTATIVE',
  file: 'src/x.ts',
  line: 1,
  column: 0,
  sample: 'shell.openExternal(url)',
  description: '',
  url: '',
  ...over,
})

describe('security scan', () => {
  it('captures the options the real window factories pass (main and login)', () => {
    const windows = captureWindows()
    expect(windows.map((w) => w.name)).toEqual(['main', 'login'])
    for (const window of windows) {
      expect(window.options.webPreferences).toMatchObject({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
      })
    }
  })

  it('catches a weakened window through the probe (the tool is not blind to the factories)', async () => {
    const version = await electronVersionOf(projectRoot)
    const findings = await scanWindows(
      [
        {
          name: 'weak',
          options: {
            webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false, webSecurity: false },
          },
        },
      ],
      version,
    )
    const high = findings.filter((f) => f.severity === 'HIGH').map((f) => f.id)
    expect(high).toContain('CONTEXT_ISOLATION_JS_CHECK')
    expect(findings.map((f) => f.id)).toEqual(expect.arrayContaining(['SANDBOX_JS_CHECK', 'WEB_SECURITY_JS_CHECK']))
    expect(findings.every((f) => f.file === 'probe:weak')).toBe(true)
    expect(passes(judge(findings, [], [], ''))).toBe(false)
  }, 60_000)

  it('fails on an unexplained finding, an entry SECURITY.md does not explain, or an unparsed file', () => {
    const entry = { id: 'OPEN_EXTERNAL_JS_CHECK', file: 'src/x.ts', sample: 'openExternal(url)', reason: 'checked URL' }
    const documented = 'OPEN_EXTERNAL_JS_CHECK in src/x.ts: ...'
    expect(passes(judge([finding()], [], [entry], documented))).toBe(true)
    expect(passes(judge([finding({ file: 'src/y.ts' })], [], [entry], documented))).toBe(false)
    expect(passes(judge([finding({ sample: 'shell.openExternal(other)' })], [], [entry], documented))).toBe(false)
    expect(passes(judge([finding()], [], [entry], 'nothing here'))).toBe(false)
    expect(passes(judge([finding()], [{ file: 'src/z.ts', message: 'Unexpected token' }], [entry], documented))).toBe(
      false,
    )
    // Low and informational findings are reported, not gated.
    expect(passes(judge([finding({ severity: 'LOW', file: 'src/other.ts' })], [], [], ''))).toBe(true)
    // An entry with no finding any more is stale, reported but not fatal.
    expect(judge([], [], [entry], documented).stale).toEqual([entry])
  })

  it('passes on the project: every high or medium finding is explained in SECURITY.md', async () => {
    const report = await scanProject()
    const unexplained = report.gated
      .filter((g) => !g.entry)
      .map((g) => `${g.finding.id} ${g.finding.file}:${g.finding.line}`)
    expect(unexplained).toEqual([])
    expect(report.undocumented).toEqual([])
    expect(report.parseErrors).toEqual([])
  }, 120_000)
})
