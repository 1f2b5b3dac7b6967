import type { CheckCode } from '../../../../shared/checks/result'

/**
 * What the checks panel asks of a warning: answer it (`not_duplicate` for the duplicate check,
 * `acknowledged` with an optional reason for any warning) or take the answer back (`withdraw`).
 */
export type CheckAnswer =
  { code: CheckCode; kind: 'not_duplicate' | 'acknowledged'; reason?: string } | { code: CheckCode; kind: 'withdraw' }
