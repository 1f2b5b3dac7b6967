/**
 * File names that come from elsewhere (the service's `user_file_name`, an OCR'd supplier)
 * made safe to write and to show: a name decides which program the system starts and what the
 * user believes the file is, so it must not carry folders, invisible or reordering characters,
 * device names, or an extension that does not match the bytes. Pure functions.
 */

/** Longest name written, in UTF-8 bytes (file systems allow 255; room is left for a suffix). */
export const MAX_FILE_NAME_BYTES = 200

/**
 * Characters removed outright: C0/C1 controls and DEL (`\p{Cc}`); format characters
 * (`\p{Cf}`: the bidirectional controls U+202A-U+202E and U+2066-U+2069, the marks U+200E/U+200F
 * and U+061C, zero-width characters, U+FEFF, tag characters), which reorder or hide text so that
 * `invoice\u202Efdp.exe` reads as `invoiceexe.pdf`; line and paragraph separators; lone
 * surrogates, which no file system can store.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu
/** Characters Windows refuses in names (and `/`, `\` are separators everywhere). */
const FORBIDDEN = /[<>:"/\\|?*]/g
/** Device names Windows reserves, with or without an extension (`CON`, `con.pdf`, `COM1.txt`, `COM¹`). */
const RESERVED = /^(con|prn|aux|nul|conin\$|conout\$|com[1-9¹²³]|lpt[1-9¹²³])$/i
/**
 * A trailing extension-like suffix with a letter in it (`.exe`, `.7z`, `.command`; not `.11`),
 * of any length: a shell shows whatever follows the last dot as the type, however long.
 */
const TRAILING_EXTENSION = /\.(?=[A-Za-z0-9]*[A-Za-z])([A-Za-z0-9]+)$/

const utf8 = new TextEncoder()

/** `text` cut to at most `maxBytes` UTF-8 bytes, never inside a character. */
function cutToBytes(text: string, maxBytes: number): string {
  if (utf8.encode(text).length <= maxBytes) return text
  let out = ''
  let size = 0
  for (const char of text) {
    const bytes = utf8.encode(char).length
    if (size + bytes > maxBytes) break
    out += char
    size += bytes
  }
  return out
}

/** The last path segment of `name` with invisible characters removed and forbidden ones replaced. */
function cleanBaseName(name: string): string {
  // White space (tabs and line breaks included) becomes a space first, so words stay apart.
  const visible = name.normalize('NFC').replace(/\s/gu, ' ').replace(INVISIBLE, '')
  const base = visible.split(/[\\/]/).pop() ?? ''
  return base.replace(FORBIDDEN, '_').replace(/ {2,}/g, ' ')
}

/** Leading and trailing dots and spaces removed (Windows drops trailing ones; leading dots hide files). */
function trimDotsAndSpaces(text: string): string {
  return text.replace(/^[. ]+/, '').replace(/[. ]+$/, '')
}

/** Options of {@link safeFileName}. */
export interface SafeFileNameOptions {
  /**
   * The extensions the bytes allow, lower case without the dot (e.g. `['jpg', 'jpeg']`); the
   * first is added when the name does not already end in one of them.
   */
  extensions: readonly [string, ...string[]]
  /** The stem used when nothing of the name is left (e.g. `document-42`). */
  fallback: string
  /** Longest result in UTF-8 bytes (default {@link MAX_FILE_NAME_BYTES}). */
  maxBytes?: number
}

/**
 * A file name safe to write and show, whatever `name` holds. The rules, in order:
 * - base name only (everything up to the last `/` or `\` dropped), Unicode NFC;
 * - white space (tabs, line breaks, no-break spaces) made a space, runs of it one space;
 *   control, bidirectional-override, zero-width and other invisible characters removed;
 *   `< > : " | ? *` replaced by `_`;
 * - the extension forced to the bytes' kind: a name already ending in one of `extensions`
 *   (any case: `SCAN.JPEG`) keeps it; otherwise the first of `extensions` is added. An
 *   extension-like suffix left at the end of the stem (letters and digits with a letter)
 *   has its dot made `_`: `invoice.exe` and `invoice.exe.pdf` both become `invoice_exe.pdf`,
 *   never a double extension that Windows shows as `invoice.exe`;
 * - leading and trailing dots and spaces of the stem removed; a stem that is a reserved
 *   Windows device name (`CON`, `PRN`, `AUX`, `NUL`, `COM1`-`COM9`, `LPT1`-`LPT9`) gets a
 *   leading `_`;
 * - the stem cut so the whole name fits `maxBytes` UTF-8 bytes;
 * - an empty stem becomes `fallback` (cleaned the same way, `document` if that is empty too).
 * The result is never empty, contains no separator, and applying the function again changes nothing.
 */
export function safeFileName(name: string, options: SafeFileNameOptions): string {
  const maxBytes = options.maxBytes ?? MAX_FILE_NAME_BYTES
  const cleaned = trimDotsAndSpaces(cleanBaseName(name))
  const dot = cleaned.lastIndexOf('.')
  const ownExtension = dot >= 0 ? cleaned.slice(dot + 1) : ''
  const keepsExtension = dot >= 0 && options.extensions.includes(ownExtension.toLowerCase())
  const extension = keepsExtension ? ownExtension : options.extensions[0]
  const room = Math.max(1, maxBytes - utf8.encode(`.${extension}`).length)
  // Each rule can undo another (a `_` prefix needs room, a cut can leave a dot at the end):
  // apply them until nothing changes, so the result is stable.
  const stemOf = (text: string): string => {
    let stem = text
    for (let round = 0; round < 4; round++) {
      let next = trimDotsAndSpaces(stem)
      if (RESERVED.test(next.split('.')[0]!.trimEnd())) next = `_${next}`
      next = trimDotsAndSpaces(cutToBytes(next, room)).replace(TRAILING_EXTENSION, '_$1')
      if (next === stem) break
      stem = next
    }
    return stem
  }
  const stem = stemOf(keepsExtension ? cleaned.slice(0, dot) : cleaned) || stemOf(cleanBaseName(options.fallback))
  return `${stem || 'document'}.${extension}`
}

/**
 * A name fit to quote in a message: the base name with invisible characters removed, cut to
 * 80 characters. The extension is kept as it is (a message says what was refused).
 */
export function displayFileName(name: string): string {
  const cleaned = cleanBaseName(name).trim()
  const chars = [...cleaned]
  return chars.length <= 80 ? cleaned || 'The file' : `${chars.slice(0, 79).join('')}…`
}
