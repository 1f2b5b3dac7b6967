import { z } from 'zod'
import { defineChannels, defineEvents } from '../define'

/** How Docket is connected: the built-in sandbox (demo) or a real account. */
export const appModeSchema = z.enum(['demo', 'account'])

export const appInfoSchema = z.object({
  name: z.string(),
  /** The app's semantic version, from package.json. */
  version: z.string(),
  /** `process.platform` of the main side: win32, darwin, linux. */
  platform: z.string(),
  mode: appModeSchema,
  /** Base URL of the service the active account talks to (the sandbox in demo mode). */
  serviceUrl: z.string().nullable(),
})
export type AppInfo = z.infer<typeof appInfoSchema>

/** Channels about the app itself. */
export const appChannels = defineChannels({
  'app.info': {
    input: z.object({}).strict(),
    output: appInfoSchema,
    description: 'Version, platform and mode (demo or account) for the shell and About box.',
  },
})

/** Events about the app itself. */
export const appEvents = defineEvents({
  'app.notice': {
    payload: z.object({ level: z.enum(['info', 'warning', 'error']), code: z.string(), message: z.string() }),
    description: 'A message for a toast that does not answer any request (e.g. a background failure).',
  },
})
