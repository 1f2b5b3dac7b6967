import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  DEEP_LINK_TARGETS,
  MAX_DEEP_LINK_LENGTH,
  findDeepLinkInArgs,
  formatDeepLink,
  parseDeepLink,
  type DeepLink,
} from './deepLinks'

describe('deep links: parsing', () => {
  it('reads a document link and an agenda link', () => {
    expect(parseDeepLink('docket://document/42')).toEqual({ target: 'document', id: 42 })
    expect(parseDeepLink('docket://agenda/7')).toEqual({ target: 'agenda', id: 7 })
  })

  it('accepts one trailing slash and any case in scheme and target, as URLs allow', () => {
    expect(parseDeepLink('docket://document/42/')).toEqual({ target: 'document', id: 42 })
    expect(parseDeepLink('DOCKET://Agenda/7')).toEqual({ target: 'agenda', id: 7 })
  })

  it('refuses every other shape', () => {
    for (const text of [
      'docket://document/0',
      'docket://document/-1',
      'docket://document/007',
      'docket://document/1.5',
      'docket://document/1e3',
      'docket://document/',
      'docket://document',
      'docket://document/12?x=1',
      'docket://document/12#x',
      'docket://document/12//',
      'docket://document/12/comments',
      'docket://document/%31%32',
      'docket://user@document/12',
      'docket://document:80/12',
      'docket://documents/12',
      'docket://export/12',
      'docket:document/12',
      'docket:///document/12',
      'https://document/12',
      'javascript://document/12',
      ' docket://document/12',
      'docket://document/12 ',
      'docket://document/12\n',
      'docket://document/９',
      'docket://document/99999999999999999',
      'docket://document/9007199254740992',
    ]) {
      expect(parseDeepLink(text), text).toBeNull()
    }
  })

  it('refuses non-strings and text over the length limit', () => {
    expect(parseDeepLink(undefined)).toBeNull()
    expect(parseDeepLink(42)).toBeNull()
    expect(parseDeepLink({ target: 'document', id: 1 })).toBeNull()
    expect(parseDeepLink(`docket://document/1${'/'.repeat(MAX_DEEP_LINK_LENGTH)}`)).toBeNull()
  })

  it('never reads a random string as a link other than the one it spells', () => {
    const linkish = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc
        .tuple(
          fc.constantFrom('docket://', 'DOCKET://', 'docket:/', 'docket:///', ''),
          fc.constantFrom('document', 'agenda', 'Document', 'documents', ''),
          fc.constantFrom('/', '//', ''),
          fc.string({ unit: fc.constantFrom('0', '1', '9', '/', '?', '#', '%', '.', '-', ' ', 'a'), maxLength: 20 }),
        )
        .map((parts) => parts.join('')),
    )
    fc.assert(
      fc.property(linkish, (text) => {
        const link = parseDeepLink(text)
        if (link === null) return
        // whatever parses is exactly the canonical text, up to case and one trailing slash
        expect(text.toLowerCase().replace(/\/$/, '')).toBe(formatDeepLink(link))
      }),
      { numRuns: 3000 },
    )
  })
})

describe('deep links: formatting', () => {
  it('writes the canonical form, which parses back to the same link', () => {
    const link = fc.record({ target: fc.constantFrom(...DEEP_LINK_TARGETS), id: fc.maxSafeNat().filter((n) => n > 0) })
    fc.assert(
      fc.property(link, (value: DeepLink) => {
        expect(parseDeepLink(formatDeepLink(value))).toEqual(value)
      }),
    )
    expect(formatDeepLink({ target: 'document', id: 42 })).toBe('docket://document/42')
  })

  it('refuses to write a link that could not be parsed', () => {
    expect(() => formatDeepLink({ target: 'document', id: 0 })).toThrow(RangeError)
    expect(() => formatDeepLink({ target: 'document', id: 1.5 })).toThrow(RangeError)
    expect(() => formatDeepLink({ target: 'export' as never, id: 1 })).toThrow(RangeError)
  })
})

describe('deep links on the command line', () => {
  it('finds the link among the arguments Windows and Linux pass', () => {
    const argv = ['/opt/Docket/docket', '--allow-file-access-from-files', 'docket://agenda/3/']
    expect(findDeepLinkInArgs(argv)).toEqual({ target: 'agenda', id: 3 })
    expect(findDeepLinkInArgs(['/opt/Docket/docket', '--flag', 'docket://document/x'])).toBeNull()
  })
})
