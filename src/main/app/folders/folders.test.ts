import { describe, expect, it } from 'vitest'
import type { Agenda, User } from '../../../shared/api'
import { folderChannels } from '../../../shared/ipc/channels/folders'
import { ApiError } from '../../api/errors'
import type { FileHost, FileToSave } from '../ports'
import { createFolderHandlers, NOT_OWNER_REASON, safeFileName } from './handlers'
import type { FolderAction, FolderClientPort, FolderWorkspacePort } from './port'

const me: User = { id: 1, email: 'demo@example.com', name: 'Demo', surname: 'User' }
const agenda = (id: number, ownerId: number): Agenda =>
  ({ id, name: `Agenda ${id}`, links: { owner: { id: ownerId, type: 'users' } }, home_currency: 'EUR' }) as Agenda

function setup(client: Partial<FolderClientPort> = {}, options: { cachedAgendas?: Agenda[] } = {}) {
  const actions: FolderAction[] = []
  const saved: FileToSave[] = []
  const opened: { fileName: string; mimeType: string; bytes: Uint8Array }[] = []
  const calls: unknown[][] = []
  const fullClient: FolderClientPort = {
    me: async () => me,
    getAgenda: async (id) => agenda(id, id === 3 ? 2 : 1),
    createAgendas: async (list) => {
      calls.push(['createAgendas', list])
      return [42]
    },
    updateAgenda: async (id, attrs) => {
      calls.push(['updateAgenda', id, attrs])
      return { ...agenda(id, 1), ...attrs } as Agenda
    },
    updateWebhook: async (id, body) => {
      calls.push(['updateWebhook', id, body])
      return typeof body === 'string' ? body : body.url
    },
    deleteWebhook: async (id) => {
      calls.push(['deleteWebhook', id])
    },
    ...client,
  }
  const workspace: FolderWorkspacePort & { listAgendas(): Promise<Agenda[]> } = {
    listAgendas: async () => options.cachedAgendas ?? [],
    listDocuments: async () => [],
    getDocument: async (id) => (id === 5 ? ({ id: 5, type: 'PurchaseInvoice', state: 'ready' } as never) : null),
    getOriginal: async (id) => {
      if (id !== 5) throw Object.assign(new Error('Not cached and offline.'), { code: 'offline' })
      return {
        fileName: '../../etc/Faktura 5.pdf',
        contentType: 'application/pdf',
        bytes: new Uint8Array([37, 80, 68, 70]),
      }
    },
    enqueue: async (action) => {
      actions.push(action)
      return { id: `e${actions.length}` }
    },
    enqueueUpload: async () => {
      throw new Error('unused')
    },
  }
  const files: FileHost = {
    saveFile: async (file) => {
      saved.push(file)
      return { saved: true, path: `/home/u/${file.suggestedName}` }
    },
    openWithSystemViewer: async (file) => {
      opened.push(file)
    },
  }
  const handlers = createFolderHandlers({ getWorkspace: () => workspace, getClient: () => fullClient, files })
  const ctx = { senderUrl: 'test' }
  /** Parses the input through the channel schema, as the router does. */
  const run = async <C extends keyof typeof handlers>(channel: C, input: unknown) =>
    (handlers[channel] as (i: unknown, c: typeof ctx) => Promise<unknown>)(
      folderChannels[channel].input.parse(input),
      ctx,
    )
  return { actions, saved, opened, calls, run }
}

const validation = (errors: Record<string, unknown>) =>
  new ApiError('validation', 'Validation Failed', { status: 422, errors: errors as never })

describe('agendas', () => {
  it('shows the owner an editable agenda and a colleague’s agenda read-only with the reason', async () => {
    const { run } = setup()
    expect(await run('agendas.details', { agendaId: 1 })).toMatchObject({ editable: true, readOnlyReason: null })
    expect(await run('agendas.details', { agendaId: 3 })).toMatchObject({
      editable: false,
      readOnlyReason: NOT_OWNER_REASON,
    })
  })

  it('offline, shows the cached agenda read-only saying editing needs a connection', async () => {
    const { run } = setup(
      { getAgenda: async () => Promise.reject(new ApiError('network', 'connect ECONNREFUSED')) },
      { cachedAgendas: [agenda(1, 1)] },
    )
    const view = (await run('agendas.details', { agendaId: 1 })) as { editable: boolean; readOnlyReason: string }
    expect(view.editable).toBe(false)
    expect(view.readOnlyReason).toMatch(/needs a connection/)
  })

  it('creates with the country upper-cased and answers the new id', async () => {
    const { run, calls } = setup()
    expect(await run('agendas.create', { attributes: { name: 'New', address: { country: 'cz' } } })).toEqual({ id: 42 })
    expect(calls[0]).toEqual(['createAgendas', [{ name: 'New', address: { country: 'CZ' } }]])
  })

  it('refuses a rule-breaking attribute before calling the service', () => {
    expect(() =>
      folderChannels['agendas.create'].input.parse({ attributes: { name: 'X', email_alias: 'ab' } }),
    ).toThrow()
  })

  it('puts the service’s 422 errors on their fields', async () => {
    const { run } = setup({
      updateAgenda: async () =>
        Promise.reject(validation({ email_alias: ['has already been taken'], address: { country: ['is invalid'] } })),
    })
    await expect(
      run('agendas.update', { agendaId: 1, attributes: { email_alias: 'taken.alias' } }),
    ).rejects.toMatchObject({
      code: 'validation',
      details: { fields: { email_alias: ['has already been taken'], 'address.country': ['is invalid'] } },
    })
  })

  it('answers forbidden with the service’s message for a non-owner update (403)', async () => {
    const { run } = setup({
      updateAgenda: async () =>
        Promise.reject(new ApiError('forbidden', 'Not authorized to perform this action', { status: 403 })),
    })
    await expect(run('agendas.update', { agendaId: 3, attributes: { name: 'Mine now' } })).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Not authorized to perform this action',
    })
  })

  it('answers offline when the service cannot be reached', async () => {
    const { run } = setup({ createAgendas: async () => Promise.reject(new ApiError('network', 'ECONNREFUSED')) })
    await expect(run('agendas.create', { attributes: { name: 'X' } })).rejects.toMatchObject({ code: 'offline' })
  })
})

describe('documents: delete and original file', () => {
  it('deletes through the outbox', async () => {
    const { run, actions } = setup()
    expect(await run('documents.delete', { documentId: 5 })).toEqual({ queued: true })
    expect(actions).toEqual([{ kind: 'document.delete', documentId: 5 }])
  })
  it('refuses to delete a document that is not cached', async () => {
    const { run } = setup()
    await expect(run('documents.delete', { documentId: 6 })).rejects.toMatchObject({ code: 'not_found' })
  })
  it('saves the original under its own name, without folders, with a PDF filter', async () => {
    const { run, saved } = setup()
    expect(await run('documents.saveOriginal', { documentId: 5 })).toEqual({
      saved: true,
      path: '/home/u/Faktura 5.pdf',
    })
    expect(saved[0]).toMatchObject({
      suggestedName: 'Faktura 5.pdf',
      mimeType: 'application/pdf',
      filters: [{ extensions: ['pdf'] }],
    })
  })
  it('opens the original with the system viewer', async () => {
    const { run, opened } = setup()
    expect(await run('documents.openOriginal', { documentId: 5 })).toEqual({ opened: true })
    expect(opened[0]?.bytes).toEqual(new Uint8Array([37, 80, 68, 70]))
  })
  it('passes the workspace’s coded error through (offline, not cached)', async () => {
    const { run } = setup()
    await expect(run('documents.openOriginal', { documentId: 9 })).rejects.toMatchObject({ code: 'offline' })
  })
  it('safeFileName drops folders and control characters', () => {
    expect(safeFileName('a/b\\c\u0000d.pdf', 'x')).toBe('c_d.pdf')
    expect(safeFileName('..', 'fallback')).toBe('fallback')
  })
})

describe('webhooks', () => {
  it('sets the URL and deletes the webhook', async () => {
    const { run, calls } = setup()
    expect(await run('webhooks.update', { webhookId: 1, url: 'https://example.com/hook' })).toEqual({
      url: 'https://example.com/hook',
    })
    expect(await run('webhooks.delete', { webhookId: 1 })).toEqual({ deleted: true })
    expect(calls).toEqual([
      ['updateWebhook', 1, 'https://example.com/hook'],
      ['deleteWebhook', 1],
    ])
  })
  it('sends the record body when credentials are given', async () => {
    const { run, calls } = setup()
    await run('webhooks.update', {
      webhookId: 1,
      url: 'https://example.com/h',
      authCredentials: { username: 'u', password: 'secret1' },
    })
    expect(calls[0]).toEqual([
      'updateWebhook',
      1,
      { url: 'https://example.com/h', auth_credentials: { username: 'u', password: 'secret1' } },
    ])
  })
  it('puts nested 422 errors on auth_credentials.password', async () => {
    const { run } = setup({
      updateWebhook: async () =>
        Promise.reject(
          validation({ auth_credentials: { password: ['must include at least one digit'] }, settings: ['is missing'] }),
        ),
    })
    await expect(run('webhooks.update', { webhookId: 1, url: 'https://example.com' })).rejects.toMatchObject({
      code: 'validation',
      details: {
        fields: { 'auth_credentials.password': ['must include at least one digit'], settings: ['is missing'] },
      },
    })
  })
})

describe('wiring', () => {
  it('the real ApiClient fits the client port', () => {
    // Compile-time check: fails `tsc` if src/main/api/client.ts drifts from what the handlers call.
    const fits = (client: import('../../api/client').ApiClient): FolderClientPort => client
    expect(typeof fits).toBe('function')
  })
})
