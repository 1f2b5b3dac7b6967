import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
// electron-builder's own loader and schema check (app-builder-lib ships with electron-builder):
// the test reads electron-builder.yml exactly as packaging does, so a misspelt key fails here.
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config'

const projectRoot = join(import.meta.dirname, '../../..')
const load = () => getConfig(projectRoot, join(projectRoot, 'electron-builder.yml'), null)
const quietLogger = { isEnabled: false, add: () => undefined } as unknown as Parameters<typeof validateConfiguration>[1]

describe('packaged binary: Electron fuses', () => {
  it('turns off running as Node, NODE_OPTIONS and the inspector; loads only the checked app.asar; encrypts cookies; no file:// privileges', async () => {
    const config = await load()
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    })
  })

  it('is a configuration electron-builder accepts (its schema refuses unknown fuse names)', async () => {
    const config = await load()
    await expect(validateConfiguration(config, quietLogger)).resolves.toBeUndefined()
    const misspelt = { ...config, electronFuses: { ...config.electronFuses, runAsNod: false } }
    await expect(validateConfiguration(misspelt as typeof config, quietLogger)).rejects.toThrow(/electronFuses/)
  })

  it('keeps the app in an asar archive, which the integrity fuse checks', async () => {
    const config = await load()
    expect(config.asar ?? true).not.toBe(false)
  })
})
