/**
 * The user's UI language and formatting locale, reactive: components that call `t()` or
 * format with `localeState.locale` re-render when they change. They start from the OS/browser
 * locale (Czech when it starts with `cs`, else English); the preferences
 * (features/preferences) then set them with `chooseLocale` (localeChoice.ts).
 */
import type { Language } from '../../locales/messages'
import { languageOfLocale, systemLocale } from './localeChoice'

export const localeState = $state<{ language: Language; locale: string }>({
  language: languageOfLocale(systemLocale()),
  /**
   * BCP 47 tag for number and date formats (the user's locale, not only the language); may
   * carry the chosen date and number formats as a private-use part (lib/formatChoices.ts).
   */
  locale: systemLocale(),
})
