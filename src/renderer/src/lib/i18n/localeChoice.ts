/**
 * Which language and formatting locale the UI uses, from the OS (or browser) locale and the
 * person's preferences. Pure, so the rule is tested without a DOM.
 */
import type { DateFormat, LanguageChoice, NumberFormat } from '../../../../shared/ipc'
import type { Language } from '../../locales/messages'
import { withFormatChoices } from '../formatChoices'

/** The OS/browser locale as a BCP 47 tag ('en' when there is none, as in tests). */
export function systemLocale(): string {
  return typeof navigator !== 'undefined' ? (navigator.languages?.[0] ?? navigator.language ?? 'en') : 'en'
}

/** The UI language of a locale tag: Czech when it starts with `cs`, else English. */
export function languageOfLocale(tag: string): Language {
  return tag.toLowerCase().startsWith('cs') ? 'cs' : 'en'
}

/** The locale a language's texts usually go with, where the OS speaks another one. */
const LOCALE_OF_LANGUAGE: Record<Language, string> = { en: 'en-US', cs: 'cs-CZ' }

/**
 * The language and the formatting locale for these preferences. The locale is the system's
 * when the language follows the system or is the system's (an en-GB system keeps its dates
 * with English texts), else the chosen language's usual one (Czech texts on an en-US system format as cs-CZ); chosen date
 * and number formats ride along in the tag (lib/formatChoices.ts).
 */
export function chooseLocale(
  system: string,
  choices: { language: LanguageChoice; dateFormat: DateFormat; numberFormat: NumberFormat },
): { language: Language; locale: string } {
  const language = choices.language === 'system' ? languageOfLocale(system) : choices.language
  const followsSystem = choices.language === 'system' || languageOfLocale(system) === language
  const base = followsSystem ? system : LOCALE_OF_LANGUAGE[language]
  return {
    language,
    locale: withFormatChoices(base, {
      ...(choices.dateFormat !== 'system' ? { dates: choices.dateFormat } : {}),
      ...(choices.numberFormat !== 'system' ? { decimals: choices.numberFormat } : {}),
    }),
  }
}
