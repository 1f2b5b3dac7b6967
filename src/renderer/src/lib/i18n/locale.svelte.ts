/**
 * The user's UI language, reactive: components that call `t()` re-render when it changes.
 * Starts from the OS/browser language (Czech when it starts with `cs`, else English).
 */
import type { Language } from '../../locales/messages'

function initialLanguage(): Language {
  const preferred = typeof navigator !== 'undefined' ? (navigator.languages?.[0] ?? navigator.language ?? 'en') : 'en'
  return preferred.toLowerCase().startsWith('cs') ? 'cs' : 'en'
}

function initialLocale(): string {
  return typeof navigator !== 'undefined' ? (navigator.languages?.[0] ?? navigator.language ?? 'en') : 'en'
}

export const localeState = $state<{ language: Language; locale: string }>({
  language: initialLanguage(),
  /** BCP 47 tag for number and date formats (the user's locale, not only the language). */
  locale: initialLocale(),
})
