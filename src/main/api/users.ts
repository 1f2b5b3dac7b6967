import { userSchema, type User } from '../../shared/api/user'
import type { HttpClient } from './http'

/** Users of the caller's account (docs/service-interface.md, "Users"); answered as bare objects. */

/** GET /api/v1_2/users/:id: a user of the caller's account; another account's -> `not_found`. */
export function getUser(http: HttpClient, id: number): Promise<User> {
  return http.json({ method: 'GET', path: `/api/v1_2/users/${id}`, idempotent: true }, userSchema)
}

/** GET /api/v1_2/me: the signed-in user. */
export function me(http: HttpClient): Promise<User> {
  return http.json({ method: 'GET', path: '/api/v1_2/me', idempotent: true }, userSchema)
}
