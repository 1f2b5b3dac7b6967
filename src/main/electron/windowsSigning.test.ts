import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
// electron-builder's own loader (app-builder-lib ships with electron-builder): the file as packaging reads it.
import { getConfig } from 'app-builder-lib/out/util/config/config'

const projectRoot = join(import.meta.dirname, '../../..')

describe('packaged Windows build: update signature', () => {
  it('names the publisher whose signature an update must carry, and keeps the check on', async () => {
    const config = await getConfig(projectRoot, join(projectRoot, 'electron-builder.yml'), null)
    // Without a publisher name electron-updater skips the signature check of a Windows update.
    expect(config.win?.signtoolOptions?.publisherName).toBe('Docket')
    expect(config.win?.verifyUpdateCodeSignature).toBe(true)
  })
})
