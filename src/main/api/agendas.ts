import {
  agendaListResponseSchema,
  createAgendasResponseSchema,
  type Agenda,
  type AgendaAttributes,
  type AgendaUpdate,
} from '../../shared/api/agenda'
import { firstItem, type HttpClient } from './http'

/** Agendas, the service's folders of documents (docs/service-interface.md, "Agendas"). */

/** GET /api/v1_2/agendas: agendas where the user is owner, admin or user. */
export async function listAgendas(http: HttpClient): Promise<Agenda[]> {
  const body = await http.json({ method: 'GET', path: '/api/v1_2/agendas', idempotent: true }, agendaListResponseSchema)
  return body.agendas
}

/** POST /api/v1_2/agendas: returns the new ids in request order (not retried once sent). 422 -> `validation`. */
export async function createAgendas(http: HttpClient, agendas: readonly AgendaAttributes[]): Promise<number[]> {
  const body = await http.json(
    { method: 'POST', path: '/api/v1_2/agendas', json: { agendas }, idempotent: false },
    createAgendasResponseSchema,
  )
  return body.agendas.map((a) => a.id)
}

/** GET /api/v1_2/agendas/:id; 403 -> `forbidden`. */
export async function getAgenda(http: HttpClient, id: number): Promise<Agenda> {
  const path = `/api/v1_2/agendas/${id}`
  const body = await http.json({ method: 'GET', path, idempotent: true }, agendaListResponseSchema)
  return firstItem(body.agendas, `GET ${path}`, 'agendas')
}

/** PUT /api/v1_2/agendas/:id (owner only): only the attributes given are updated. */
export async function updateAgenda(http: HttpClient, id: number, attributes: AgendaUpdate): Promise<Agenda> {
  const path = `/api/v1_2/agendas/${id}`
  const body = await http.json(
    { method: 'PUT', path, json: { agendas: [attributes] }, idempotent: true },
    agendaListResponseSchema,
  )
  return firstItem(body.agendas, `PUT ${path}`, 'agendas')
}

/** DELETE /api/v1_2/agendas/:id; a 404 after a lost first attempt counts as deleted. */
export async function deleteAgenda(http: HttpClient, id: number): Promise<void> {
  await http.empty({ method: 'DELETE', path: `/api/v1_2/agendas/${id}`, idempotent: true, deleteSemantics: true })
}
