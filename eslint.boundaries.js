/**
 * The renderer's feature boundaries (src/renderer/README.md, "Layers"): a folder under
 * src/renderer/src/features imports only lib/, locales/, shared/, the shell's declared parts
 * (context.svelte.ts, extensions.ts, layout/), its own files, and another feature's public
 * `index.ts` when {@link FEATURE_DEPENDENCIES} says it may. That graph must have no cycle
 * (checked when this module loads); import-x/no-cycle catches module cycles the graph misses.
 */
import boundaries from 'eslint-plugin-boundaries'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'

/**
 * Which features each feature may import, through their index.ts. A feature not listed
 * imports none. Screens compose lower features (triage composes the document pane, the
 * comments and the agendas, passing its own state as their `*Source` interface); settings
 * imports none: features register their panels with shell/extensions.ts.
 */
export const FEATURE_DEPENDENCIES = {
  triage: ['agendas', 'app', 'comments', 'documents', 'history', 'outbox', 'preferences'],
  documents: ['app', 'outbox'],
  comments: ['documents', 'history'],
  history: ['documents', 'outbox'],
  agendas: ['sync'],
  auth: ['preferences', 'sync'],
  sync: ['outbox'],
  app: ['preferences'],
}

/** The first cycle in a dependency graph, as a path that ends where it starts, or null. */
export function findCycle(graph) {
  const state = new Map()
  const visit = (node, path) => {
    if (state.get(node) === 'done') return null
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node]
    state.set(node, 'open')
    for (const next of graph[node] ?? []) {
      const cycle = visit(next, [...path, node])
      if (cycle) return cycle
    }
    state.set(node, 'done')
    return null
  }
  for (const node of Object.keys(graph)) {
    const cycle = visit(node, [])
    if (cycle) return cycle
  }
  return null
}

const cycle = findCycle(FEATURE_DEPENDENCIES)
if (cycle) throw new Error(`FEATURE_DEPENDENCIES has a cycle: ${cycle.join(' -> ')}`)

const renderer = 'src/renderer/src'
/** The shell's parts features may use: what it shares (context), its extension points, the pane layout. */
const SHELL_API = ['context.svelte.ts', 'extensions.ts', 'layout/**']
const featureFiles = [`${renderer}/features/*/**/*.{ts,svelte}`]

/** Policies of boundaries/dependencies: everything a feature may import; the rest is refused. */
function featurePolicies() {
  const always = {
    from: { element: { type: 'feature' } },
    allow: { to: { element: { types: { anyOf: ['lib', 'locales', 'shared'] } } } },
  }
  const shellApi = {
    from: { element: { type: 'feature' } },
    allow: { to: { element: { type: 'shell', fileInternalPath: SHELL_API } } },
  }
  const domains = new Set([...Object.keys(FEATURE_DEPENDENCIES), ...Object.values(FEATURE_DEPENDENCIES).flat()])
  const own = [...domains].map((domain) => ({
    from: { element: { type: 'feature', captured: { domain } } },
    allow: { to: { element: { type: 'feature', captured: { domain } } } },
  }))
  const sameFolder = {
    from: { element: { type: 'feature' } },
    allow: { to: { element: { type: 'feature', captured: { domain: '{{ from.element.captured.domain }}' } } } },
  }
  const declared = Object.entries(FEATURE_DEPENDENCIES).map(([domain, deps]) => ({
    from: { element: { type: 'feature', captured: { domain } } },
    allow: { to: { element: { type: 'feature', captured: { domain: deps }, fileInternalPath: 'index.ts' } } },
  }))
  return [always, shellApi, sameFolder, ...own, ...declared]
}

export const boundariesConfig = [
  {
    files: featureFiles,
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js', '.svelte'] } },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.svelte'] })],
      'import-x/extensions': ['.ts', '.js', '.svelte'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.js'] },
      // no-cycle follows .ts modules only (it cannot parse a component's TypeScript); cycles
      // through components are still refused: every cross-feature import must be declared above.
      'import-x/ignore': ['\\.svelte$'],
      'boundaries/elements': [
        { type: 'feature', pattern: `${renderer}/features/*`, capture: ['domain'] },
        { type: 'lib', pattern: `${renderer}/lib` },
        { type: 'locales', pattern: `${renderer}/locales` },
        { type: 'shell', pattern: `${renderer}/shell` },
        { type: 'shared', pattern: 'src/shared' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            'A feature imports lib/, locales/, shared/, shell/context|extensions|layout, its own folder, and only the index.ts of the features FEATURE_DEPENDENCIES (eslint.boundaries.js) lists for it.',
          policies: featurePolicies(),
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
]
