/**
 * The types that make the compiler check every string key: derived from the English table,
 * so adding a text to ./en.ts is all it takes to use it, and a typo in a `t()` key or a key
 * missing in ./cs.ts fails `npm run typecheck:web`.
 */
import type { en } from './en'

/** The languages the UI speaks. */
export type Language = 'en' | 'cs'

/** Every key of the English table, plural forms included (`sync.pending_one`, ...). */
export type EnglishKey = keyof typeof en

/** The plural categories of Intl.PluralRules that a key may end in (`_one`, `_other`, ...). */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'

/** A plural family: the key without its form, for each `<key>_other` of the English table. */
export type PluralKey = EnglishKey extends infer K ? (K extends `${infer Base}_other` ? Base : never) : never

/** A key with one text (not a form of a plural family). */
export type SingleKey = Exclude<EnglishKey, `${string}_${PluralCategory}`>

/**
 * What `t()` accepts: a single key, or a plural family (which then needs `count`).
 * Keys built from values (`triage.queue.${queue}`) are checked too when the value's type is a
 * union of literals; a key built from data main sends (an error code) goes through `tOptional()`.
 */
export type MessageKey = SingleKey | PluralKey

/**
 * The names under one prefix: `KeyUnder<'documents.field'>` is `'invoiceNo' | 'dueDate' | ...`,
 * for a list of names whose texts are looked up as `${prefix}.${name}`.
 */
export type KeyUnder<Prefix extends string> = MessageKey extends infer K
  ? K extends `${Prefix}.${infer Name}`
    ? Name
    : never
  : never

/**
 * The Czech table: a text for every English key, and optionally the Czech-only plural forms
 * `_few` (2-4) and `_many` (fractions) of a plural family. A form it lacks falls back to
 * the family's `_other`.
 */
export type CzechMessages = { readonly [K in EnglishKey]: string } & {
  readonly [K in `${PluralKey}_${'few' | 'many'}`]?: string
}
