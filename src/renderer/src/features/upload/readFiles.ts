/**
 * Reading dropped or picked files in the renderer for `upload.files`: base64 with read
 * progress, and grouping into calls that stay well under the host's message size (the
 * harness accepts 64 MB bodies; main then splits into service requests under 20 MB).
 */

/** Base64 characters per `upload.files` call. */
export const MAX_CALL_BASE64 = 40_000_000

/** Reads a file as standard base64, reporting progress 0..1. Rejects when it cannot be read. */
export function readAsBase64(file: Blob, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    reader.onerror = () => reject(reader.error ?? new Error('read failed'))
    reader.onload = () => {
      const url = String(reader.result ?? '')
      const comma = url.indexOf(',')
      resolve(comma >= 0 ? url.slice(comma + 1) : '')
    }
    reader.readAsDataURL(file)
  })
}

/** Groups items (in order) so the base64 of each group stays under `max` (a bigger item is alone). */
export function groupForCalls<T extends { base64: string }>(items: readonly T[], max = MAX_CALL_BASE64): T[][] {
  const groups: T[][] = []
  let current: T[] = []
  let size = 0
  for (const item of items) {
    if (current.length > 0 && size + item.base64.length > max) {
      groups.push(current)
      current = []
      size = 0
    }
    current.push(item)
    size += item.base64.length
  }
  if (current.length > 0) groups.push(current)
  return groups
}
