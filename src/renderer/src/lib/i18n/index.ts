/**
 * The UI's strings: `t(key, params)` answers the text of `key` in the current language.
 *
 * ```ts
 * t('export.title')                                  // 'Export documents'
 * t('sync.pending', { count: 3 })                     // '3 actions to send'
 * t('documents.file.savedTo', { path: '/tmp/a.pdf' }) // 'Saved to /tmp/a.pdf.'
 * ```
 *
 * The texts live in src/renderer/src/locales (en.ts complete, cs.ts with every key of en.ts);
 * `key` is checked by the compiler against them (`MessageKey`), and a plural family needs
 * `count`. A key missing in Czech at run time falls back to English; `{name}` is replaced by
 * `params.name` (kept as it is when absent); with a numeric `count` the form is picked with
 * Intl.PluralRules (`_one`, `_few`, `_many`, `_other`). `t()` reads the reactive language,
 * so components re-render when it changes.
 */
import { cs } from '../../locales/cs'
import { en } from '../../locales/en'
import type { KeyUnder, Language, MessageKey, PluralKey } from '../../locales/messages'
import { Catalog, type StringParams } from './catalog'
import { localeState } from './locale.svelte'

export type { KeyUnder, Language, MessageKey, StringParams }
export { localeState }

const catalog = new Catalog({ en, cs })

/** The params `t()` takes for `K`: `count` is required for a plural family. */
type ParamsOf<K extends MessageKey> = [K] extends [PluralKey]
  ? [params: StringParams & { count: number }]
  : [params?: StringParams]

/** The text of `key` in the current language with `params` filled in. */
export function t<K extends MessageKey>(key: K, ...[params]: ParamsOf<K>): string {
  return catalog.text(localeState.language, key, params)
}

/**
 * The text of a key built from data the program does not know in advance (an error code or a
 * document state sent by main), or undefined when no language has it, so the caller can
 * show the data's own wording instead.
 */
export function tOptional(key: string, params?: StringParams): string | undefined {
  return catalog.has(key) ? catalog.text(localeState.language, key, params) : undefined
}
