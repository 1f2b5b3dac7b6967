import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { createUtilityProcessLauncher, type UtilityProcessFork, type UtilityProcessLike } from './utilityProcess'

/** A stand-in for Electron's UtilityProcess: records what is posted and killed; the test emits its events. */
class FakeUtilityProcess extends EventEmitter {
  pid: number | undefined = 4242
  posted: unknown[] = []
  killed = 0
  failPost = false
  postMessage(message: unknown): void {
    if (this.failPost) throw new Error('the process is gone')
    this.posted.push(message)
  }
  kill(): boolean {
    this.killed++
    return true
  }
}

function launcherWithFake() {
  const forks: { modulePath: string; args: string[]; options: Parameters<UtilityProcessFork>[2] }[] = []
  const child = new FakeUtilityProcess()
  const launch = createUtilityProcessLauncher({
    fork: (modulePath, args, options) => {
      forks.push({ modulePath, args, options })
      return child as unknown as UtilityProcessLike
    },
  })
  return { launch, forks, child }
}

describe('the evidence reader on Electron utility processes', () => {
  it('forks the entry with its runtime flags, under the name the app metrics show', () => {
    const { launch, forks } = launcherWithFake()
    launch({
      entry: '/app/out/main/evidenceChild.js',
      execArgv: ['--max-old-space-size=256'],
      name: 'Docket evidence (pdf)',
    })
    expect(forks).toEqual([
      {
        modulePath: '/app/out/main/evidenceChild.js',
        args: [],
        options: { execArgv: ['--max-old-space-size=256'], serviceName: 'Docket evidence (pdf)', stdio: 'inherit' },
      },
    ])
  })

  it('passes messages both ways and ends the process on kill', () => {
    const { launch, child } = launcherWithFake()
    const evidenceChild = launch({ entry: 'e.js', execArgv: [], name: 'n' })
    const received: unknown[] = []
    evidenceChild.onMessage((message) => received.push(message))
    child.emit('message', { ready: true })
    evidenceChild.send({ id: 1, job: 'pdf', bytes: new Uint8Array([1]) })
    expect(received).toEqual([{ ready: true }])
    expect(child.posted).toEqual([{ id: 1, job: 'pdf', bytes: new Uint8Array([1]) }])
    expect(evidenceChild.pid).toBe(4242)
    evidenceChild.kill()
    expect(child.killed).toBe(1)
  })

  it('says once why the process ended (a V8 fatal error, then its exit), and sends nothing after', () => {
    const { launch, child } = launcherWithFake()
    const evidenceChild = launch({ entry: 'e.js', execArgv: [], name: 'n' })
    const reasons: string[] = []
    evidenceChild.onExit((reason) => reasons.push(reason))
    child.emit('error', 'FatalError', 'pdf.js')
    child.emit('exit', 134)
    expect(reasons).toEqual(['FatalError at pdf.js'])
    expect(evidenceChild.pid).toBeUndefined()
    evidenceChild.send({ id: 2 })
    expect(child.posted).toEqual([])
    // A listener added after the end hears it at once.
    evidenceChild.onExit((reason) => reasons.push(`late: ${reason}`))
    expect(reasons).toEqual(['FatalError at pdf.js', 'late: FatalError at pdf.js'])
  })

  it('treats a postMessage that throws as the end of the process', () => {
    const { launch, child } = launcherWithFake()
    const evidenceChild = launch({ entry: 'e.js', execArgv: [], name: 'n' })
    const reasons: string[] = []
    evidenceChild.onExit((reason) => reasons.push(reason))
    child.failPost = true
    evidenceChild.send({ id: 1 })
    expect(reasons).toEqual(['postMessage failed: the process is gone'])
  })
})
