import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useWorkspaceHarness } from './testing/workspaceHarness'

const h = useWorkspaceHarness()

describe('file cache', () => {
  it('caches previews and keeps them under the cap, least recently used out first', async () => {
    const ws = await h.workspace({ cacheCapBytes: 250 })
    await ws.syncNow()
    const [a, b, c] = h.agendaOneIds()
    expect((await ws.getPreview(a!))!.bytes.byteLength).toBe(100)
    await ws.getPreview(b!)
    h.service.tick(1000)
    await ws.getPreview(a!) // a is now more recent than b
    h.service.tick(1000)
    await ws.getPreview(c!) // 300 bytes > 250: b leaves
    h.service.offline = true
    expect(await ws.getPreview(a!)).not.toBeNull()
    expect(await ws.getPreview(c!)).not.toBeNull()
    expect(await ws.getPreview(b!)).toBeNull()
    expect((await readdir(join(h.dir, 'previews'))).sort()).toEqual([String(a), String(c)].sort())
  })
})
