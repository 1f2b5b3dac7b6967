import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { displayFileName, MAX_FILE_NAME_BYTES, safeFileName, type SafeFileNameOptions } from './safeFileName'

const pdf = { extensions: ['pdf'] as const, fallback: 'document-42' }
const jpeg = { extensions: ['jpg', 'jpeg'] as const, fallback: 'document-42' }
const utf8Bytes = (text: string) => new TextEncoder().encode(text).length

describe('safe file names', () => {
  /** Each rule with the names that show it: [given name, options, name written]. */
  const rules: Record<string, [string, SafeFileNameOptions, string][]> = {
    'keeps an ordinary name with the right extension as it is': [
      ['Faktura 1.pdf', pdf, 'Faktura 1.pdf'],
      ['Žluťoučký kůň 2026.11.pdf', pdf, 'Žluťoučký kůň 2026.11.pdf'],
      ['SCAN.JPEG', jpeg, 'SCAN.JPEG'],
      ['photo.jpg', jpeg, 'photo.jpg'],
    ],
    'keeps the base name only': [
      ['../../etc/passwd.pdf', pdf, 'passwd.pdf'],
      ['C:\\Windows\\System32\\evil.pdf', pdf, 'evil.pdf'],
    ],
    'forces the extension of the bytes and never leaves an executable one in sight': [
      ['invoice.exe', pdf, 'invoice_exe.pdf'],
      ['evil.bat', pdf, 'evil_bat.pdf'],
      ['run.command', pdf, 'run_command.pdf'],
      ['invoice.exe.pdf', pdf, 'invoice_exe.pdf'],
      ['report', pdf, 'report.pdf'],
      ['photo.pdf', jpeg, 'photo_pdf.jpg'],
    ],
    'removes bidirectional overrides, isolates, marks, zero-width and control characters': [
      ['invoice\u202Efdp.hta', pdf, 'invoicefdp_hta.pdf'],
      ['a\u2066b\u2067c\u2068d\u2069e\u200Ef\u200Fg\u200Bh\uFEFF.pdf', pdf, 'abcdefgh.pdf'],
      ['tab\there\u0000nul\u001b[31m\u007f.pdf', pdf, 'tab herenul[31m.pdf'],
      ['line\u2028break.pdf', pdf, 'line break.pdf'],
      ['a<b>c:d"e|f?g*h.pdf', pdf, 'a_b_c_d_e_f_g_h.pdf'],
    ],
    'handles reserved Windows device names, with or without an extension, in any case': [
      ...['CON', 'prn', 'Aux', 'NUL', 'COM1', 'com9', 'LPT1', 'lpt9', 'CONIN$'].map(
        (name): [string, SafeFileNameOptions, string] => [`${name}.pdf`, pdf, `_${name}.pdf`],
      ),
      ['con .pdf', pdf, '_con.pdf'],
      ['CON.tar.pdf', pdf, '_CON_tar.pdf'],
      ['CONSOLE.pdf', pdf, 'CONSOLE.pdf'],
      ['COM10.pdf', pdf, 'COM10.pdf'],
    ],
    'removes leading and trailing dots and spaces, and falls back when nothing is left': [
      ['invoice. . .', pdf, 'invoice.pdf'],
      ['invoice .pdf', pdf, 'invoice.pdf'],
      ['.bashrc', pdf, 'bashrc.pdf'],
      ['   ', pdf, 'document-42.pdf'],
      ['..', pdf, 'document-42.pdf'],
      ['\u202E', { extensions: ['pdf'], fallback: '\u202E' }, 'document.pdf'],
    ],
  }
  for (const [rule, cases] of Object.entries(rules)) {
    it(rule, () => {
      for (const [name, options, expected] of cases)
        expect(safeFileName(name, options), JSON.stringify(name)).toBe(expected)
    })
  }

  it('caps the length in UTF-8 bytes without cutting a character', () => {
    const long = safeFileName(`${'č'.repeat(500)}.pdf`, pdf)
    expect(utf8Bytes(long)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES)
    expect(long).toMatch(/^č+\.pdf$/)
    expect(safeFileName(`${'😀'.repeat(100)}.pdf`, { ...pdf, maxBytes: 20 })).toBe('😀😀😀😀.pdf')
    // A suffix longer than the usual extensions still reads as one in a file manager.
    expect(safeFileName('¡.exeCONlpt1CON', { ...pdf, maxBytes: 20 })).toBe('¡_exeCONlpt1CON.pdf')
  })

  it('whatever the name: one base name, no invisible characters, the right extension, short, stable', () => {
    const hostile = fc.constantFrom(
      '/',
      '\\',
      '.',
      ' ',
      '..',
      '\u202E',
      '\u2066',
      '\u200F',
      '\u0000',
      '\n',
      'CON',
      'lpt1',
      '.exe',
      '.pdf',
      '.PDF',
      'č',
      '😀',
      ':',
    )
    const name = fc
      .array(fc.oneof(hostile, fc.string({ unit: 'binary', maxLength: 8 })), { maxLength: 40 })
      .map((parts) => parts.join(''))
    const options = fc.record({
      extensions: fc.constantFrom(['pdf'] as const, ['jpg', 'jpeg'] as const, ['tif', 'tiff'] as const),
      maxBytes: fc.integer({ min: 16, max: 255 }),
    })
    fc.assert(
      fc.property(name, options, (raw, { extensions, maxBytes }) => {
        const result = safeFileName(raw, { extensions, fallback: 'document', maxBytes })
        expect(result).not.toMatch(/[/\\<>:"|?*]/)
        expect(result).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u)
        expect(utf8Bytes(result)).toBeLessThanOrEqual(maxBytes)
        const dot = result.lastIndexOf('.')
        expect(dot).toBeGreaterThan(0)
        expect(extensions).toContain(result.slice(dot + 1).toLowerCase())
        const stem = result.slice(0, dot)
        expect(stem).not.toMatch(/^[. ]|[. ]$/)
        expect(stem).not.toMatch(/\.[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*$/)
        expect(stem.split('.')[0]).not.toMatch(/^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i)
        expect(safeFileName(result, { extensions, fallback: 'document', maxBytes })).toBe(result)
      }),
      { numRuns: 500 },
    )
  })
})

describe('file names in messages', () => {
  it('shows the base name without invisible characters, cut to 80 characters', () => {
    expect(displayFileName('dir/invoice\u202Efdp.hta')).toBe('invoicefdp.hta')
    expect([...displayFileName('x'.repeat(200))]).toHaveLength(80)
    expect(displayFileName('')).toBe('The file')
  })
})
