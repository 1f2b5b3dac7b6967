/**
 * The size limits of the files Docket moves, in bytes (decimal MB), in one place: the service
 * client enforces them while reading or before sending, and the IPC contract derives the
 * longest base64 text it accepts from them. Why each number: docs/service-interface.md, "Limits".
 */

/**
 * The largest request body Docket sends (20 MB): the service states no limit, and the clients
 * known to work with it keep each upload request under 20 MB. The upload planner packs files
 * by it, and the service client batches by it.
 */
export const MAX_REQUEST_BYTES = 20_000_000

/**
 * The largest preview image accepted (20 MB). A preview is one image of the document's pages
 * stacked; a ten-page invoice rendered at 150 dpi is a few MB as PNG, so 20 MB leaves room for
 * long documents while keeping the main process's memory bounded.
 */
export const MAX_PREVIEW_BYTES = 20_000_000

/**
 * The largest original file accepted (50 MB). Uploads through the API stay under 20 MB per
 * request, but documents may reach the service another way (e-mail, its web page): 50 MB is
 * well above any scanned invoice and still bounds what main holds while decoding it.
 */
export const MAX_ORIGINAL_FILE_BYTES = 50_000_000

/** Length of the standard base64 text (with padding) of `bytes` bytes: ceil(n / 3) x 4. */
export function base64LengthOf(bytes: number): number {
  return Math.ceil(bytes / 3) * 4
}
