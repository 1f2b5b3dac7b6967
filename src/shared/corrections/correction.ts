import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools'
import { z } from 'zod'
import type { Document } from '../api/document'
import { exactDecimalOf } from '../checks/money'
import { fieldValueOf, kindOf, parseFieldPath, writeFieldValue, type FieldKind, type FieldRef } from './fields'

/** The longest corrected text value (a name, a reference). */
export const MAX_CORRECTION_TEXT = 200
/** The longest corrected identifier (invoice no., symbols, IDs). */
export const MAX_CORRECTION_ID = 64
/** The longest value a person may type into a correction before it is checked. */
export const MAX_CORRECTION_INPUT = 400

/** A field path (fields.ts): only correctable fields pass. */
export const fieldPathSchema = z
  .string()
  .max(40)
  .refine((path) => parseFieldPath(path) !== null, { message: 'Not a field Docket can correct.' })

/**
 * A person's correction of one extracted field of a document, kept per account in the local
 * store (never sent to the service: it takes no corrected fields). `value` replaces the
 * service's value wherever Docket reads the document (the data pane, the checks, every
 * export); `extracted` is what the service said when the correction was made (null: nothing
 * extracted). Values are strings normalised for the field's kind ({@link normalizeFieldValue}).
 * `at` is UTC ISO 8601; `by` the signed-in user's name when known.
 */
export const correctionSchema = z.object({
  documentId: z.number().int().positive(),
  field: fieldPathSchema,
  // The service's value and the user's name come from the service, already parsed there: not
  // bounded here, so a long one can never make a document unreadable.
  extracted: z.string().nullable(),
  value: z.string().max(MAX_CORRECTION_INPUT),
  at: z.string(),
  userId: z.number().int(),
  by: z.string().nullable(),
})
export type Correction = z.infer<typeof correctionSchema>

/**
 * What happened to a correction, for the document's history: made (or replaced), withdrawn
 * by a person, or settled: dropped because the service's own data came to say the corrected
 * value. `at` is UTC ISO 8601; `by` null for a settlement (the service, not a person).
 */
export const correctionEventSchema = z.object({
  documentId: z.number().int().positive(),
  kind: z.enum(['corrected', 'withdrawn', 'settled']),
  field: fieldPathSchema,
  extracted: z.string().nullable(),
  value: z.string(),
  at: z.string(),
  by: z.string().nullable(),
})
export type CorrectionEvent = z.infer<typeof correctionEventSchema>

/** Why a typed value is refused; `code` for programs, `message` for people. */
export interface FieldValueError {
  code: 'empty' | 'too_long' | 'not_amount' | 'not_number' | 'not_date' | 'not_currency' | 'not_iban' | 'not_bic'
  message: string
}

/**
 * The value a person typed for a field of `kind`, normalised (trimmed; amounts and numbers as
 * exact decimal strings with `.`; dates YYYY-MM-DD, also typed as D.M.YYYY; currency codes and
 * IBANs upper case without spaces, the IBAN's checksum checked), or why it is refused.
 */
export function normalizeFieldValue(
  kind: FieldKind,
  typed: string,
): { ok: true; value: string } | { ok: false; error: FieldValueError } {
  const text = typed.trim()
  const fail = (code: FieldValueError['code'], message: string) => ({ ok: false as const, error: { code, message } })
  if (text === '') return fail('empty', 'Type the value the invoice shows.')
  switch (kind) {
    case 'amount': {
      const value = exactDecimalOf(text, 2)
      return value === null ? fail('not_amount', 'Type an amount with at most two decimals, e.g. 592.87.') : ok(value)
    }
    case 'number': {
      const value = exactDecimalOf(text, 6)
      return value === null ? fail('not_number', 'Type a number, e.g. 21 or 24.35.') : ok(value)
    }
    case 'date': {
      const value = isoDayOf(text)
      return value === null ? fail('not_date', 'Type a date as YYYY-MM-DD or D.M.YYYY.') : ok(value)
    }
    case 'currency':
      return /^[A-Za-z]{3}$/.test(text)
        ? ok(text.toUpperCase())
        : fail('not_currency', 'Type a currency code, e.g. CZK.')
    case 'iban': {
      const value = electronicFormatIBAN(text) ?? ''
      return isValidIBAN(value)
        ? ok(value)
        : fail('not_iban', 'This IBAN is not valid (its checksum or length is wrong).')
    }
    case 'bic': {
      const value = text.replace(/\s/g, '').toUpperCase()
      return isValidBIC(value) ? ok(value) : fail('not_bic', 'A BIC has 8 or 11 letters and digits.')
    }
    case 'id':
      return text.length > MAX_CORRECTION_ID || /[\r\n]/.test(text)
        ? fail('too_long', `An identifier is one line of at most ${MAX_CORRECTION_ID} characters.`)
        : ok(text)
    case 'text':
      return text.length > MAX_CORRECTION_TEXT
        ? fail('too_long', `Type at most ${MAX_CORRECTION_TEXT} characters.`)
        : ok(text.replace(/\s+/g, ' '))
  }
}

function ok(value: string): { ok: true; value: string } {
  return { ok: true, value }
}

/** A calendar day typed as YYYY-MM-DD or D.M.YYYY (also D. M. YYYY, D/M/YYYY) as YYYY-MM-DD; null when not a real day. */
export function isoDayOf(text: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text.trim())
  const local = /^(\d{1,2})\s*[./]\s*(\d{1,2})\s*[./]\s*(\d{4})$/.exec(text.trim())
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : local
      ? [Number(local[3]), Number(local[2]), Number(local[1])]
      : [NaN, NaN, NaN]
  if (!Number.isInteger(year) || year < 1900 || year > 2999) return null
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return date.toISOString().slice(0, 10)
}

/**
 * True when two values of a field of `kind` say the same: amounts and numbers by value,
 * identifiers and text without regard to case, the rest exactly (after normalising both).
 */
export function sameFieldValue(kind: FieldKind, a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b
  const left = normalizeFieldValue(kind, a)
  const right = normalizeFieldValue(kind, b)
  if (!left.ok || !right.ok) return a.trim() === b.trim()
  if (kind === 'amount' || kind === 'number') return Number(left.value) === Number(right.value)
  if (kind === 'id' || kind === 'text') return left.value.toLocaleLowerCase() === right.value.toLocaleLowerCase()
  return left.value === right.value
}

/** True when the service's value of `ref` in `doc` is `value` (as the field's kind compares). */
export function serviceSays(doc: Document, ref: FieldRef, value: string): boolean {
  const current = fieldValueOf(doc, ref)
  return current !== null && sameFieldValue(kindOf(ref), current, value)
}

/**
 * The corrections the service's copy of `doc` has caught up with: its own value of the field
 * is now the corrected one, so the correction has nothing left to say and is dropped.
 */
export function settledCorrections(doc: Document, corrections: readonly Correction[]): Correction[] {
  return corrections.filter((correction) => {
    const ref = parseFieldPath(correction.field)
    return ref !== null && correction.documentId === doc.id && serviceSays(doc, ref, correction.value)
  })
}

/**
 * `doc` as Docket reads it once a person's corrections apply: a copy with each corrected
 * field set to its corrected value (the service's copy is not touched). Corrections of
 * another document, or of a tax line the document no longer has, are ignored.
 */
export function applyCorrections<T extends Document>(doc: T, corrections: readonly Correction[]): T {
  const mine = corrections.filter((correction) => correction.documentId === doc.id)
  if (mine.length === 0) return doc
  const copy = structuredClone(doc)
  for (const correction of mine) {
    const ref = parseFieldPath(correction.field)
    if (ref) writeFieldValue(copy, ref, correction.value)
  }
  return copy
}
