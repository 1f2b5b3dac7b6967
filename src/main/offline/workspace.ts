import { mkdir, readdir, rm } from 'node:fs/promises'
import type { Acknowledgement } from '../../shared/checks/acknowledgement'
import type { CheckCode } from '../../shared/checks/result'
import type { HistoryItem, LegacyHistoryEvent } from '../../shared/history/events'
import type { Correction, CorrectionEvent } from '../../shared/corrections'
import { correctedView, keepCorrection, withdrawCorrection, type CorrectionInput } from './corrections'
import { join } from 'node:path'
import { documentIdsOf, type OutboxAction } from '../../shared/outbox/actions'
import type { OutboxEntry } from '../../shared/outbox/entry'
import type { WorkspaceClient } from './client'
import {
  agendasView,
  commentsView,
  documentView,
  entriesByDocument,
  type CachedAgenda,
  type CachedComment,
  type CachedDocument,
} from './effects'
import { SyncEngine } from './engine'
import {
  by,
  historyItems,
  importLegacyHistory,
  newEventOps,
  withCorrectionEvents,
  type Actor,
  type HistoryImport,
} from './history'
import { codeOf, messageOf, OfflineError } from './errors'
import { SyncEvents, type RepairFinished, type SyncStatus } from './events'
import { FileCache } from './files'
import { DEFAULT_ENGINE_OPTIONS, type Clock, type EngineOptions } from './options'
import { changesOf, Outbox, type UploadInput } from './outbox'
import { DOCUMENT_READ_CHUNK, keptRead, Mutex, Store, type Level } from './store'
import { OutboxJournal } from './store/journal'
import { migrateOutboxEntries } from './outboxMigration'
import { replayOutbox } from './store/journalReplay'
import { openStoreRecovering, type LevelFactory, type StoreRecovery } from './store/openStore'
import {
  agendaOfflineViews,
  noteAgendaOpened,
  OPENED_AT_PRECISION_MS,
  setAgendaOffline,
  type AgendaOfflineChange,
  type AgendaOfflineView,
} from './agendaOffline'
import { StorageFailure, StorageGuard } from './storageFailure'

/** Options of {@link openWorkspace}; durations in ms, sizes in bytes. */
export interface WorkspaceOptions {
  /** Per-account folder under user data: the store (`store/`), `previews/`, `originals/`, `uploads/`. */
  dir: string
  /** The service client (the real `ApiClient` fits). */
  client: WorkspaceClient
  /** The signed-in user: author of comments created here. */
  userId: number
  /** The signed-in user's display name: who the documents' history names as having acted (absent: unnamed). */
  userName?: string
  /** Receives the events of the IPC contract (`sync.status`, `outbox.changed`, `documents.changed`, ...). */
  emit?: (event: string, payload: unknown) => void
  /** The time (default: the system clock); every time the workspace writes or compares comes from it. */
  clock?: Clock
  /** A level to use instead of classic-level in `<dir>/store` (tests pass memory-level); not closed by `close()`. */
  level?: Level
  /** Opens and repairs the classic-level store (default: classic-level itself; tests pass a fake). */
  levelFactory?: LevelFactory
  /** Receives one line per recovery step taken on open (default: none). */
  log?: (line: string) => void
  options?: Partial<EngineOptions> & {
    /** Cap of cached previews + originals (default 500 MB). */
    cacheCapBytes?: number
    /**
     * fsync each store write (default true; survives power loss, not only a killed process).
     * The pull cursor is the exception: written after what it vouches for, losing it is harmless.
     */
    durableWrites?: boolean
  }
}

/** Documents read from the store at once when an agenda is listed (the store's scan chunk). */
export const LIST_CHUNK = DOCUMENT_READ_CHUNK

/** What {@link OfflineWorkspace.forEachDocument} hands out besides the listed documents. */
export interface ForEachDocumentOptions {
  /**
   * Also the archived documents the cache still holds (`local.archived` set), in the same id
   * order: the *Archived* tab shows them. Deleted ones are never handed out.
   */
  archived?: boolean
}

/**
 * The offline workspace of one account: reads come from the local store only, actions go to
 * the durable outbox with their optimistic effect (one atomic write), and the sync engine
 * pulls and pushes in the background.
 */
export interface OfflineWorkspace {
  /** Cached agendas, with those created offline (negative ids) and pending updates applied. */
  listAgendas(): Promise<CachedAgenda[]>
  /** Cached documents of an agenda, id descending; archived and deleted ones left out. */
  listDocuments(agendaId: number): Promise<CachedDocument[]>
  /**
   * The same documents, in the same order, handed to `visit` one by one while the store is read
   * in chunks of {@link LIST_CHUNK}: a caller that keeps only a projection (the inbox rows) never
   * holds the whole agenda's documents at once (bench B6: memory with 10,000 cached documents).
   */
  forEachDocument(
    agendaId: number,
    visit: (doc: CachedDocument) => void,
    options?: ForEachDocumentOptions,
  ): Promise<void>
  /** A cached document (also an archived one, `local.archived`), or null. */
  getDocument(id: number): Promise<CachedDocument | null>
  /** Cached comments of a document, including optimistic ones (`local.pending`). */
  listComments(documentId: number): Promise<CachedComment[]>
  /** The cached preview, or fetched and cached when online; null when there is none to be had. */
  getPreview(documentId: number): Promise<{ contentType: string; bytes: Uint8Array } | null>
  /**
   * The cached original file, or fetched and cached when online.
   * Errors: `not_found` (no such document), `offline` (not cached and the service unreachable:
   * at once when the workspace already knows it is offline), `reauth_required` (not cached and
   * signed out).
   */
  getOriginal(documentId: number): Promise<{ fileName: string; contentType: string; bytes: Uint8Array }>
  /**
   * Writes an action to the outbox with its optimistic effect (one atomic batch) and pushes
   * soon. Errors: `invalid_action`, `not_found` (a local reference to nothing), `closed`.
   * For `upload.files` use {@link enqueueUpload} (the bytes must be stored too).
   */
  enqueue(action: OutboxAction): Promise<OutboxEntry>
  /** Stores the files beside the store, then enqueues an `upload.files` action. */
  enqueueUpload(input: { agendaId: number; type: string; files: UploadInput[] }): Promise<OutboxEntry>
  /** Removes an entry not yet sent and reverts its effect. Errors: `too_late`, `not_found`. */
  undo(entryId: string): Promise<void>
  /** failed -> pending. Errors: `not_failed`, `not_found`. */
  retry(entryId: string): Promise<void>
  /** Removes a failed entry (effect already rolled back). Errors: `not_failed`, `not_found`. */
  discard(entryId: string): Promise<void>
  /** Entries not done (pending, in flight, failed), in write order. */
  listOutbox(): Promise<OutboxEntry[]>
  /** Pull (full the first time, then deltas) + push; resolves when done, also when offline. */
  syncNow(): Promise<void>
  /** *Try now*: ends the service's wait (Retry-After) and sends the queued actions at once. */
  tryNow(): Promise<void>
  status(): SyncStatus
  /** Starts the background loop (push on enqueue, periodic pull, repair polls, backoff offline). */
  start(): void
  /** Stops sending after sign-out / `reauth_required`; the outbox is kept. */
  pause(reason?: { code: string; message: string }): void
  /** Resumes after {@link pause}. */
  resume(): void
  /** Re-reads documents in repair now (the loop does it every `repairPollMs`). */
  pollRepairs(): Promise<RepairFinished[]>
  /**
   * The person opened agenda `agendaId` (it is then pulled every `pullIntervalMs`), or did
   * something else (no id): quiet agendas are pulled at their shortest interval again. The
   * workspace notes this itself for actions (`enqueue`, ...) and for the preview of the open
   * document (`getPreview`); the app may call it when an agenda is opened.
   */
  noteActivity(agendaId?: number): void
  /**
   * Agendas' offline settings, defaults applied (available offline when opened in the last 30
   * days, unless chosen otherwise); agendas absent have none (not available offline).
   */
  agendaOfflineSettings(): Promise<Map<number, AgendaOfflineView>>
  /** Writes the person's offline choice for an agenda and plans the offline copies again. Errors: `storage`. */
  setAgendaOffline(agendaId: number, change: AgendaOfflineChange): Promise<void>
  /**
   * The person's answers to the warnings of a document (*Not a duplicate*, *Acknowledge*), kept
   * in this account's store across syncs; [] when none.
   */
  acknowledgements(documentId: number): Promise<Acknowledgement[]>
  /** Every answer to a warning of the account, by document id (the inbox rows apply them). */
  allAcknowledgements(): Promise<Map<number, Acknowledgement[]>>
  /**
   * Keeps the person's answer to one check of a document (replacing an earlier one), stamped with
   * the signed-in user and the clock, and emits `documents.changed` for the document (its inbox
   * row no longer counts the warning). Answers what was stored. Errors: `storage`, `closed`.
   */
  acknowledge(answer: Omit<Acknowledgement, 'at' | 'userId'>): Promise<Acknowledgement>
  /**
   * Removes the answer to one check of a document (*Undo acknowledgement*) and emits
   * `documents.changed` for it. Errors: `storage`, `closed`.
   */
  withdrawAcknowledgement(documentId: number, code: CheckCode): Promise<void>
  /**
   * The history of a document in this account, oldest first (offline/history.ts): every action
   * taken on it through the outbox (who, when, and whether it is pending, sent, refused, undone or
   * discarded), returns from repair, and answers to its warnings; [] when none.
   */
  historyOf(documentId: number): Promise<HistoryItem[]>
  /**
   * Takes the history an earlier Docket kept in the window's storage into this account, once
   * (later calls answer `alreadyDone`); events of documents not in this account are dropped.
   * Errors: `storage`, `closed`.
   */
  importHistory(events: readonly LegacyHistoryEvent[]): Promise<HistoryImport>
  /**
   * The person's corrections of the extracted fields of a document (src/shared/corrections),
   * kept in this account's store across syncs; [] when none.
   */
  corrections(documentId: number): Promise<Correction[]>
  /**
   * Keeps a correction of one field (replacing an earlier one of the same field, whose
   * extracted value it keeps), stamped with the signed-in user and the clock, and logs it.
   * `by`: the user's name when known. Errors: `storage`, `closed`.
   */
  correct(input: Omit<CorrectionInput, 'userId'>): Promise<Correction>
  /** Removes the correction of one field and logs it. Errors: `storage`, `closed`. */
  withdrawCorrection(documentId: number, field: string, by: string | null): Promise<void>
  /**
   * What happened to the corrections of a document, oldest first: made or replaced, withdrawn,
   * settled (dropped because the service's data came to say the corrected value). For the
   * document's history.
   */
  correctionEvents(documentId: number): Promise<CorrectionEvent[]>
  /** The evidence read from a document's file, as stored (unvalidated), or undefined (src/main/app/evidence). */
  storedEvidence(documentId: number): Promise<unknown>
  /** Keeps the evidence read from a document's file, until the document is forgotten. Errors: `storage`, `closed`. */
  storeEvidence(documentId: number, evidence: unknown): Promise<void>
  /** The cached original, or null when this device has none (never fetches). */
  cachedOriginal(documentId: number): Promise<{ contentType: string; bytes: Uint8Array } | null>
  /** The person opened an agenda (its documents were listed): available offline by default for 30 days. Never rejects. */
  noteAgendaOpened(agendaId: number): Promise<void>
  /**
   * Tries the failed cache write again (after a full disk, a read-only folder): when it
   * succeeds, sync resumes; when not, the status still says why.
   */
  retryStorage(): Promise<void>
  /** What the file cache (previews, originals) holds now: bytes, file count, and its cap in bytes. */
  cacheUsage(): Promise<{ bytes: number; files: number; capBytes: number }>
  /** Changes the file cache's cap (bytes); a lower cap evicts at once, least recently read first. */
  setCacheCap(capBytes: number): Promise<void>
  /**
   * What opening took, when the local data was damaged: the store repaired or rebuilt (the damaged
   * folder moved aside, named here), and the queued actions the outbox journal restored. Null
   * after a normal start.
   */
  recovery(): WorkspaceRecovery | null
  /** Stops the loop and closes the store (not an injected level). */
  close(): Promise<void>
}

/** What a start recovered from (see {@link OfflineWorkspace.recovery}). */
export interface WorkspaceRecovery {
  /** The store's repair or rebuild, or null when it opened as it was. */
  store: StoreRecovery | null
  /** Queued actions the store had lost (or held in an older state) that the journal restored. */
  restoredActions: number
  /** Actions the store held again although they were done or removed (dropped, not sent twice). */
  droppedActions: number
  /** Records of the journal itself found damaged (its entries were merged with the store's). */
  damagedJournalRecords: number
}

/** The outbox journal's file name in the account folder (outside `store/`, which may be moved aside). */
export const OUTBOX_JOURNAL_FILE = 'outbox.journal'

/**
 * Actions waiting in the outbox of the workspace folder `dir` (pending, in flight or failed),
 * read from its journal without opening the store, so it can be asked of an account that is not
 * open (e.g. the one of a service address no longer used). 0 when there is none.
 */
export async function queuedActionsIn(dir: string): Promise<number> {
  const { journal } = await OutboxJournal.open(join(dir, OUTBOX_JOURNAL_FILE), false)
  return journal.entries.size
}

/**
 * Opens (or creates) the workspace in `options.dir`. Replay comes from storage: entries found
 * `in_flight` (the process died while sending) are marked `uncertain`, so creates are checked
 * against the service before being sent again. Upload files without an entry are removed.
 */
export async function openWorkspace(options: WorkspaceOptions): Promise<OfflineWorkspace> {
  const { dir, client, userId } = options
  const actor: Actor = { userId, ...(options.userName ? { name: options.userName } : {}) }
  const clock: Clock = options.clock ?? (() => new Date())
  const emit = options.emit ?? (() => {})
  /** Tells readers one document changed; a failing listener is the host's problem (as in SyncEvents). */
  const documentChanged = (documentId: number) => {
    try {
      emit('documents.changed', { documentIds: [documentId], agendaIds: [] })
    } catch {
      /* the store is the source of truth; readers re-read it */
    }
  }
  const syncEvents = new SyncEvents(emit)
  const given = stripUndefined(options.options ?? {})
  const settings = { ...DEFAULT_ENGINE_OPTIONS, ...given }
  // Polls on a faster clock (tests, the soak) keep their proportions: the longest wait is ten base intervals.
  if (given.maxPullIntervalMs === undefined) settings.maxPullIntervalMs = 10 * settings.pullIntervalMs
  await mkdir(dir, { recursive: true })
  const log = options.log ?? (() => {})
  const durable = options.options?.durableWrites ?? true
  let level = options.level
  const ownsLevel = !level
  let storeRecovery: StoreRecovery | null = null
  if (level) await level.open()
  else ({ level, recovery: storeRecovery } = await openStoreRecovering(join(dir, 'store'), log, options.levelFactory))
  const { journal, load } = await OutboxJournal.open(join(dir, OUTBOX_JOURNAL_FILE), durable)
  const store = new Store(level, durable, new StorageGuard(dir), journal)
  // Entries queued by an earlier version under the old action names are read in today's
  // names (outboxMigration.ts) and written back that way below.
  const storedOutbox = migrateOutboxEntries(await store.outboxEntries())
  const replay = replayOutbox({
    store: storedOutbox.entries,
    storeMeta: await store.journaledMeta(),
    journal: migrateOutboxEntries([...journal.entries.values()]).entries,
    journalMeta: journal.meta,
    load,
  })
  if (replay.changed || storedOutbox.migrated > 0) await store.replaceOutbox(replay.entries, replay.meta)
  // A store that lost queued actions (or was repaired) may have lost pulled documents too while
  // keeping the cursor: the next pull is a full one.
  if (storeRecovery || replay.restored > 0 || replay.dropped > 0) await store.batch([store.deleteCursorOp()])
  await journal.reset(replay.entries, replay.meta)
  const recovery: WorkspaceRecovery | null =
    storeRecovery || replay.restored > 0 || replay.dropped > 0 || load.damaged > 0
      ? {
          store: storeRecovery,
          restoredActions: replay.restored,
          droppedActions: replay.dropped,
          damagedJournalRecords: load.damaged,
        }
      : null
  if (recovery)
    log(
      `Outbox replayed from its journal in ${dir}: ${replay.restored} queued actions restored, ${replay.dropped} already settled dropped, ${load.damaged} damaged journal records`,
    )
  const lock = new Mutex()
  const outbox = new Outbox(
    store,
    dir,
    lock,
    clock,
    { undoWindowMs: settings.undoWindowMs, longUndoWindowMs: settings.longUndoWindowMs },
    actor,
  )
  const files = await FileCache.open(
    dir,
    store,
    options.options?.cacheCapBytes ?? 500 * 1024 * 1024,
    () => clock().getTime(),
    // A new hash of an original: the duplicate check (and the inbox's flags) compare it from now on.
    (documentId) => syncEvents.documentsChanged([documentId], []),
  )
  const engine = new SyncEngine({ store, outbox, files, client, userId, lock, clock, emit, options: settings })

  // Recovery: what was in flight when the process stopped has an unknown outcome.
  const entries = await store.outboxEntries()
  const recovered = entries
    .filter((e) => e.status === 'in_flight')
    .map((e): OutboxEntry => ({ ...e, status: 'pending', uncertain: true }))
  await store.batch(recovered.map((e) => store.putEntryOp(e)))
  const known = new Set(entries.map((e) => e.id))
  const uploads = await readdir(join(dir, 'uploads')).catch(() => [] as string[])
  for (const name of uploads)
    if (!known.has(name)) await rm(join(dir, 'uploads', name), { recursive: true, force: true })
  await engine.init()

  let closed = false
  /** When each agenda was last noted as opened in this session (epoch ms). */
  const notedOpened = new Map<number, number>()
  const ensureOpen = () => {
    if (closed) throw new OfflineError('closed', 'The workspace is closed.')
  }
  /** New actions are refused while the cache cannot be written: they could not be kept. */
  const ensureWritable = () => {
    const failing = engine.storageError()
    if (failing) throw new StorageFailure(failing)
  }
  const afterChange = async (changes: ReturnType<typeof changesOf>) => {
    await engine.outboxChanged(changes)
    engine.kick()
  }
  /** The person works on `documentId` (or on nothing in particular): its agenda is the one open. Never waited for. */
  const activityOn = (documentId: number | undefined): void => {
    if (documentId === undefined) return engine.noteActivity()
    store.getDocument(documentId).then(
      (stored) => engine.noteActivity(stored?.agendaId),
      () => engine.noteActivity(),
    )
  }

  // The agendas and their offline settings are read on every view main works out (the sidebar,
  // All agendas, each document's checks): 200 agendas are a LevelDB scan and 200 JSON values
  // each time. They change only with a write to the agendas, the outbox or the meta values.
  const agendasNow = keptRead(store, ['agendas', 'outbox', 'meta'], async () =>
    agendasView(await store.listAgendas(), await store.outboxEntries(), await store.agendaIdMap()).map((agenda) =>
      Object.freeze(agenda),
    ),
  )
  const offlineSettingsNow = keptRead(store, ['meta'], () => store.agendaOfflineSettings())

  const workspace: OfflineWorkspace = {
    async listAgendas() {
      return [...(await agendasNow())]
    },

    async listDocuments(agendaId) {
      const docs: CachedDocument[] = []
      await workspace.forEachDocument(agendaId, (doc) => docs.push(doc))
      return docs
    },

    async forEachDocument(agendaId, visit, options = {}) {
      if (agendaId <= 0) return
      const ids = await store.documentIdsOf(agendaId)
      const byDoc = entriesByDocument(await store.outboxEntries())
      // One scan of the (few) corrected ids; only those documents read their corrections.
      const corrected = await store.documentsWithCorrections()
      const hashes = await store.newestContentHashes()
      await store.forEachDocumentOf(ids, async (s) => {
        const view = documentView(s, byDoc.get(s.doc.id) ?? [], hashes.get(s.doc.id))
        if (!view || (!options.archived && view.local.archived)) return
        visit(corrected.has(view.id) ? correctedView(view, await store.correctionsOf(view.id)) : view)
      })
    },

    async getDocument(id) {
      const stored = await store.getDocument(id)
      if (!stored) return null
      const hash = (await store.contentHashOf(id))?.versions.at(-1)?.sha256
      const view = documentView(stored, entriesByDocument(await store.outboxEntries()).get(id) ?? [], hash)
      return view && correctedView(view, await store.correctionsOf(id))
    },

    async listComments(documentId) {
      return commentsView(
        documentId,
        await store.commentsOf(documentId),
        await store.outboxEntries(),
        userId,
        await store.commentUuidMap(),
      )
    },

    async getPreview(documentId) {
      // Only the open document (and its neighbours, loaded ahead) has its preview asked for.
      activityOn(documentId)
      const cached = await files.get('preview', documentId)
      if (cached) return { contentType: cached.record.contentType, bytes: cached.bytes }
      const stored = await store.getDocument(documentId)
      const path = stored?.doc.preview
      if (!path || !engine.isOnline() || closed) return null
      const sentUnder = engine.signInEpoch()
      try {
        const preview = await client.getPreview(path)
        engine.noteRequestOk()
        await files.put('preview', documentId, preview.bytes, { contentType: preview.contentType })
        return { contentType: preview.contentType, bytes: preview.bytes }
      } catch (error) {
        engine.noteRequestError(error, sentUnder)
        return null
      }
    },

    async getOriginal(documentId) {
      const cached = await files.get('original', documentId)
      if (cached) {
        return {
          fileName: cached.record.fileName ?? `${documentId}`,
          contentType: cached.record.contentType,
          bytes: cached.bytes,
        }
      }
      const stored = await store.getDocument(documentId)
      if (!stored) throw new OfflineError('not_found', `Document ${documentId} is not in this device's cache.`)
      ensureOpen()
      // Known offline or signed out: say so at once rather than wait for a request to time out.
      const connection = engine.connection()
      if (connection === 'offline')
        throw new OfflineError(
          'offline',
          `The original of document ${documentId} is not on this device and you are offline.`,
        )
      if (connection === 'signed_out')
        throw new OfflineError('reauth_required', `Sign in again to download the original of document ${documentId}.`)
      const sentUnder = engine.signInEpoch()
      try {
        const original = await client.getOriginalFile(documentId)
        engine.noteRequestOk()
        await files.put('original', documentId, original.bytes, {
          contentType: original.contentType,
          fileName: original.fileName,
        })
        return original
      } catch (error) {
        engine.noteRequestError(error, sentUnder)
        const code = codeOf(error)
        if (code === 'network' || code === 'timeout') {
          throw new OfflineError(
            'offline',
            `The original of document ${documentId} is not on this device and the service cannot be reached.`,
          )
        }
        if (code === 'not_found')
          throw new OfflineError('not_found', `The service has no original file for document ${documentId}.`)
        throw new OfflineError(code ?? 'internal', messageOf(error))
      }
    },

    async enqueue(action) {
      ensureOpen()
      ensureWritable()
      const entry = await outbox.enqueue(action)
      await afterChange(changesOf([entry]))
      activityOn(documentIdsOf(action)[0])
      return entry
    },

    async enqueueUpload(input) {
      ensureOpen()
      ensureWritable()
      engine.noteActivity(input.agendaId)
      const entry = await outbox.enqueue(
        {
          kind: 'upload.files',
          agendaId: input.agendaId,
          type: input.type,
          files: input.files.map((f) => ({
            fileName: f.fileName,
            contentType: f.contentType,
            size: f.bytes.byteLength,
          })),
        },
        input.files,
      )
      await afterChange(changesOf([entry]))
      return entry
    },

    async undo(entryId) {
      ensureOpen()
      await afterChange(await outbox.undo(entryId))
    },

    async retry(entryId) {
      ensureOpen()
      await afterChange(await outbox.retry(entryId))
    },

    async discard(entryId) {
      ensureOpen()
      await afterChange(await outbox.discard(entryId))
    },

    listOutbox: () => store.outboxEntries(),

    async syncNow() {
      ensureOpen()
      await engine.syncNow()
    },

    async tryNow() {
      ensureOpen()
      await engine.tryNow()
    },

    status: () => engine.status(),
    recovery: () => recovery,
    start: () => engine.start(),
    pause: (reason) => engine.pause(reason),
    resume: () => engine.resume(),
    pollRepairs: () => engine.pollRepairs(),
    noteActivity: (agendaId) => engine.noteActivity(agendaId),

    agendaOfflineSettings: async () => agendaOfflineViews(await offlineSettingsNow(), clock().getTime()),

    acknowledgements: (documentId) => store.acknowledgementsOf(documentId),
    allAcknowledgements: () => store.allAcknowledgements(),

    async acknowledge(answer) {
      ensureOpen()
      const stored: Acknowledgement = { ...answer, at: clock().toISOString(), userId }
      const event = {
        documentId: answer.documentId,
        kind: answer.kind === 'not_duplicate' ? ('notDuplicate' as const) : ('acknowledged' as const),
        at: stored.at,
        ...by(actor),
        check: answer.code,
        ...(answer.reason ? { text: answer.reason } : {}),
      }
      await store.batch([store.putAcknowledgementOp(stored), ...(await newEventOps(store, [event]))])
      // The document's inbox row counts its warnings without the answered one: readers re-read it.
      syncEvents.documentsChanged([answer.documentId], [])
      return stored
    },

    async withdrawAcknowledgement(documentId, code) {
      ensureOpen()
      const event = {
        documentId,
        kind: 'acknowledgementWithdrawn' as const,
        at: clock().toISOString(),
        ...by(actor),
        check: code,
      }
      await store.batch([store.deleteAcknowledgementOp(documentId, code), ...(await newEventOps(store, [event]))])
      syncEvents.documentsChanged([documentId], [])
    },

    async historyOf(documentId) {
      const [items, corrections] = await Promise.all([
        historyItems(store, documentId, await store.outboxEntries()),
        store.correctionEventsOf(documentId),
      ])
      return withCorrectionEvents(items, corrections)
    },

    async importHistory(events) {
      ensureOpen()
      // Under the outbox's lock: an entry the import links to cannot settle meanwhile.
      const imported = await lock.run(async () =>
        importLegacyHistory(store, events, await store.outboxEntries(), clock().toISOString()),
      )
      // Watched screens showing one of these documents get its history in their next view.
      if (imported.imported > 0) syncEvents.documentsChanged([...new Set(events.map((e) => e.documentId))], [])
      return imported
    },

    corrections: (documentId) => store.correctionsOf(documentId),

    correctionEvents: (documentId) => store.correctionEventsOf(documentId),

    async correct(input) {
      ensureOpen()
      const kept = await keepCorrection(store, clock, { ...input, userId })
      // Readers (the inbox rows and their flags) read the document again.
      documentChanged(input.documentId)
      return kept
    },

    async withdrawCorrection(documentId, field, by) {
      ensureOpen()
      await withdrawCorrection(store, clock, documentId, field, by)
      documentChanged(documentId)
    },

    storedEvidence: (documentId) => store.evidenceOf(documentId),

    async storeEvidence(documentId, evidence) {
      ensureOpen()
      // Evidence can be read again: losing the last one to a power cut costs nothing.
      await store.batch([store.putEvidenceOp(documentId, evidence)], { fsync: false })
    },

    async cachedOriginal(documentId) {
      const cached = await files.get('original', documentId)
      return cached ? { contentType: cached.record.contentType, bytes: cached.bytes } : null
    },

    async setAgendaOffline(agendaId, change) {
      ensureOpen()
      await setAgendaOffline(store, agendaId, change)
      engine.offlineSettingsChanged()
    },

    async noteAgendaOpened(agendaId) {
      if (closed || agendaId <= 0) return
      // Every list query of an agenda notes it: within the hour the store holds nothing newer
      // (only this writes `openedAt`), so it is not read again.
      const now = clock().getTime()
      const noted = notedOpened.get(agendaId)
      if (noted !== undefined && now - noted < OPENED_AT_PRECISION_MS) return
      try {
        if (await noteAgendaOpened(store, agendaId, now)) engine.offlineSettingsChanged()
        // Written now, or found written within the hour: the next write can wait an hour (being
        // opened keeps an agenda available offline for 30 days).
        notedOpened.set(agendaId, now)
      } catch {
        // A failed write was told to the engine by the store's guard (the status shows it); a
        // missed "opened" only delays this agenda's default offline copies.
      }
    },

    async retryStorage() {
      ensureOpen()
      await engine.retryStorage()
    },

    async cacheUsage() {
      ensureOpen()
      return { ...(await files.usage()), capBytes: files.cap }
    },

    async setCacheCap(capBytes) {
      ensureOpen()
      // under the lock: eviction must not interleave with a file being written
      await lock.run(() => files.setCap(capBytes))
    },

    async close() {
      if (closed) return
      closed = true
      await engine.close()
      await lock.run(async () => {
        if (ownsLevel) await level.close()
      })
    },
  }
  return workspace
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
