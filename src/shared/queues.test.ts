import { describe, expect, it } from 'vitest'
import { DOCUMENT_STATES } from './api/document'
import { QUEUES, countQueues, isInQueue, queueOfState } from './queues'

describe('queues of the triage workspace', () => {
  it('puts not_ready under Not ready and ready under Ready to export, so marking ready shrinks Not ready', () => {
    expect(queueOfState('not_ready')).toBe('not_ready')
    expect(queueOfState('ready')).toBe('ready')
    expect(isInQueue('ready', 'not_ready')).toBe(false)
  })

  it('puts repairing under In repair', () => {
    expect(queueOfState('repairing')).toBe('in_repair')
  })

  it('puts every state the service is still working on under Processing', () => {
    for (const state of [
      'uploaded',
      'extracting',
      'templating',
      'extracted',
      'verifying',
      'verifying_individual',
      'extracting_items',
      'exporting',
      'auto_exporting',
    ]) {
      expect(queueOfState(state), state).toBe('processing')
    }
  })

  it('puts exported and auto_exported under Exported', () => {
    expect(queueOfState('exported')).toBe('exported')
    expect(queueOfState('auto_exported')).toBe('exported')
  })

  it('keeps side states and unknown states only under All', () => {
    for (const state of ['parent', 'trash', 'file_duplicate', 'data_duplicate', 'teleporting', '']) {
      expect(queueOfState(state)).toBe('other')
      expect(isInQueue(state, 'all')).toBe(true)
      for (const queue of QUEUES.filter((q) => q !== 'all')) expect(isInQueue(state, queue)).toBe(false)
    }
  })

  it('gives every known state exactly one working queue or none', () => {
    for (const state of DOCUMENT_STATES) {
      const tabs = QUEUES.filter((q) => q !== 'all' && isInQueue(state, q))
      expect(tabs.length, state).toBeLessThanOrEqual(1)
      expect(isInQueue(state, 'all')).toBe(true)
    }
  })

  it('counts documents per queue and all of them under All', () => {
    expect(countQueues(['ready', 'not_ready', 'repairing', 'exported', 'extracting', 'trash'])).toEqual({
      not_ready: 1,
      ready: 1,
      in_repair: 1,
      processing: 1,
      exported: 1,
      all: 6,
      archived: 0,
    })
    expect(countQueues([])).toEqual({
      not_ready: 0,
      ready: 0,
      in_repair: 0,
      processing: 0,
      exported: 0,
      all: 0,
      archived: 0,
    })
  })

  it('lists no state under Archived: the archive, not the state, puts a document there', () => {
    for (const state of [...DOCUMENT_STATES, 'teleporting']) expect(isInQueue(state, 'archived'), state).toBe(false)
    expect(QUEUES.at(-1)).toBe('archived')
  })

  it('counts archived documents apart, never under All', () => {
    const counts = countQueues(['ready', 'exported'], 3)
    expect(counts.archived).toBe(3)
    expect(counts.all).toBe(2)
  })

  it('does not treat prototype names as states', () => {
    expect(queueOfState('constructor')).toBe('other')
    expect(queueOfState('__proto__')).toBe('other')
  })
})
