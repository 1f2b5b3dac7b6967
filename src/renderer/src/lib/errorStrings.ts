import { registerStrings } from './i18n'

/** Readable texts of the stable error codes (src/shared/ipc/result.ts and domain codes). */
registerStrings('errors', {
  en: {
    offline: 'You are offline. The action is kept and will be sent when the connection is back.',
    unauthorized: 'Your session has ended. Sign in again.',
    reauth_required: 'Sign in again to continue.',
    not_found: 'That item is no longer available.',
    conflict: 'Someone else changed this in the meantime. The list has been refreshed.',
    server: 'The service had a problem. Try again in a moment.',
    validation: 'That input was not accepted.',
    transport: 'Docket could not reach its background service.',
    internal: 'Something went wrong in Docket. The details are in its log.',
    not_implemented: 'This is not available yet.',
    too_late: 'Too late to undo: the action was already sent.',
    invalid_output: 'Docket produced an invalid answer.',
    forbidden_sender: 'This page may not talk to Docket.',
    unknown_channel: 'This function is not available in this version of Docket.',
  },
  cs: {
    offline: 'Jste offline. Akce je uložena a odešle se po obnovení připojení.',
    unauthorized: 'Vaše přihlášení vypršelo. Přihlaste se znovu.',
    reauth_required: 'Pro pokračování se přihlaste znovu.',
    not_found: 'Tato položka už není k dispozici.',
    conflict: 'Mezitím to změnil někdo jiný. Seznam byl obnoven.',
    server: 'Služba měla problém. Zkuste to za chvíli znovu.',
    validation: 'Zadání nebylo přijato.',
    transport: 'Docket se nemohl spojit se svou službou na pozadí.',
    internal: 'V Docketu se něco pokazilo. Podrobnosti jsou v jeho protokolu.',
    not_implemented: 'Tato funkce zatím není k dispozici.',
    too_late: 'Na vrácení je pozdě: akce už byla odeslána.',
    invalid_output: 'Docket vytvořil neplatnou odpověď.',
    forbidden_sender: 'Tato stránka nesmí komunikovat s Docketem.',
    unknown_channel: 'Tato funkce není v této verzi Docketu k dispozici.',
  },
})
