/**
 * Splitting an upload into requests (docs/service-interface.md, "Creating documents"):
 * `POST /api/v1_2/documents` with `{"documents":[{type, agenda_id, file_split, files:[{
 * filename, content_type, content}]}]}`, one document per file, each request body under
 * 20 MB. Base64 grows the bytes by 4/3, so a file over about 15 MB cannot be sent at all.
 * Pure functions: the outbox/sync engine sends the planned requests.
 */
import { MAX_REQUEST_BYTES } from '../../api/uploads'

export interface PlannedFile {
  uploadId: string
  fileName: string
  contentType: string
  /** Standard base64 of the bytes (no whitespace). */
  base64: string
}

/** One request's body entry for a file, exactly as sent. */
function uploadEntry(agendaId: number, type: string, file: PlannedFile) {
  return {
    type,
    agenda_id: agendaId,
    file_split: false,
    files: [{ filename: file.fileName, content_type: file.contentType, content: file.base64 }],
  }
}

const utf8 = new TextEncoder()
/** `{"documents":[` + `]}`. */
const ENVELOPE_BYTES = utf8.encode('{"documents":[]}').length

/** UTF-8 size of one entry in the JSON body (file names may hold non-Latin letters). */
function entryBytes(agendaId: number, type: string, file: PlannedFile): number {
  const { files, ...rest } = uploadEntry(agendaId, type, file)
  const withoutContent = JSON.stringify({ ...rest, files: [{ ...files[0]!, content: '' }] })
  // The content is base64 (ASCII), so its JSON form is its length.
  return utf8.encode(withoutContent).length + file.base64.length
}

export interface UploadPlan {
  /** Each inner array is one request, in file order. */
  requests: PlannedFile[][]
  /** Files that alone would make a body of `maxBodyBytes` or more. */
  tooLarge: PlannedFile[]
}

/**
 * Packs files, in order, into as few requests as fit under `maxBodyBytes` each (greedy,
 * order kept so documents are created in the order the user dropped them).
 */
export function planUploadRequests(
  agendaId: number,
  type: string,
  files: readonly PlannedFile[],
  maxBodyBytes = MAX_REQUEST_BYTES,
): UploadPlan {
  const requests: PlannedFile[][] = []
  const tooLarge: PlannedFile[] = []
  let current: PlannedFile[] = []
  let size = ENVELOPE_BYTES
  for (const file of files) {
    const bytes = entryBytes(agendaId, type, file)
    if (ENVELOPE_BYTES + bytes >= maxBodyBytes) {
      tooLarge.push(file)
      continue
    }
    const added = (current.length > 0 ? 1 : 0) + bytes // a comma between entries
    if (current.length > 0 && size + added >= maxBodyBytes) {
      requests.push(current)
      current = []
      size = ENVELOPE_BYTES
    }
    size += (current.length > 0 ? 1 : 0) + bytes
    current.push(file)
  }
  if (current.length > 0) requests.push(current)
  return { requests, tooLarge }
}

/** The exact JSON body of one planned request (what the sync engine POSTs). */
export function uploadRequestBody(agendaId: number, type: string, files: readonly PlannedFile[]): string {
  return JSON.stringify({ documents: files.map((file) => uploadEntry(agendaId, type, file)) })
}
