#!/usr/bin/env node
/**
 * `npm start`: makes sure Electron's binary is there, then builds Docket and launches it.
 *
 * The binary is checked first, before the build, because it is the step a newcomer's machine
 * most often lacks: npm installs Electron's package, but the program itself is downloaded from
 * Electron's release server the first time Electron runs (node_modules/electron/index.js), and
 * a machine without a route there used to end in a raw `spawn ... ENOENT` or Electron's own
 * "failed to install correctly". Here a missing binary is fetched with Electron's own install
 * step; when that is impossible, one paragraph says why, how to fix it and how to use Docket in
 * the browser meanwhile, and the exit code is 1.
 *
 * ELECTRON_OVERRIDE_DIST_PATH (Electron's own variable) names the folder holding the binary;
 * when it is set nothing is downloaded.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

/** Wraps text at 100 columns for a terminal, keeping it one paragraph and each `command` on one line. */
function paragraph(text) {
  const lines = []
  let line = ''
  for (const word of text.match(/\S*`[^`]*`\S*|\S+/g) ?? []) {
    if (line && line.length + 1 + word.length > 100) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines.join('\n')
}

/** node_modules/electron, or null when the package is not installed. */
function electronPackageDir() {
  try {
    return dirname(require.resolve('electron/package.json'))
  } catch {
    return null
  }
}

/**
 * Where Electron will look for its binary, the way node_modules/electron/index.js decides it,
 * without triggering its download: `{ path, override }`; `path` is null when Electron has
 * never been downloaded here (no path.txt).
 */
function electronBinary(electronDir, env) {
  const pathFile = join(electronDir, 'path.txt')
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null
  const override = env.ELECTRON_OVERRIDE_DIST_PATH || null
  if (override) return { path: join(override, executable || 'electron'), override }
  return { path: executable ? join(electronDir, 'dist', executable) : null, override: null }
}

/** The paragraph printed when there is no binary and none could be downloaded. */
function missingElectronMessage(binary, downloadError) {
  const where = binary.path ? ` (looked for ${binary.path})` : ''
  const said = downloadError ? ` (the download said: ${downloadError})` : ''
  const why = binary.override
    ? `ELECTRON_OVERRIDE_DIST_PATH is set to ${binary.override}, so Electron is taken from there and not downloaded, and there is none there.`
    : `npm installs only Electron's package; the binary comes from Electron's download server (github.com/electron/electron/releases) and this machine could not reach it${said}.`
  const fix = binary.override
    ? "To fix it, unset ELECTRON_OVERRIDE_DIST_PATH (or point it at an Electron folder) and, on a network that reaches Electron's download, run"
    : "To fix it, on a network that reaches Electron's download (or with ELECTRON_MIRROR set to a mirror), run"
  return paragraph(
    `Docket cannot start: Electron's binary is not installed${where}. ${why} ${fix} ` +
      "`npx install-electron --no` (Electron's own install step, the same as `node node_modules/electron/install.js`), " +
      'then `npm start` again. Meanwhile you can use Docket in your browser: `npm run harness -- --open` ' +
      'builds the app if needed and opens it against the built-in demo service.',
  )
}

/** Runs npm with `args` in the foreground; returns its exit status. */
function npm(args) {
  const npmCli = process.env.npm_execpath
  const result = npmCli
    ? spawnSync(process.execPath, [npmCli, ...args], { stdio: 'inherit' })
    : spawnSync('npm', args, { stdio: 'inherit', shell: process.platform === 'win32' })
  return result.status ?? 1
}

const electronDir = electronPackageDir()
if (!electronDir) {
  console.error(paragraph('Docket cannot start: the electron package is not installed. Run `npm ci` first.'))
  process.exit(1)
}

let binary = electronBinary(electronDir, process.env)
let downloadError = null
if (!binary.override && !(binary.path && existsSync(binary.path))) {
  // What `electron .` would do on its first run, but with an explanation when it fails
  // instead of the installer's stack trace.
  console.error("Electron's binary is not downloaded yet: running Electron's install step (about 100 MB)...")
  const install = spawnSync(process.execPath, [join(electronDir, 'install.js')], { encoding: 'utf8' })
  if (install.status !== 0) {
    downloadError =
      `${install.stderr ?? ''}${install.stdout ?? ''}`
        .split('\n')
        .find((l) => l.trim())
        ?.trim() ?? null
  }
  binary = electronBinary(electronDir, process.env)
}
if (!(binary.path && existsSync(binary.path))) {
  console.error(missingElectronMessage(binary, downloadError))
  process.exit(1)
}

const built = npm(['run', 'build'])
if (built !== 0) process.exit(built)

// Electron's own launcher forwards signals and the exit code; the binary is known to exist,
// so it does not try to download anything.
const child = spawn(process.execPath, [join(electronDir, 'cli.js'), '.', ...process.argv.slice(2)], {
  stdio: 'inherit',
})
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
