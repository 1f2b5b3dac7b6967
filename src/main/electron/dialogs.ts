import electron from 'electron'
import type { BrowserWindow, Dialog, SaveDialogOptions, Shell } from 'electron'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import type { FileHost } from '../app/ports'
import { checkFileToOpen, checkFileToSave, writableOrThrow, type WritableFile } from '../../shared/files/fileToWrite'

/** The file-system calls the adapter makes (node:fs/promises in the app; fakes in tests). */
export interface FileSystem {
  /** `flag: 'wx'` fails with EEXIST instead of replacing a file. */
  writeFile(path: string, bytes: Uint8Array, options?: { flag: 'wx' }): Promise<void>
  mkdtemp(prefix: string): Promise<string>
  mkdir(path: string, options: { recursive: true }): Promise<unknown>
  rm(path: string, options: { recursive: true; force: true }): Promise<void>
}

export interface ElectronFileHostDeps {
  /** The window the save dialog belongs to (modal on it); null -> a free dialog. */
  getWindow: () => BrowserWindow | null
  /** Electron's `dialog` (defaults to the real one). */
  dialog?: Pick<Dialog, 'showSaveDialog'>
  /** Electron's `shell` (defaults to the real one). */
  shell?: Pick<Shell, 'openPath'>
  fs?: FileSystem
  /** Where the temporary folder for "Open" goes (defaults to the OS temp folder). */
  tmpRoot?: string
  /** `process.platform` (default): on `win32` written files get the Mark of the Web. */
  platform?: NodeJS.Platform
}

/** A failure of the host's file operations; `code` is `io` (the FileHost contract). */
export class FileHostError extends Error {
  override readonly name = 'FileHostError'
  readonly code = 'io'
}

/**
 * The Windows "Mark of the Web" (an NTFS alternate data stream, as browsers write on
 * downloads): readers open such files in their protected mode and Windows warns before
 * running them. Zone 3 is the Internet zone: the bytes came from the service.
 */
const MARK_OF_THE_WEB = new TextEncoder().encode('[ZoneTransfer]\r\nZoneId=3\r\n')

/** The Electron FileHost plus `cleanup()`, which removes the temporary files of "Open" (call on quit). */
export interface ElectronFileHost extends FileHost {
  cleanup(): Promise<void>
}

const nodeFs: FileSystem = {
  writeFile: (path, bytes, options) => writeFile(path, bytes, options),
  mkdtemp: (prefix) => mkdtemp(prefix),
  mkdir: (path, options) => mkdir(path, options),
  rm: (path, options) => rm(path, options),
}

function reason(error: unknown): string {
  const code = (error as { code?: unknown })?.code
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied'
  if (code === 'ENOSPC') return 'the disk is full'
  if (code === 'ENOENT') return 'the folder does not exist'
  if (code === 'EROFS') return 'the disk is read-only'
  if (code === 'EEXIST') return 'a file with that name already exists'
  return error instanceof Error ? error.message : String(error)
}

/** `path` with the content's extension: kept when it already has one of them, else added. */
function withExtension(path: string, file: WritableFile): { path: string; added: boolean } {
  const own = extname(path).slice(1).toLowerCase()
  return file.extensions.includes(own) ? { path, added: false } : { path: `${path}.${file.extensions[0]}`, added: true }
}

/**
 * The Electron {@link FileHost}: `saveFile` shows the native save dialog (modal on the main
 * window) and writes the bytes; `openWithSystemViewer` writes them to a private temporary
 * folder of this session and opens them with `shell.openPath`.
 *
 * Only content that passed the checks of src/shared/files/fileToWrite.ts is written or
 * opened: a PDF, PNG, JPEG or TIFF recognised by its magic bytes, named with a safe name and
 * the extension of those bytes (whatever name and MIME type the service gave); a save of an
 * `export` only as the app's own CSV/JSON text. The save dialog offers that type only, and a path
 * chosen without its extension gets it added (never replacing an existing file). On Windows
 * written files carry the Mark of the Web. Errors: `UnsupportedFileError` (code
 * `unsupported_type`) before anything is written or opened; `FileHostError` (code `io`) when
 * writing fails or the system cannot open the file.
 */
export function createElectronFileHost(deps: ElectronFileHostDeps): ElectronFileHost {
  const dialog = () => deps.dialog ?? electron.dialog
  const shell = () => deps.shell ?? electron.shell
  const fs = deps.fs ?? nodeFs
  const platform = deps.platform ?? process.platform
  let tempDir: Promise<string> | null = null
  let counter = 0

  const sessionTempDir = (): Promise<string> => {
    tempDir ??= fs.mkdtemp(join(deps.tmpRoot ?? tmpdir(), 'docket-open-')).catch((error: unknown) => {
      tempDir = null
      throw error
    })
    return tempDir
  }

  /** Best effort: a file system without alternate streams (FAT, a network share) just has no mark. */
  const markFromTheWeb = async (path: string): Promise<void> => {
    if (platform !== 'win32') return
    await fs.writeFile(`${path}:Zone.Identifier`, MARK_OF_THE_WEB).catch(() => undefined)
  }

  return {
    async saveFile(file) {
      const checked = writableOrThrow(
        checkFileToSave({ kind: file.kind, fileName: file.suggestedName, mimeType: file.mimeType, bytes: file.bytes }),
      )
      const options: SaveDialogOptions = {
        defaultPath: checked.fileName,
        filters: [{ name: checked.label, extensions: [...checked.extensions] }],
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      }
      const window = deps.getWindow()
      const choice = window ? await dialog().showSaveDialog(window, options) : await dialog().showSaveDialog(options)
      if (choice.canceled || !choice.filePath) return { saved: false }
      const target = withExtension(choice.filePath, checked)
      try {
        // The dialog confirmed overwriting the path it showed, not the one with an added extension.
        if (target.added) await fs.writeFile(target.path, file.bytes, { flag: 'wx' })
        else await fs.writeFile(target.path, file.bytes)
      } catch (error) {
        throw new FileHostError(`Could not save ${checked.fileName}: ${reason(error)}.`)
      }
      if (checked.kind !== 'export') await markFromTheWeb(target.path)
      return { saved: true, path: target.path }
    },

    async openWithSystemViewer(file) {
      const checked = writableOrThrow(
        checkFileToOpen({ fileName: file.fileName, mimeType: file.mimeType, bytes: file.bytes }),
      )
      let path: string
      try {
        // A folder per file keeps the name (the viewer shows it) without collisions.
        const dir = join(await sessionTempDir(), String(++counter))
        await fs.mkdir(dir, { recursive: true })
        path = join(dir, checked.fileName)
        await fs.writeFile(path, file.bytes)
      } catch (error) {
        throw new FileHostError(`Could not prepare ${checked.fileName} for viewing: ${reason(error)}.`)
      }
      await markFromTheWeb(path)
      const failure = await shell().openPath(path)
      if (failure) throw new FileHostError(`The system could not open ${checked.fileName}: ${failure}`)
    },

    async cleanup() {
      const dir = tempDir
      tempDir = null
      if (dir) await fs.rm(await dir, { recursive: true, force: true }).catch(() => undefined)
    },
  }
}
