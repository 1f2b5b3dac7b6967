import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { existsSync } from 'node:fs'
import type { PdfRasterizer } from './rasterizer'

/**
 * PDF pages to PNG with poppler's `pdftoppm` (Debian: `apt-get install poppler-utils`). It runs
 * in a child process, so a large PDF does not hold up the sandbox's event loop.
 */

/** A render that takes longer than this is abandoned (the caller falls back to a drawn page). */
const TIMEOUT_MS = 30_000

/** The `pdftoppm` executable found on PATH, or null. */
export function findPdftoppm(path = process.env['PATH'] ?? ''): string | null {
  const names = process.platform === 'win32' ? ['pdftoppm.exe'] : ['pdftoppm']
  for (const dir of path.split(delimiter)) {
    if (!dir) continue
    for (const name of names) {
      const candidate = join(dir, name)
      if (existsSync(candidate)) return candidate
    }
  }
  return null
}

/** The pdftoppm rasterizer; `executable` defaults to the one on PATH (rejects per call when there is none). */
export function createPdftoppmRasterizer(executable: string | null = findPdftoppm()): PdfRasterizer {
  return {
    name: 'pdftoppm',
    async rasterize(pdf, dpi, maxPages) {
      if (!executable) throw new Error('pdftoppm is not installed (Debian: poppler-utils)')
      const dir = await mkdtemp(join(tmpdir(), 'docket-pdftoppm-'))
      try {
        const input = join(dir, 'in.pdf')
        await writeFile(input, pdf)
        await new Promise<void>((done, fail) => {
          execFile(
            executable,
            ['-r', String(dpi), '-png', '-f', '1', '-l', String(maxPages), input, join(dir, 'page')],
            { timeout: TIMEOUT_MS, windowsHide: true },
            (error, _stdout, stderr) =>
              error ? fail(new Error(`pdftoppm failed: ${stderr || error.message}`)) : done(),
          )
        })
        // Files are page-1.png or page-01.png (zero-padded to the page count's width): sort by number.
        const files = (await readdir(dir))
          .map((name) => ({ name, number: Number(/^page-(\d+)\.png$/.exec(name)?.[1]) }))
          .filter((file) => Number.isInteger(file.number))
          .sort((a, b) => a.number - b.number)
        if (files.length === 0) throw new Error('pdftoppm produced no page')
        return await Promise.all(files.map((file) => readFile(join(dir, file.name))))
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  }
}
