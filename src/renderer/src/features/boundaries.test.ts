/**
 * The feature boundaries rule (eslint.boundaries.js) run through ESLint's Node API on snippets
 * placed at paths under features/: what a feature may import passes, the rest fails.
 */
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { FEATURE_DEPENDENCIES, findCycle } from '../../../../eslint.boundaries.js'

const eslint = new ESLint({ cwd: process.cwd() })

/** The rule ids ESLint reports for `code` as if it were the file at `path`. */
async function ruleErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path })
  return result!.messages.map((message) => message.ruleId ?? message.message)
}

const features = 'src/renderer/src/features'

describe('a feature imports', () => {
  it('its own files, lib/ and shared/', async () => {
    const code = [
      "import { stateLabel } from './stateLabel'",
      "import { t } from '../../lib/i18n'",
      "import { QUEUES } from '../../../../shared/queues'",
      'export const x = [stateLabel, t, QUEUES]',
    ].join('\n')
    expect(await ruleErrors(`${features}/documents/planted.ts`, code)).toEqual([])
  })

  it('a declared feature through its index.ts', async () => {
    const code = "import { refusalOf } from '../outbox'\nexport const x = refusalOf\n"
    expect(await ruleErrors(`${features}/documents/planted.ts`, code)).toEqual([])
  })

  it('not another feature file behind its index', async () => {
    const code = "import { refusalOf } from '../outbox/refusals'\nexport const x = refusalOf\n"
    expect(await ruleErrors(`${features}/documents/planted.ts`, code)).toEqual(['boundaries/dependencies'])
  })

  it('not a feature it does not declare, even through its index', async () => {
    const code = "import { DocumentPane } from '../documents'\nexport const x = DocumentPane\n"
    expect(await ruleErrors(`${features}/settings/planted.ts`, code)).toEqual(['boundaries/dependencies'])
  })

  it('not the triage screen, from a component (svelte files are checked too)', async () => {
    const code = '<script lang="ts">\n  import { TriageView } from \'../triage\'\n  void TriageView\n</script>\n'
    expect(await ruleErrors(`${features}/documents/Planted.svelte`, code)).toEqual(['boundaries/dependencies'])
  })

  it("not the shell's own components", async () => {
    const code = "import StatusBar from '../../shell/StatusBar.svelte'\nexport const x = StatusBar\n"
    expect(await ruleErrors(`${features}/export/planted.ts`, code)).toEqual(['boundaries/dependencies'])
  })
})

describe('the declared feature graph', () => {
  it('has no cycle', () => {
    expect(findCycle(FEATURE_DEPENDENCIES)).toBeNull()
  })

  it('finds a cycle when there is one', () => {
    expect(findCycle({ a: ['b'], b: ['c'], c: ['a'] })).toEqual(['a', 'b', 'c', 'a'])
  })
})
