import type { NotificationKind } from '../../../shared/ipc'

/**
 * The texts of the desktop notifications, in the languages the renderer has (English and
 * Czech). Main shows them natively, outside the renderer's locale tables, so they live here;
 * the language follows the OS as the renderer's does. `{name}` and `{count}` are filled in by
 * {@link notificationText}.
 */

export type NotificationLanguage = 'en' | 'cs'

interface KindTexts {
  title: string
  /** Body for one item; `{name}` names the document when known. */
  one: string
  /** Body for several; `{count}` is how many. */
  other: string
  /** Czech needs a form for 2-4. */
  few?: string
  /** Body for one item when it has no name (e.g. a failed upload). */
  unnamed?: string
}

const TEXTS: Record<NotificationLanguage, Record<NotificationKind, KindTexts>> = {
  en: {
    repairFinished: {
      title: 'A repaired document is back',
      one: '{name} is back from repair. Click to open it.',
      other: '{count} documents are back from repair.',
    },
    uploadsProcessed: {
      title: 'Uploads processed',
      one: '{name} is ready for review. Click to open it.',
      other: '{count} uploaded documents are ready for review.',
    },
    actionsFailed: {
      title: 'Actions could not be sent',
      one: 'An action on {name} was refused by the service. Click to see it.',
      unnamed: 'An action was refused by the service.',
      other: '{count} actions were refused by the service.',
    },
    signInNeeded: {
      title: 'Sign in to Docket again',
      one: 'Your sign-in has expired. Your work is kept and is sent once you sign in.',
      other: 'Your sign-in has expired. Your work is kept and is sent once you sign in.',
    },
  },
  cs: {
    repairFinished: {
      title: 'Opravený doklad je zpět',
      one: '{name} je zpět z opravy. Klikněte pro otevření.',
      few: '{count} doklady jsou zpět z opravy.',
      other: '{count} dokladů je zpět z opravy.',
    },
    uploadsProcessed: {
      title: 'Nahrané soubory zpracovány',
      one: '{name} je připraven ke kontrole. Klikněte pro otevření.',
      few: '{count} nahrané doklady jsou připraveny ke kontrole.',
      other: '{count} nahraných dokladů je připraveno ke kontrole.',
    },
    actionsFailed: {
      title: 'Akce se nepodařilo odeslat',
      one: 'Služba odmítla akci u {name}. Klikněte pro zobrazení.',
      unnamed: 'Služba odmítla akci.',
      few: 'Služba odmítla {count} akce.',
      other: 'Služba odmítla {count} akcí.',
    },
    signInNeeded: {
      title: 'Přihlaste se znovu',
      one: 'Přihlášení vypršelo. Vaše práce je uložena a odešle se po přihlášení.',
      other: 'Přihlášení vypršelo. Vaše práce je uložena a odešle se po přihlášení.',
    },
  },
}

/** The language for an OS locale such as `cs-CZ` or `en-US`: Czech when it starts with `cs`. */
export function notificationLanguage(locale: string | undefined): NotificationLanguage {
  return locale?.toLowerCase().startsWith('cs') ? 'cs' : 'en'
}

/**
 * Title and body of a notification of `kind` about `count` items (at least 1); `name` names
 * the one item (a document's counterparty and number, or `#id`).
 */
export function notificationText(
  language: NotificationLanguage,
  kind: NotificationKind,
  count: number,
  name = '',
): { title: string; body: string } {
  const texts = TEXTS[language][kind]
  const form =
    count === 1
      ? name === ''
        ? (texts.unnamed ?? texts.one)
        : texts.one
      : language === 'cs' && count >= 2 && count <= 4
        ? (texts.few ?? texts.other)
        : texts.other
  return { title: texts.title, body: form.replace('{name}', name).replace('{count}', String(count)) }
}
