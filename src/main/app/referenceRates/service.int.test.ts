import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../sandbox'
import { STATE_FILE_NAME } from '../../ecbRates'
import { EventBus } from '../eventBus'
import { createReferenceRatesService } from './service'

let dir: string
let sandbox: Sandbox

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docket-rates-sandbox-'))
  sandbox = await startSandbox({ port: 0, documents: 0, prerenderPreviews: false })
})
afterEach(async () => {
  await sandbox.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the reference rates against the local sandbox', () => {
  it("come from the sandbox's stand-in, never the ECB, while the service is on a loopback address, and stay off disk", async () => {
    const bus = new EventBus(() => undefined)
    const rates = createReferenceRatesService({
      userDataDir: dir,
      serviceUrl: () => sandbox.url,
      now: () => new Date(2026, 10, 24, 10, 0),
      subscribe: (listener) => bus.connect(listener),
      emit: (event, payload) => bus.emit(event, payload),
    })
    rates.setEnabled(true)
    expect(await rates.update()).toEqual({ kind: 'updated', added: 5, newestDay: '2025-05-16', saved: true })
    expect(rates.status()).toMatchObject({ source: 'sandbox', newestDay: '2025-05-16', lastError: null })
    expect(sandbox.stats().byRoute['GET /_sandbox/ecb/eurofxref-hist.xml']).toBe(1)
    expect(existsSync(join(dir, STATE_FILE_NAME))).toBe(false)
    await rates.close()
  })
})
