import { z } from 'zod'
import { integerId } from './common'

/** User (docs/service-interface.md, "Users"; GET /api/v1_2/users/:id and /api/v1_2/me return it bare). */
export const userSchema = z.looseObject({
  id: integerId,
  email: z.string(),
  name: z.string(),
  surname: z.string(),
})
export type User = z.infer<typeof userSchema>
