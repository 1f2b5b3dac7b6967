/**
 * Registers every feature's toolbar entries: each `features/<name>/register.ts` is imported
 * once, at start, by App.svelte (Vite glob import, so adding a feature needs no edit here).
 * A register module appends to `toolbarExtensions` (shell/extensions.ts).
 */
import.meta.glob('./*/register.ts', { eager: true })
