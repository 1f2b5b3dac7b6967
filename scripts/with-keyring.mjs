#!/usr/bin/env node
/**
 * Runs a command with a Secret Service available, so keychain tests run for real:
 * on Linux without a D-Bus session (CI, a bare terminal), it starts one with
 * `dbus-run-session` and an unlocked gnome-keyring in a fresh XDG_DATA_HOME (removed when the
 * command ends); elsewhere, or when a session exists already, it runs the command as it is.
 * Usage: node scripts/with-keyring.mjs <command> [args...]
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const [command, ...args] = process.argv.slice(2)
if (!command) {
  console.error('usage: node scripts/with-keyring.mjs <command> [args...]')
  process.exit(2)
}

const has = (tool) => spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0
const needsSession =
  process.platform === 'linux' &&
  !process.env.DBUS_SESSION_BUS_ADDRESS &&
  has('dbus-run-session') &&
  has('gnome-keyring-daemon')

let child
let keyringHome = null
if (needsSession) {
  keyringHome = mkdtempSync(join(tmpdir(), 'docket-keyring-'))
  const env = { ...process.env, XDG_DATA_HOME: keyringHome }
  const script = 'echo -n docket-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$@"'
  child = spawn('dbus-run-session', ['--', 'sh', '-c', script, 'sh', command, ...args], { stdio: 'inherit', env })
} else {
  child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' })
}
child.on('exit', (code, signal) => {
  if (keyringHome) rmSync(keyringHome, { recursive: true, force: true })
  process.exit(code ?? (signal ? 1 : 0))
})
