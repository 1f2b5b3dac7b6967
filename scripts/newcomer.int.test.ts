import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The newcomer's path, on a machine where Electron's binary cannot be downloaded (as on CI):
 * the README's first command ends in `npm start`, which must stop before building with one
 * paragraph that says why and what to do, and the browser harness it points to must serve the
 * app.
 *
 * It runs in a fresh checkout: the files a clone of this working tree gets (tracked files and
 * new files not ignored, so changes not yet committed count too) copied to a temporary folder,
 * without out/ or any other build output. `npm ci` is not repeated there: node_modules is a link
 * to this project's, which `npm ci` made.
 */

const project = resolve(import.meta.dirname, '..')
const hasGit = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: project }).status === 0
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
let checkout = ''

/** The commands of the README's first code block's first line, e.g. ['npm ci', 'npm start']. */
function readmeFirstCommands(readme: string): string[] {
  const block = /```sh\n([^\n]*)/.exec(readme)?.[1] ?? ''
  return block
    .replace(/#.*$/, '')
    .split('&&')
    .map((command) => command.trim())
    .filter(Boolean)
}

function freshCheckout(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'docket-newcomer-')), 'docket')
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: project,
    encoding: 'utf8',
  })
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(project, file))) continue // deleted or moved in the working tree
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    copyFileSync(join(project, file), join(dir, file))
  }
  symlinkSync(join(project, 'node_modules'), join(dir, 'node_modules'), 'dir')
  return dir
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: checkout, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('exit', (code) => done({ code, out }))
  })
}

const env = { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: '/nonexistent-electron', CI: '1' }

beforeAll(() => {
  if (hasGit) checkout = freshCheckout()
})
afterAll(() => {
  if (checkout) rmSync(dirname(checkout), { recursive: true, force: true })
})

describe.skipIf(!hasGit)('a newcomer without Electron', () => {
  it("the README's first command: `npm start` stops before building, with one paragraph saying what to do", async () => {
    const commands = readmeFirstCommands(readFileSync(join(checkout, 'README.md'), 'utf8'))
    expect(commands).toContain('npm start')
    const { code, out } = await run(npm, ['start'], env)
    expect(code).toBe(1)
    expect(out).toContain("Docket cannot start: Electron's binary is not installed")
    expect(out).toContain('`npx install-electron --no`')
    expect(out).toContain('`npm run harness -- --open`')
    expect(out).not.toMatch(/at .*\(.*:\d+:\d+\)/) // no stack trace
    expect(existsSync(join(checkout, 'out'))).toBe(false) // checked before the build
  }, 60_000)

  it('`npm run harness -- --open` builds the app, serves it and (on CI) prints the address instead of opening a browser', async () => {
    // Its own process group, so stopping it stops npm and the harness under it.
    const child: ChildProcess = spawn(npm, ['run', 'harness', '--', '--open'], {
      cwd: checkout,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
    })
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()))
    try {
      const url = await new Promise<string>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`no harness in 75 s:\n${out}`)), 75_000)
        const poll = setInterval(() => {
          const match = /Not opening a browser \(CI is set\): open (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
          if (match) {
            clearInterval(poll)
            clearTimeout(timer)
            done(match[1]!)
          }
        }, 100)
        child.once('exit', (code) => {
          clearInterval(poll)
          clearTimeout(timer)
          fail(new Error(`harness exited with ${code}:\n${out}`))
        })
      })
      expect(out).toMatch(new RegExp(`Harness listening on ${url.replace(/[.:/]/g, '\\$&')}`))
      const page = await fetch(`${url}/`)
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toContain('/__harness/bridge.js')
      expect(html).toMatch(/<title>Docket<\/title>/i)
    } finally {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done))
        if (process.platform === 'win32') child.kill('SIGTERM')
        else process.kill(-child.pid!, 'SIGTERM')
        await exited
      }
    }
  }, 90_000)
})
