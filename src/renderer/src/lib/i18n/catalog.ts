/**
 * The string catalog behind `t()` (lib/i18n/index.ts), without any Svelte reactivity so it
 * can be unit-tested: tables per language, English fallback, `{name}` parameters and plural
 * variants chosen with Intl.PluralRules (`key_one`, `key_few`, `key_many`, `key_other`).
 */
export type Language = 'en' | 'cs'

/** A feature's strings: key -> text, English complete, Czech optional per key. */
export interface StringTables {
  en: Record<string, string>
  cs: Partial<Record<string, string>>
}

/** Params of a string: `{name}` placeholders. */
export type StringParams = Record<string, string | number>

export class Catalog {
  private readonly tables: Record<Language, Map<string, string>> = { en: new Map(), cs: new Map() }
  private readonly pluralRules = new Map<Language, Intl.PluralRules>()

  /** Adds (or replaces) the strings of `feature`; keys become `feature.key`. */
  register(feature: string, strings: StringTables): void {
    for (const [key, value] of Object.entries(strings.en)) this.tables.en.set(`${feature}.${key}`, value)
    for (const [key, value] of Object.entries(strings.cs)) {
      if (value !== undefined) this.tables.cs.set(`${feature}.${key}`, value)
    }
  }

  /** True when `key` has an English text (directly or as a plural family). */
  has(key: string): boolean {
    return this.tables.en.has(key) || this.tables.en.has(`${key}_other`)
  }

  /**
   * The text of `key` in `language` with `params` filled in; English when the language lacks
   * it; the key itself when no language has it.
   */
  text(language: Language, key: string, params?: StringParams): string {
    let text: string | undefined
    if (params && typeof params.count === 'number') {
      text = this.plural(language, key, params.count) ?? this.plural('en', key, params.count)
    }
    text ??= this.tables[language].get(key) ?? this.tables.en.get(key)
    if (text === undefined) return key
    if (!params) return text
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
  }

  /** Keys of English strings that have no Czech text. */
  missingCzech(): string[] {
    return [...this.tables.en.keys()].filter((key) => !this.tables.cs.has(key))
  }

  private plural(language: Language, key: string, count: number): string | undefined {
    let rules = this.pluralRules.get(language)
    if (!rules) this.pluralRules.set(language, (rules = new Intl.PluralRules(language)))
    const table = this.tables[language]
    return table.get(`${key}_${rules.select(count)}`) ?? table.get(`${key}_other`)
  }
}
