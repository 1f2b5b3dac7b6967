import type { ApiAgenda, ApiComment, ApiDocument, ApiUser } from './model'
import type { Renderer } from './render'
import { iso } from './render'
import type { SandboxStore } from './store'

/**
 * A deep copy of all the sandbox's data, as GET /_sandbox/state returns it. Documents and
 * comments are rendered as the API returns them, plus bookkeeping fields; deleted documents
 * and agendas are absent, deleted comments are present with `deleted: true`.
 */
export interface SandboxState {
  /** id descending (the list order) */
  documents: Array<ApiDocument & { agenda_id: number; archived: boolean }>
  comments: Array<ApiComment & { deleted: boolean }>
  agendas: Array<ApiAgenda & { client_id: string | null; members: Array<{ user_id: number; role: string }> }>
  users: Array<ApiUser & { account_id: number }>
  webhooks: Array<{
    id: number
    account_id: number
    url: string
    settings: unknown
    /** the password is never dumped */
    auth_credentials: { username: string | null; has_password: boolean } | null
    updated_at: string
  }>
  batchJobs: Array<{
    id: number
    user_id: number
    status: 'queued' | 'applied'
    created_at: string
    applied_at: string | null
    documents: Array<{ id: number; state: string; result: string }>
  }>
  repairs: Array<{
    document_id: number
    repair_description: string | null
    requested_at: string
    completed_at: string | null
  }>
}

export function snapshotState(store: SandboxStore, render: Renderer): SandboxState {
  const documents = store.documentIdsDescending().map((id) => {
    const doc = store.documents.get(id)!
    return { ...render.document(doc), agenda_id: doc.agendaId, archived: doc.archived }
  })
  const comments = [...store.comments.values()]
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((c) => ({ ...render.comment(c), deleted: c.state === 'deleted' }))
  const agendas = [...store.agendas.values()]
    .sort((a, b) => a.id - b.id)
    .map((a) => ({
      ...render.agenda(a),
      client_id: a.client_id,
      members: [...a.members.entries()].map(([user_id, role]) => ({ user_id, role })),
    }))
  const users = [...store.users.values()].map((u) => ({ ...render.user(u), account_id: u.accountId }))
  const webhooks = [...store.webhooks.values()].map((w) => ({
    id: w.id,
    account_id: w.accountId,
    url: w.url,
    settings: structuredClone(w.settings),
    auth_credentials: w.authCredentials
      ? { username: w.authCredentials.username, has_password: !!w.authCredentials.password }
      : null,
    updated_at: iso(w.updatedAt),
  }))
  const batchJobs = store.batchJobs.map((j) => ({
    id: j.id,
    user_id: j.userId,
    status: j.status,
    created_at: iso(j.createdAt),
    applied_at: j.appliedAt === null ? null : iso(j.appliedAt),
    documents: j.entries.map((e) => ({ ...e })),
  }))
  const repairs = store.repairs.map((r) => ({
    document_id: r.documentId,
    repair_description: r.description,
    requested_at: iso(r.requestedAt),
    completed_at: r.completedAt === null ? null : iso(r.completedAt),
  }))
  return { documents, comments, agendas, users, webhooks, batchJobs, repairs }
}
