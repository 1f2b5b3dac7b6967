import { vitePreprocess } from '@sveltejs/vite-plugin-svelte'

/** Svelte 5 (runes) configuration for the renderer; electron-vite points the plugin here. */
export default {
  preprocess: vitePreprocess(),
  compilerOptions: { runes: true },
}
