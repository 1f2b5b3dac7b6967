/** The parts of @doyensec/electronegativity's programmatic API the security scan uses (the package ships no types). */
declare module '@doyensec/electronegativity' {
  interface Level {
    value: number
    name: 'INFORMATIONAL' | 'LOW' | 'MEDIUM' | 'HIGH' | 'TENTATIVE' | 'FIRM' | 'CERTAIN'
  }
  interface Issue {
    id: string
    file: string
    sample?: string
    description: string | Record<string, string>
    location: { line: number; column: number }
    severity: Level
    confidence: Level
    manualReview: boolean
    shortenedURL: string
  }
  interface RunOptions {
    input: string
    output?: string
    isSarif?: boolean
    customScan?: string[]
    excludeFromScan?: string[]
    severitySet?: string
    confidenceSet?: string
    isRelative?: boolean
    electronUpgrade?: string
    electronVersionOverride?: string
    parserPlugins?: string[]
  }
  interface RunResult {
    globalChecks: number
    atomicChecks: number
    errors: { file: string; message: string; tolerable: boolean }[]
    issues: Issue[]
  }
  export default function run(options: RunOptions): Promise<RunResult>
}
