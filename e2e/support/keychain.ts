import { KeytarCredentialStore } from '../../src/main/credentials/keytarStore'

/**
 * True when a Secret Service answers (keytar works): `npm test` starts one on Linux
 * (scripts/with-keyring.mjs); macOS and Windows have their keychains.
 */
export async function keychainAvailable(): Promise<boolean> {
  try {
    await new KeytarCredentialStore({ service: 'Docket (e2e probe)' }).probe()
    return true
  } catch {
    return false
  }
}
