/**
 * Registers every feature's shell extensions: each `features/<name>/register.ts` is imported
 * once, at start, by App.svelte (Vite glob import, so adding a feature needs no edit here).
 * A register module appends to `toolbarExtensions` (shell/extensions.ts) and registers its
 * strings (lib/i18n).
 */
import.meta.glob('./*/register.ts', { eager: true })
