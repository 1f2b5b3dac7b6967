import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
// electron-builder's own loader (app-builder-lib ships with electron-builder): the test reads
// electron-builder.yml exactly as packaging does.
import { getConfig } from 'app-builder-lib/out/util/config/config'
import { DEEP_LINK_SCHEME } from '../../shared/deepLinks'
import {
  MAX_RELEASE_NOTES_LENGTH,
  UPDATE_FEED_URL,
  checkUpdateFeedUrl,
  checkUpdateFileUrls,
  releaseNotesText,
} from './updateFeed'

const projectRoot = join(import.meta.dirname, '../../..')

describe('update feed address', () => {
  it('accepts https only, adding the trailing slash relative names need', () => {
    expect(checkUpdateFeedUrl('https://updates.example/docket').toString()).toBe('https://updates.example/docket/')
    for (const url of [
      'http://updates.example/',
      'ftp://updates.example/',
      'file:///srv/updates/',
      'https://user:pw@updates.example/',
      'https://updates.example/?token=x',
      'not a url',
    ]) {
      expect(() => checkUpdateFeedUrl(url), url).toThrow(expect.objectContaining({ code: 'insecure_feed' }))
    }
  })

  it('accepts plain http on loopback only with the test flag', () => {
    expect(() => checkUpdateFeedUrl('http://127.0.0.1:9000/')).toThrow()
    expect(checkUpdateFeedUrl('http://127.0.0.1:9000/', { allowLoopbackHttp: true }).host).toBe('127.0.0.1:9000')
    expect(() => checkUpdateFeedUrl('http://updates.example/', { allowLoopbackHttp: true })).toThrow()
  })

  it('lets an https feed name relative files and https files elsewhere, never http ones', () => {
    const feed = checkUpdateFeedUrl('https://updates.example/docket/')
    expect(() => checkUpdateFileUrls(['Docket-0.2.0.exe', 'https://cdn.example/Docket.exe'], feed)).not.toThrow()
    expect(() => checkUpdateFileUrls(['http://cdn.example/Docket.exe'], feed)).toThrow(
      expect.objectContaining({ code: 'insecure_download' }),
    )
    expect(() =>
      checkUpdateFileUrls(
        ['//cdn.example/x.exe'],
        checkUpdateFeedUrl('http://127.0.0.1/', { allowLoopbackHttp: true }),
        { allowLoopbackHttp: true },
      ),
    ).toThrow()
  })

  it('is the publish feed of electron-builder.yml, which also registers the docket:// scheme', async () => {
    const config = await getConfig(projectRoot, join(projectRoot, 'electron-builder.yml'), null)
    expect(config.publish).toEqual({ provider: 'generic', url: UPDATE_FEED_URL })
    expect(() => checkUpdateFeedUrl(UPDATE_FEED_URL)).not.toThrow()
    expect(config.protocols).toEqual([{ name: 'Docket link', schemes: [DEEP_LINK_SCHEME] }])
  })
})

describe('release notes', () => {
  it('turns HTML notes into plain text', () => {
    expect(releaseNotesText('<h2>0.2.0</h2><p>Faster sync &amp; <b>copy link</b>.</p><script>x()</script>')).toBe(
      '0.2.0\nFaster sync & copy link.\nx()',
    )
  })

  it('joins per-version notes and drops empty ones', () => {
    expect(
      releaseNotesText([
        { version: '0.2.0', note: 'Copy link' },
        { version: '0.1.1', note: null },
      ]),
    ).toBe('0.2.0\nCopy link\n\n0.1.1')
    expect(releaseNotesText('  <p></p> ')).toBeNull()
    expect(releaseNotesText(undefined)).toBeNull()
  })

  it('caps their length', () => {
    expect(releaseNotesText('x'.repeat(MAX_RELEASE_NOTES_LENGTH * 2))!.length).toBe(MAX_RELEASE_NOTES_LENGTH)
  })
})
