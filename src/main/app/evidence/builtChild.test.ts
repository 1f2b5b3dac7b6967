import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer'
import { forkNodeChild } from './childLauncher'
import { builtEvidenceChild, EVIDENCE_CHILD_FILE, ProcessEvidenceReader } from './evidenceProcess'

/**
 * The evidence child as the app ships it: `electron-vite build` (the build `npm run build`
 * makes, here into a folder of its own under out/ so a build others use is left alone) emits
 * it beside the main bundle, and started as a process of its own it reads a PDF with pdf.js
 * and a QR code with zxing's WebAssembly, both resolved from node_modules at run time, with
 * no TypeScript loader.
 */

const root = join(import.meta.dirname, '../../../..')
const outDir = join(root, 'out', `.evidence-child-test-${process.pid}`)
const mainDir = join(outDir, 'main')
let reader: ProcessEvidenceReader | null = null

beforeAll(() => {
  const cli = join(root, 'node_modules/electron-vite/bin/electron-vite.js')
  const built = spawnSync(process.execPath, [cli, 'build', '--outDir', outDir, '--logLevel', 'error'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: '/nonexistent-electron' },
  })
  if (built.status !== 0) throw new Error(`electron-vite build failed: ${built.stderr || built.stdout}`)
}, 180_000)
afterAll(async () => {
  await reader?.close()
  await rm(outDir, { recursive: true, force: true })
})

async function spaydQr(text: string): Promise<Uint8Array> {
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm'))
  prepareZXingModule({
    overrides: {
      instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
        void WebAssembly.instantiate(wasm, imports).then(({ instance }) => done(instance))
        return {}
      },
    },
  })
  const written = await writeBarcode(text, { format: 'QRCode', scale: 4 })
  return new Uint8Array(await written.image!.arrayBuffer())
}

describe('the built evidence child', () => {
  it('is emitted beside the main bundle', () => {
    expect(existsSync(join(mainDir, EVIDENCE_CHILD_FILE))).toBe(true)
    expect(builtEvidenceChild(mainDir).entry).toBe(join(mainDir, EVIDENCE_CHILD_FILE))
  })

  it('reads a Factur-X invoice (text layer and embedded e-invoice) and a payment QR code, without tsx', async () => {
    const entry = builtEvidenceChild(mainDir)
    expect(entry.execArgv).toBeUndefined()
    reader = new ProcessEvidenceReader({ ...entry, launch: forkNodeChild, timeoutMs: 60_000 })
    const pdf = readFileSync(join(root, 'resources/test-fixtures/facturx/EN16931_Einfach.pdf'))
    const reading = await reader.readPdf(new Uint8Array(pdf))
    expect(reading.pages.length).toBeGreaterThan(0)
    expect(reading.pages[0]).toMatchObject({ source: 'text' })
    expect(reading.words.some((word) => word.text.includes('471102'))).toBe(true)
    expect(reading.einvoice).toMatchObject({ format: 'cii', invoice_no: '471102' })

    const qr = await spaydQr('SPD*1.0*ACC:CZ6508000000192000145399*AM:480.50*CC:CZK*X-VS:2024001')
    const { payments } = await reader.readQr(qr, 1)
    expect(payments).toEqual([
      expect.objectContaining({ kind: 'spayd', iban: 'CZ6508000000192000145399', amount: 480.5 }),
    ])
  }, 60_000)
})
