import { z } from 'zod'
import { defineChannels, defineEvents } from '../define'
import { base64LengthOf, MAX_REQUEST_BYTES } from '../../files/limits'
import { recordIdSchema } from '../fields'

/**
 * The longest `base64` of one file in `upload.files`: that of a file as large as a whole
 * request (20 MB). Anything that size or larger can never be sent; up to this length main
 * still answers a readable `too_large` refusal (checked before decoding), beyond it the router
 * refuses the call as `validation` before parsing further.
 */
export const MAX_UPLOAD_BASE64_LENGTH = base64LengthOf(MAX_REQUEST_BYTES)

/** The files of one `upload.files` call, read by the renderer and checked again in main. */
export const uploadRequestSchema = z.object({
  agendaId: recordIdSchema,
  type: z.enum(['PurchaseInvoice', 'SalesInvoice']),
  files: z
    .array(
      z.object({
        /** Chosen by the renderer; progress events carry it back. */
        uploadId: z.string().min(1).max(100),
        fileName: z.string().min(1).max(255),
        /** What the browser says; main trusts the magic bytes instead. */
        contentType: z.string().max(100),
        base64: z.string().max(MAX_UPLOAD_BASE64_LENGTH),
      }),
    )
    .min(1)
    .max(500),
})
export type UploadRequest = z.input<typeof uploadRequestSchema>

/** Why a file was refused before upload. */
export const uploadRefusalCodeSchema = z.enum(['empty', 'unsupported_type', 'malformed', 'too_large', 'bad_base64'])

/** What `upload.files` did with each file: accepted into the outbox, or refused with a reason. */
export const uploadResultSchema = z.object({
  accepted: z.array(
    z.object({
      uploadId: z.string(),
      fileName: z.string(),
      contentType: z.string(),
      size: z.number().int(),
      /** The outbox entry that sends it (several files may share one request and entry). */
      entryId: z.string().optional(),
    }),
  ),
  refused: z.array(
    z.object({ uploadId: z.string(), fileName: z.string(), code: uploadRefusalCodeSchema, reason: z.string() }),
  ),
  /** Number of upload requests (each body under 20 MB) written to the outbox. */
  requests: z.number().int(),
})
export type UploadResult = z.infer<typeof uploadResultSchema>

/**
 * One file's progress, sent for every change: `checking` -> `refused` | `queued` ->
 * `sending` -> `sent` (a document exists; it then moves through Processing) | `failed`.
 * `queued` and later follow the file's outbox entry: `sending` while in flight, back to
 * `queued` when it waits to be sent again (offline, retried), `failed` when the service
 * refused it or the entry was undone or discarded (the reason says which).
 */
export const uploadProgressSchema = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  phase: z.enum(['checking', 'refused', 'queued', 'sending', 'sent', 'failed']),
  /** 0..1 of this file. */
  fraction: z.number().min(0).max(1),
  /** Readable reason for `refused` and `failed`. */
  reason: z.string().optional(),
  /** The new document's id once sent, when known. */
  documentId: z.number().int().optional(),
})
export type UploadProgress = z.infer<typeof uploadProgressSchema>

/** Channels of upload: files checked in main, then sent through the outbox. */
export const uploadChannels = defineChannels({
  'upload.files': {
    input: uploadRequestSchema,
    output: uploadResultSchema,
    description: 'Checks PDF/PNG/JPEG files and queues their upload in requests under 20 MB.',
  },
})

/** Events of upload. */
export const uploadEvents = defineEvents({
  'upload.progress': {
    payload: uploadProgressSchema,
    description: 'Per-file progress of an upload (checked, queued, sending, sent, failed), for every change.',
  },
})
