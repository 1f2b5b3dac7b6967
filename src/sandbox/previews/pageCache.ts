import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Rendered pages kept on disk, keyed by the PDF's content hash with the renderer and
 * resolution, so the demo invoices are rasterised once per machine rather than on every start.
 * Layout: `<key>.json` (`{ "pages": N }`, written last), `<key>-p<n>.png` per page and
 * `<key>-sheet.png` (every page stacked; absent for one page). A missing or partial entry is a
 * miss; write failures are reported to the caller, never thrown at a request.
 */

/** The rendered form of one PDF: its pages and the stacked sheet (the first page when there is one). */
export interface RenderedPages {
  pages: Buffer[]
  sheet: Buffer
}

/** Where previews are cached unless told otherwise: `<OS temp>/docket-sandbox-previews`. */
export function defaultPreviewCacheDir(): string {
  return join(tmpdir(), 'docket-sandbox-previews')
}

/** Bumped when the rendering changes in a way old cache entries must not be reused for. */
const FORMAT = 1

export class PageCache {
  constructor(private readonly dir: string) {}

  /** The entry name of a PDF: `<sha256 hex>-<renderer>-<dpi>dpi-v<format>`. */
  key(hash: string, renderer: string, dpi: number): string {
    return `${hash}-${renderer}-${dpi}dpi-v${FORMAT}`
  }

  /** The cached pages of `key`, or null on a miss (absent, partial or unreadable entry). */
  async get(key: string): Promise<RenderedPages | null> {
    try {
      const manifest = JSON.parse(await readFile(join(this.dir, `${key}.json`), 'utf8')) as { pages?: unknown }
      const count = manifest.pages
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) return null
      const pages = await Promise.all(
        Array.from({ length: count }, (_, i) => readFile(join(this.dir, `${key}-p${i + 1}.png`))),
      )
      const sheet = count === 1 ? pages[0]! : await readFile(join(this.dir, `${key}-sheet.png`))
      return { pages, sheet }
    } catch {
      return null
    }
  }

  /**
   * Stores an entry. Each file is written under a temporary name and renamed, and the
   * manifest comes last, so a reader (another sandbox process sharing the folder) never sees
   * half an entry. Rejects when the folder cannot be written.
   */
  async put(key: string, rendered: RenderedPages): Promise<void> {
    await mkdir(this.dir, { recursive: true })
    const write = async (name: string, data: Buffer | string) => {
      const temporary = join(this.dir, `${name}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`)
      await writeFile(temporary, data)
      await rename(temporary, join(this.dir, name))
    }
    await Promise.all(rendered.pages.map((page, i) => write(`${key}-p${i + 1}.png`, page)))
    if (rendered.pages.length > 1) await write(`${key}-sheet.png`, rendered.sheet)
    await write(`${key}.json`, JSON.stringify({ pages: rendered.pages.length }))
  }
}
