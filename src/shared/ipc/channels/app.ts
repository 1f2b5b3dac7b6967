import { z } from 'zod'
import { DEEP_LINK_TARGETS } from '../../deepLinks'
import { defineChannels, defineEvents } from '../define'
import { noInput, recordIdSchema } from '../fields'
import { signInMethodSchema } from './auth'

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

/**
 * What a `docket://` link opens: a document or an agenda by its service id. The text form
 * (`docket://document/42`) is parsed and written by src/shared/deepLinks.ts.
 */
export const deepLinkSchema = z.object({ target: z.enum(DEEP_LINK_TARGETS), id: recordIdSchema }).strict()
export type DeepLink = z.infer<typeof deepLinkSchema>

/** Why an update check or download failed, for the UI to branch on. */
export const updateErrorCodeSchema = z.enum(['insecure_url', 'checksum_mismatch', 'signature_invalid', 'update_failed'])
export type UpdateErrorCode = z.infer<typeof updateErrorCodeSchema>

/**
 * The state of background updates. `available`: a newer version was found and is being
 * downloaded; `downloaded`: it installs on the next quit, or now with *Restart to update*.
 * `releaseNotes` is plain text (never markup) or null; times are UTC ISO 8601.
 */
export const updateStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('idle'), lastCheckAt: z.string().nullable() }),
  z.object({ status: z.literal('checking') }),
  z.object({ status: z.literal('available'), version: z.string(), releaseNotes: z.string().nullable() }),
  z.object({ status: z.literal('downloaded'), version: z.string(), releaseNotes: z.string().nullable() }),
  z.object({ status: z.literal('error'), code: updateErrorCodeSchema, message: z.string(), lastCheckAt: z.string() }),
])
export type UpdateState = z.infer<typeof updateStateSchema>

/** The kinds of desktop notification, each of which the user can turn off. */
export const NOTIFICATION_KINDS = ['repairFinished', 'uploadsProcessed', 'actionsFailed', 'signInNeeded'] as const
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS)
export type NotificationKind = z.infer<typeof notificationKindSchema>

/** The colour theme: the OS's (light or dark as it prefers), or always light, or always dark. */
export const THEMES = ['system', 'light', 'dark'] as const
/** The UI language: the OS's (Czech when it starts with `cs`, else English), or chosen. */
export const LANGUAGE_CHOICES = ['system', 'en', 'cs'] as const
/**
 * How dates show: the OS locale's medium style, or `iso` 2026-03-01, `dmy` 01.03.2026,
 * `mdy` 03/01/2026.
 */
export const DATE_FORMATS = ['system', 'iso', 'dmy', 'mdy'] as const
/** The decimal mark of numbers and amounts: the OS locale's, or `comma` 1 234,50, or `point` 1,234.50. */
export const NUMBER_FORMATS = ['system', 'comma', 'point'] as const
/** Sizes the cache cap can be set to, in MB (1 MB = 1,048,576 bytes). */
export const CACHE_CAP_CHOICES_MB = [100, 250, 500, 1000, 2000, 5000] as const
/** The cap the offline file cache starts with, in MB. */
export const DEFAULT_CACHE_CAP_MB = 500
/** Bounds of a stored cap in MB: a hand-edited value outside them falls back to the default. */
export const cacheCapMbSchema = z.number().int().min(50).max(100_000)

export const themeSchema = z.enum(THEMES)
export type Theme = z.infer<typeof themeSchema>
export const languageChoiceSchema = z.enum(LANGUAGE_CHOICES)
export type LanguageChoice = z.infer<typeof languageChoiceSchema>
export const dateFormatSchema = z.enum(DATE_FORMATS)
export type DateFormat = z.infer<typeof dateFormatSchema>
export const numberFormatSchema = z.enum(NUMBER_FORMATS)
export type NumberFormat = z.infer<typeof numberFormatSchema>

/**
 * The application preferences, kept by main (electron-store in the app and the harness):
 * automatic update checks, per kind whether notifications show, and the person's choices of
 * theme, language, *open next after an action*, the offline file cache's cap (MB), the
 * sign-in method, the date and number formats, and whether the exchange-rate check's
 * reference rates are updated from the European Central Bank.
 */
export const desktopPreferencesSchema = z.object({
  updateChecks: z.boolean(),
  notifications: z.object({
    repairFinished: z.boolean(),
    uploadsProcessed: z.boolean(),
    actionsFailed: z.boolean(),
    signInNeeded: z.boolean(),
  }),
  theme: themeSchema,
  language: languageChoiceSchema,
  /** After an action on the open document, open the next one in the list. */
  openNextAfterAction: z.boolean(),
  cacheCapMb: cacheCapMbSchema,
  /** How *Sign in* opens the service's login page: Docket's own window or the system browser. */
  signInMethod: signInMethodSchema,
  dateFormat: dateFormatSchema,
  numberFormat: numberFormatSchema,
  /** Fetch the ECB's euro reference rates during sync, once a day (the exchange-rate check's table). */
  referenceRateUpdates: z.boolean(),
})
export type DesktopPreferences = z.infer<typeof desktopPreferencesSchema>

/** What a fresh install starts with: everything on, the system's theme, language and formats, 500 MB. */
export const DEFAULT_PREFERENCES: DesktopPreferences = {
  updateChecks: true,
  notifications: { repairFinished: true, uploadsProcessed: true, actionsFailed: true, signInNeeded: true },
  theme: 'system',
  language: 'system',
  openNextAfterAction: true,
  cacheCapMb: DEFAULT_CACHE_CAP_MB,
  signInMethod: 'window',
  dateFormat: 'system',
  numberFormat: 'system',
  referenceRateUpdates: true,
}

/** A change to the preferences: only the fields given change (notifications kind by kind). */
export const desktopPreferencesPatchSchema = z
  .object({
    updateChecks: z.boolean().optional(),
    notifications: z
      .object({
        repairFinished: z.boolean().optional(),
        uploadsProcessed: z.boolean().optional(),
        actionsFailed: z.boolean().optional(),
        signInNeeded: z.boolean().optional(),
      })
      .strict()
      .optional(),
    theme: themeSchema.optional(),
    language: languageChoiceSchema.optional(),
    openNextAfterAction: z.boolean().optional(),
    cacheCapMb: cacheCapMbSchema.optional(),
    signInMethod: signInMethodSchema.optional(),
    dateFormat: dateFormatSchema.optional(),
    numberFormat: numberFormatSchema.optional(),
    referenceRateUpdates: z.boolean().optional(),
  })
  .strict()
export type DesktopPreferencesPatch = z.infer<typeof desktopPreferencesPatchSchema>

const isoDaySchema = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/)

/**
 * Where the exchange-rate check's reference rates stand. `source`: `ecb`, the European
 * Central Bank's euro foreign exchange reference rates, or `sandbox`, sample rates from the
 * local service Docket talks to (demo mode, tests: never the internet). `newestDay` is the
 * newest day the check knows (YYYY-MM-DD), `shippedUntil` the end of the table shipped with
 * this version; `lastCheckedAt` (UTC ISO 8601) when a server last answered; `lastError` why
 * the last update failed (codes: `offline`, `timeout`, `bad_status`, `redirected`,
 * `too_large`, `bad_format`, `invalid_rates`, `storage`).
 */
export const referenceRatesStatusSchema = z.object({
  source: z.enum(['ecb', 'sandbox']),
  newestDay: isoDaySchema,
  shippedUntil: isoDaySchema,
  updatesEnabled: z.boolean(),
  updating: z.boolean(),
  lastCheckedAt: z.string().nullable(),
  lastError: z.object({ code: z.string(), message: z.string() }).nullable(),
})
export type ReferenceRatesStatus = z.infer<typeof referenceRatesStatusSchema>

/** Text main put on the clipboard, answered so the UI can confirm (or show) it. */
const copiedTextSchema = z.object({ text: z.string() })

/** Channels about the app itself: info, updates, logs and diagnostics, preferences, links. */
export const appChannels = defineChannels({
  'app.info': {
    input: noInput,
    output: appInfoSchema,
    description: 'Version, platform and mode (demo or account) for the shell and About box.',
  },
  'app.diagnostics': {
    input: noInput,
    output: copiedTextSchema,
    description:
      'Builds the support text (version, OS, service URL, sync, outbox, last 200 log lines; redacted) and copies it.',
  },
  'app.openLogsFolder': {
    input: noInput,
    output: z.object({ ok: z.literal(true) }),
    description: 'Shows the folder of the log files in the system file manager; error `open_failed`.',
  },
  'app.updateState': {
    input: noInput,
    output: updateStateSchema,
    description: 'The state of background updates (idle, checking, available, downloaded, error).',
  },
  'app.checkForUpdates': {
    input: noInput,
    output: updateStateSchema,
    description: 'Checks the update feed now (also with automatic checks off); answers the state after it.',
  },
  'app.restartToUpdate': {
    input: noInput,
    output: z.object({ restarting: z.boolean() }),
    description: 'Quits and installs the downloaded update; `restarting` false when none is downloaded.',
  },
  'app.preferences': {
    input: noInput,
    output: desktopPreferencesSchema,
    description:
      'The preferences: update checks, notifications, theme, language, open next, cache cap, sign-in method, formats.',
  },
  'app.setPreferences': {
    input: desktopPreferencesPatchSchema,
    output: desktopPreferencesSchema,
    description: 'Changes the preferences given (live: also emits `app.preferencesChanged`); answers all of them.',
  },
  'app.copyLink': {
    input: deepLinkSchema,
    output: copiedTextSchema,
    description: 'Copies the docket:// link of a document or agenda to the clipboard.',
  },
  'app.referenceRates': {
    input: noInput,
    output: referenceRatesStatusSchema,
    description: 'Where the reference exchange rates come from, their newest day and the last update.',
  },
})

/** Events about the app itself. */
export const appEvents = defineEvents({
  'app.notice': {
    payload: z.object({ level: z.enum(['info', 'warning', 'error']), code: z.string(), message: z.string() }),
    description: 'A message for a toast that does not answer any request (e.g. a background failure).',
  },
  'app.updateState': {
    payload: updateStateSchema,
    description: 'Background updates changed state (checking, downloading, downloaded, failed).',
  },
  'app.preferencesChanged': {
    payload: desktopPreferencesSchema,
    description: 'The preferences changed (in this window or another): every window applies them at once.',
  },
  'app.referenceRatesChanged': {
    payload: referenceRatesStatusSchema,
    description: 'The reference exchange rates changed or an update of them ended (in success or not).',
  },
  'app.openLink': {
    payload: deepLinkSchema,
    description: 'Open a document or agenda: a docket:// link arrived or a notification was clicked.',
  },
})
