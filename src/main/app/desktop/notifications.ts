import type { DeepLink } from '../../../shared/deepLinks'
import {
  authChangedSchema,
  documentsChangedSchema,
  outboxChangedSchema,
  repairFinishedSchema,
  syncStatusSchema,
  uploadProgressSchema,
  type NotificationKind,
} from '../../../shared/ipc'
import { documentIdsOf } from '../../../shared/outbox/actions'
import { queueOfState } from '../../../shared/queues'
import type { OfflineWorkspace } from '../../offline'
import type { SubscribeToEvents } from '../eventBus'
import { notificationText, type NotificationLanguage } from './notificationTexts'

/**
 * Turns what the services report on the event bus into desktop notifications: a repaired
 * document is back (`documents.repairFinished`), the files just uploaded finished processing
 * (their documents left the Processing queue), actions the service refused (`outbox.changed`
 * naming newly failed entries), and the account needs signing in again (`auth.changed`
 * `reauth_required`, or sync turning `signed_out`). Whether a kind is shown at all is the
 * host notifier's decision (the user's preferences); clicking opens `target`.
 */

/** One notification: plain text, and what a click opens. */
export interface DesktopNotice {
  kind: NotificationKind
  title: string
  body: string
  target?: DeepLink
}

/** The part of the workspace used to name documents and find failed entries. */
export type NotificationPort = Pick<OfflineWorkspace, 'getDocument' | 'listOutbox'>

export interface NotificationWatcherDeps {
  subscribe: SubscribeToEvents
  notify(notice: DesktopNotice): void
  /** The signed-in account's workspace; throws when nobody is signed in. */
  getWorkspace(): NotificationPort
  language: NotificationLanguage
  /** Repairs reported within this many ms make one notification; default {@link COALESCE_MS}. */
  coalesceMs?: number
  log?: (line: string) => void
}

/** Repairs finished in one poll arrive one event each: they are told together. */
export const COALESCE_MS = 300

/** Starts following the bus; returns the function that stops. Never throws from an event. */
export function watchForNotifications(deps: NotificationWatcherDeps): () => void {
  const log = deps.log ?? (() => {})
  const coalesceMs = deps.coalesceMs ?? COALESCE_MS
  const say = (kind: NotificationKind, count: number, name: string, target?: DeepLink): void =>
    deps.notify({ kind, ...notificationText(deps.language, kind, count, name), ...(target ? { target } : {}) })

  const workspace = (): NotificationPort | null => {
    try {
      return deps.getWorkspace()
    } catch {
      return null
    }
  }

  /** "Counterparty · invoice no." of a cached document, else `#id`. */
  const nameOf = async (id: number): Promise<string> => {
    const doc = await workspace()?.getDocument(id)
    const counterparty = doc?.type === 'SalesInvoice' ? doc.customer?.name : doc?.supplier?.name
    const parts = [counterparty, doc?.data?.header?.invoice_no].filter((part) => typeof part === 'string' && part)
    return parts.length > 0 ? parts.join(' · ') : `#${id}`
  }

  // repairs: collected for a moment, then told at once
  let repaired: number[] = []
  let repairTimer: ReturnType<typeof setTimeout> | null = null
  const flushRepairs = async (): Promise<void> => {
    repairTimer = null
    const ids = repaired
    repaired = []
    if (ids.length === 1) say('repairFinished', 1, await nameOf(ids[0]!), { target: 'document', id: ids[0]! })
    else if (ids.length > 1) say('repairFinished', ids.length, '')
  }

  // uploads: documents sent and still processing; told when the last of them is done
  const processing = new Set<number>()
  let processed: { id: number; agendaId: number | null }[] = []
  const checkUploads = async (changed: readonly number[]): Promise<void> => {
    const ws = workspace()
    if (!ws) return
    const ids = changed.length === 0 ? [...processing] : changed.filter((id) => processing.has(id))
    for (const id of ids) {
      const doc = await ws.getDocument(id)
      if (!doc || queueOfState(doc.state) === 'processing' || !processing.has(id)) continue
      processing.delete(id)
      processed.push({ id, agendaId: doc.agenda_id })
    }
    if (processing.size > 0 || processed.length === 0) return
    const done = processed
    processed = []
    if (done.length === 1)
      say('uploadsProcessed', 1, await nameOf(done[0]!.id), { target: 'document', id: done[0]!.id })
    else {
      const agendaId = done[0]!.agendaId
      say(
        'uploadsProcessed',
        done.length,
        '',
        agendaId && agendaId > 0 ? { target: 'agenda', id: agendaId } : undefined,
      )
    }
  }

  // failed actions: each failed entry is told once
  const toldFailed = new Set<string>()
  const checkFailed = async (entryIds: readonly string[]): Promise<void> => {
    const entries = (await workspace()?.listOutbox()) ?? []
    const fresh = entries.filter((e) => e.status === 'failed' && entryIds.includes(e.id) && !toldFailed.has(e.id))
    if (fresh.length === 0) return
    for (const entry of fresh) toldFailed.add(entry.id)
    const documentId = documentIdsOf(fresh[0]!.action)[0]
    const name = documentId !== undefined ? await nameOf(documentId) : ''
    say(
      'actionsFailed',
      fresh.length,
      name,
      documentId !== undefined ? { target: 'document', id: documentId } : undefined,
    )
  }

  // sign-in: told once until the account is signed in again
  let signInTold = false
  const signInNeeded = (): void => {
    if (signInTold) return
    signInTold = true
    say('signInNeeded', 1, '')
  }

  const run = (what: string, work: Promise<void>): void =>
    void work.catch((error: unknown) =>
      log(`Desktop notification (${what}) skipped: ${error instanceof Error ? error.message : String(error)}`),
    )

  const stop = deps.subscribe((event, payload) => {
    switch (event) {
      case 'documents.repairFinished': {
        const parsed = repairFinishedSchema.safeParse(payload)
        if (!parsed.success) return
        repaired.push(parsed.data.documentId)
        repairTimer ??= setTimeout(() => run('repair', flushRepairs()), coalesceMs)
        return
      }
      case 'upload.progress': {
        const parsed = uploadProgressSchema.safeParse(payload)
        if (parsed.success && parsed.data.phase === 'sent' && parsed.data.documentId !== undefined)
          processing.add(parsed.data.documentId)
        return
      }
      case 'documents.changed': {
        const parsed = documentsChangedSchema.safeParse(payload)
        if (parsed.success && processing.size > 0) run('uploads', checkUploads(parsed.data.documentIds))
        return
      }
      case 'outbox.changed': {
        const parsed = outboxChangedSchema.safeParse(payload)
        if (parsed.success && parsed.data.failed > 0 && parsed.data.entryIds.length > 0)
          run('failed actions', checkFailed(parsed.data.entryIds))
        return
      }
      case 'auth.changed': {
        const parsed = authChangedSchema.safeParse(payload)
        if (parsed.success && parsed.data.reason === 'reauth_required') signInNeeded()
        else if (parsed.success && parsed.data.reason === 'signed_in') signInTold = false
        return
      }
      case 'sync.status': {
        const parsed = syncStatusSchema.safeParse(payload)
        if (!parsed.success) return
        if (parsed.data.paused || parsed.data.connection === 'signed_out') signInNeeded()
        else signInTold = false
        return
      }
    }
  })
  return () => {
    stop()
    if (repairTimer) clearTimeout(repairTimer)
  }
}
