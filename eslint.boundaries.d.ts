/** Types of eslint.boundaries.js, for its test (src/renderer/src/features/boundaries.test.ts). */
export declare const FEATURE_DEPENDENCIES: Record<string, string[]>
export declare function findCycle(graph: Record<string, readonly string[]>): string[] | null
export declare const boundariesConfig: unknown[]
