import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import svelte from 'eslint-plugin-svelte'
import globals from 'globals'
import svelteConfig from './svelte.config.js'
import { boundariesConfig } from './eslint.boundaries.js'

/** Only these places may import `electron` (docs/decisions.md, "Electron stays thin"). */
const electronAllowed = ['src/main/electron/**', 'src/main/index.ts', 'src/preload/**', 'e2e/electron.spec.ts']

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'dist/',
      '.ci-tools/',
      'resources/',
      'test-results/',
      'playwright-report/',
      'e2e/artifacts/',
      '**/.tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only src/main/electron, src/main/index.ts and src/preload may import electron.',
            },
            // The main process runs node_modules unbundled: a barrel import loads every module
            // behind it (the locale barrel alone costs the services about 50 MB of memory).
            {
              name: 'date-fns',
              message: 'Import each function from its own path (date-fns/parseISO): the barrel loads all of date-fns.',
            },
            {
              name: 'date-fns/locale',
              message: 'Import each locale from its own path (date-fns/locale/cs): the barrel loads every locale.',
            },
          ],
        },
      ],
    },
  },
  {
    files: electronAllowed,
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { projectService: false, extraFileExtensions: ['.svelte'], parser: tseslint.parser, svelteConfig },
    },
  },
  ...boundariesConfig,
)
