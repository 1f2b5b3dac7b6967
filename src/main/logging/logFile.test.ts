import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import electronLog from 'electron-log/node'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createFileLogger, type FileLoggerOptions } from './logFile'

let counter = 0
/** A logger with its own electron-log instance and folder, and a clock the test moves. */
function setup(options: Partial<FileLoggerOptions> = {}) {
  const logsDir = mkdtempSync(join(tmpdir(), 'docket-logs-'))
  onTestFinished(() => rmSync(logsDir, { recursive: true, force: true }))
  const clock = { now: new Date('2026-11-03T09:00:00Z') }
  const logger = createFileLogger({
    logsDir,
    now: () => clock.now,
    instance: electronLog.create({ logId: `test-${++counter}` }),
    ...options,
  })
  const read = (name = 'docket-2026-11-03.log') => readFileSync(join(logsDir, name), 'utf8')
  return { logsDir, clock, logger, read }
}

const SECRETS = {
  accessToken: 'at-7Hq2LrV9xYz',
  refreshToken: 'rt-Kp4Wm8Nc3Qs',
  clientSecret: 'cs-Zb6Jd1Fg5Hk',
  password: 'hunter2-Passw0rd',
  bearer: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
}
const INVOICE = { supplier: 'Azure Interior Secret s.r.o.', iban: 'CZ6508000000192000145399', total: '12 345.67' }

describe('log file', () => {
  it('writes one file a day, named by the UTC date, in the logs folder', () => {
    const { logsDir, clock, logger, read } = setup()
    logger.info('Sync finished: 3 documents')
    clock.now = new Date('2026-11-04T00:00:01Z')
    logger.info('Sync finished: 1 document')
    expect(readdirSync(logsDir).sort()).toEqual(['docket-2026-11-03.log', 'docket-2026-11-04.log'])
    expect(read()).toMatch(/^\[\d{4}-\d{2}-\d{2}T[\d:.]+Z\] \[info\] +Sync finished: 3 documents\n$/)
    expect(read('docket-2026-11-04.log')).toContain('Sync finished: 1 document')
  })

  it('keeps the levels: info and above by default, debug only when asked', () => {
    const quiet = setup()
    quiet.logger.debug('page 3 of 9')
    quiet.logger.warn('Retrying in 30 s')
    quiet.logger.error('Upload failed: offline')
    expect(quiet.read()).not.toContain('page 3 of 9')
    expect(quiet.read()).toContain('[warn]  Retrying in 30 s')
    expect(quiet.read()).toContain('[error] Upload failed: offline')
    const verbose = setup({ level: 'debug' })
    verbose.logger.debug('page 3 of 9')
    expect(verbose.read()).toContain('[debug] page 3 of 9')
  })

  it('rotates a day file out past the size limit', () => {
    const { logsDir, logger } = setup({ maxFileBytes: 200 })
    for (let i = 0; i < 10; i++) logger.info(`line ${i} ${'x'.repeat(40)}`)
    expect(readdirSync(logsDir).sort()).toEqual(['docket-2026-11-03.log', 'docket-2026-11-03.old.log'])
    expect(statSync(join(logsDir, 'docket-2026-11-03.log')).size).toBeLessThan(400)
  })

  it('creates the file readable by the user only', () => {
    const { logsDir, logger } = setup()
    logger.info('hello')
    expect(statSync(join(logsDir, 'docket-2026-11-03.log')).mode & 0o077).toBe(0)
  })

  it('never lets a token, a client secret, a password, a Bearer header or a refresh token in a URL reach the file', () => {
    const { logger, read } = setup({ level: 'debug' })
    logger.info(`POST https://svc.example/oauth/token?grant_type=refresh_token&refresh_token=${SECRETS.refreshToken}`)
    logger.info(`GET https://svc.example/api/documents?access_token=${SECRETS.accessToken}&page=2`)
    logger.warn(`Request headers: Authorization: Bearer ${SECRETS.bearer}`)
    logger.error(`Token answer: {"access_token":"${SECRETS.accessToken}","refresh_token":"${SECRETS.refreshToken}"}`)
    logger.debug(`form: client_id=docket&client_secret=${SECRETS.clientSecret}&password=${SECRETS.password}`)
    const error = new Error(`refused: refresh_token=${SECRETS.refreshToken}`)
    ;(logger.error as (...values: unknown[]) => void)('Sign-in failed', error, { password: SECRETS.password })
    const text = read()
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret)
    expect(text).toContain('POST https://svc.example/oauth/token?grant_type=refresh_token&refresh_token=[REDACTED]')
    expect(text).toContain('Authorization: Bearer [REDACTED]')
    expect(text).toContain('Sign-in failed Error: refused: refresh_token=[REDACTED]')
    expect(text).toContain('Token answer: [payload omitted]')
    expect(text).toMatch(/Sign-in failed Error: .*\n\s+at .*\n(.|\n)*\[object omitted\]/)
  })

  it('never writes invoice content: objects are omitted and serialised payloads cut out', () => {
    const { logger, read } = setup()
    ;(logger.info as (...values: unknown[]) => void)('Saved document 42', { data: INVOICE })
    logger.info(`Pulled document 43: ${JSON.stringify({ id: 43, data: { header: INVOICE } })} in 120 ms`)
    logger.info(`Service said 422: {"errors":{"supplier":["${INVOICE.supplier} is not valid"]}`)
    const text = read()
    for (const value of Object.values(INVOICE)) expect(text).not.toContain(value)
    expect(text).toContain('Saved document 42 [object omitted]')
    expect(text).toContain('Pulled document 43: [payload omitted] in 120 ms')
  })

  it('deletes files past the retention period at start, and only Docket log files', async () => {
    const { logsDir, logger } = setup()
    for (const name of ['docket-2026-10-01.log', 'docket-2026-10-01.old.log', 'docket-2026-10-25.log', 'notes.txt'])
      writeFileSync(join(logsDir, name), 'x\n')
    expect((await logger.pruneOldFiles()).sort()).toEqual(['docket-2026-10-01.log', 'docket-2026-10-01.old.log'])
    expect(readdirSync(logsDir).sort()).toEqual(['docket-2026-10-25.log', 'notes.txt'])
  })
})
