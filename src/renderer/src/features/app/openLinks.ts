/**
 * Opens what a `docket://` link or a clicked notification names (the `app.openLink` event):
 * a document in its agenda, or an agenda. The triage workspace registers how to open them
 * with {@link setLinkOpener}; a link that arrives before it is on screen (the link that
 * started the app, a sign-in in between) waits for it, only the latest one kept.
 */
import { deepLinkSchema, isDocketError, type DeepLink } from '../../../../shared/ipc'
import { docket } from '../../lib/docket'
import { t } from '../../lib/i18n'
import { showError, showToast } from '../../lib/toasts.svelte'

/** How the workspace opens a document (in its agenda) and an agenda. */
export interface LinkOpener {
  /** True once the workspace has chosen its first agenda (so opening one is not undone by that choice). */
  isReady(): boolean
  openDocument(documentId: number, agendaId: number): Promise<void> | void
  openAgenda(agendaId: number): Promise<void> | void
}

/** How long a link waits for the workspace to get ready, and how often it looks, in ms. */
const READY_WAIT_MS = 10_000
const READY_POLL_MS = 100

async function untilReady(current: LinkOpener): Promise<void> {
  for (let waited = 0; !current.isReady() && waited < READY_WAIT_MS; waited += READY_POLL_MS)
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS))
}

let opener: LinkOpener | null = null
let waiting: DeepLink | null = null

/** Sets the opener (null when the workspace leaves the screen); a waiting link opens now. */
export function setLinkOpener(next: LinkOpener | null): () => void {
  opener = next
  if (next && waiting) {
    const link = waiting
    waiting = null
    void openLink(link)
  }
  return () => {
    if (opener === next) opener = null
  }
}

/**
 * Opens `link`: a document's agenda is read from the local store (`documents.get`); a
 * document this device has not cached says so instead.
 */
export async function openLink(link: DeepLink): Promise<void> {
  if (!opener) {
    waiting = link
    return
  }
  const current = opener
  try {
    await untilReady(current)
    if (link.target === 'agenda') return void (await current.openAgenda(link.id))
    const { document } = await docket().invoke('documents.get', { id: link.id })
    await current.openDocument(link.id, document.agenda_id)
  } catch (error) {
    if (isDocketError(error) && error.code === 'not_found')
      showToast('error', t('app.openLink.notFound', { id: link.id }))
    else showError(error)
  }
}

/** Follows `app.openLink`; returns the function that stops. */
export function followLinks(): () => void {
  return docket().on('app.openLink', (payload) => {
    const parsed = deepLinkSchema.safeParse(payload)
    if (parsed.success) void openLink(parsed.data)
  })
}
