import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadFixtures } from './fixtures'
import { seedStore } from './seed'
import { SandboxStore } from './store'

const root = join(import.meta.dirname, '../..')

describe('the demo seed with the planted invoices (resources/demo/planted)', () => {
  it('adds them to agenda 1 after everything else, so every other id stays as it was, with their wrong value', async () => {
    const fixtures = loadFixtures(join(root, 'resources/demo/invoices'))
    const planted = loadFixtures(join(root, 'resources/demo/planted'))
    const plain = new SandboxStore()
    await seedStore(plain, fixtures, { count: 5, seed: 1 })
    const store = new SandboxStore()
    await seedStore(store, fixtures, { count: 5, seed: 1 }, planted)

    expect(store.documents.size).toBe(plain.documents.size + planted.length)
    for (const [id, doc] of plain.documents) expect(store.documents.get(id)?.userFileName).toBe(doc.userFileName)
    const added = [...store.documents.values()].slice(-planted.length)
    expect(added.map((doc) => [doc.agendaId, doc.userFileName])).toEqual(
      planted.map((fixture) => [1, `${fixture.name}.pdf`]),
    )
    const einfach = added.find((doc) => doc.userFileName === 'EN16931_Einfach.pdf')!
    // Misread: the invoice says 529.87.
    expect(einfach.data.summary.total).toBe(592.87)
  })
})
