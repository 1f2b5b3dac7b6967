import electron from 'electron'
import type { BrowserWindow, Dialog, SaveDialogOptions, Shell } from 'electron'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FileHost } from '../app/ports'

/** The file-system calls the adapter makes (node:fs/promises in the app; fakes in tests). */
export interface FileSystem {
  writeFile(path: string, bytes: Uint8Array): Promise<void>
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
}

/** A failure of the host's file operations; `code` is `io` (the FileHost contract). */
export class FileHostError extends Error {
  override readonly name = 'FileHostError'
  readonly code = 'io'
}

/** The Electron FileHost plus `cleanup()`, which removes the temporary files of "Open" (call on quit). */
export interface ElectronFileHost extends FileHost {
  cleanup(): Promise<void>
}

const nodeFs: FileSystem = {
  writeFile: (path, bytes) => writeFile(path, bytes),
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
  return error instanceof Error ? error.message : String(error)
}

/**
 * The Electron {@link FileHost} (issue 7 "Export", "Original file"): `saveFile` shows the
 * native save dialog (modal on the main window) with the suggested name and filters, then
 * writes the bytes; `openWithSystemViewer` writes the bytes to a private temporary folder
 * of this session and opens them with `shell.openPath`. Errors: `FileHostError` (code `io`)
 * when writing fails or the system cannot open the file.
 */
export function createElectronFileHost(deps: ElectronFileHostDeps): ElectronFileHost {
  const dialog = () => deps.dialog ?? electron.dialog
  const shell = () => deps.shell ?? electron.shell
  const fs = deps.fs ?? nodeFs
  let tempDir: Promise<string> | null = null
  let counter = 0

  const sessionTempDir = (): Promise<string> => {
    tempDir ??= fs.mkdtemp(join(deps.tmpRoot ?? tmpdir(), 'docket-open-')).catch((error: unknown) => {
      tempDir = null
      throw error
    })
    return tempDir
  }

  return {
    async saveFile(file) {
      const options: SaveDialogOptions = {
        defaultPath: file.suggestedName,
        ...(file.filters ? { filters: [...file.filters, { name: 'All files', extensions: ['*'] }] } : {}),
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      }
      const window = deps.getWindow()
      const choice = window ? await dialog().showSaveDialog(window, options) : await dialog().showSaveDialog(options)
      if (choice.canceled || !choice.filePath) return { saved: false }
      try {
        await fs.writeFile(choice.filePath, file.bytes)
      } catch (error) {
        throw new FileHostError(`Could not save ${file.suggestedName}: ${reason(error)}.`)
      }
      return { saved: true, path: choice.filePath }
    },

    async openWithSystemViewer(file) {
      let path: string
      try {
        // A folder per file keeps the original name (the viewer shows it) without collisions.
        const dir = join(await sessionTempDir(), String(++counter))
        await fs.mkdir(dir, { recursive: true })
        path = join(dir, file.fileName.split(/[\\/]/).pop() || 'document')
        await fs.writeFile(path, file.bytes)
      } catch (error) {
        throw new FileHostError(`Could not prepare ${file.fileName} for viewing: ${reason(error)}.`)
      }
      const failure = await shell().openPath(path)
      if (failure) throw new FileHostError(`The system could not open ${file.fileName}: ${failure}`)
    },

    async cleanup() {
      const dir = tempDir
      tempDir = null
      if (dir) await fs.rm(await dir, { recursive: true, force: true }).catch(() => undefined)
    },
  }
}
