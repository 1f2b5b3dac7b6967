import { describe, expect, it } from 'vitest'
import { parseEcbFeed } from './parseFeed'
import { ecbXml, SAMPLE_FEED, SAMPLE_NEW_DAYS } from './testing/feeds'

const TODAY = '2026-11-24'
const parse = (xml: string, after: string | null = null) => parseEcbFeed(xml, { after, today: TODAY })
const refusal = (xml: string, after: string | null = null) => {
  try {
    parse(xml, after)
  } catch (error) {
    return error as { code: string; message: string }
  }
  throw new Error('expected the file to be refused')
}
const day = (date: string, rates: Record<string, string> = { USD: '1.1', CZK: '25.0' }) => ({ day: date, rates })

describe('reading the ECB reference-rate file', () => {
  it('reads every day and currency of the real format, oldest first, as numbers per 1 EUR', () => {
    const days = parse(SAMPLE_FEED)
    expect(days.map((d) => d.day)).toEqual(['2025-05-08', '2025-05-09', ...SAMPLE_NEW_DAYS])
    expect(days.at(-1)).toEqual({
      day: '2025-05-16',
      rates: {
        USD: 1.1185,
        JPY: 162.72,
        CZK: 24.955,
        GBP: 0.8413,
        HUF: 402.15,
        PLN: 4.2483,
        CHF: 0.9338,
        ISK: 146.1,
        INR: 95.6275,
      },
    })
  })

  it('reads only the days after the table ends', () => {
    expect(parse(SAMPLE_FEED, '2025-05-09').map((d) => d.day)).toEqual(SAMPLE_NEW_DAYS)
    expect(parse(SAMPLE_FEED, '2025-05-16')).toEqual([])
  })

  it('stops reading at the first day the table has: what follows it is never looked at', () => {
    const xml = ecbXml([day('2025-05-13'), day('2025-05-12'), day('2025-05-09', { USD: 'garbage' })])
    expect(parse(xml, '2025-05-09').map((d) => d.day)).toEqual(['2025-05-12', '2025-05-13'])
    expect(refusal(xml).code).toBe('invalid_rates')
  })

  it('refuses what is not the ECB file: an HTML page, plain text, JSON, another XML document', () => {
    for (const text of [
      '<!doctype html><html><body>Sign in to the Wi-Fi</body></html>',
      'Service Unavailable',
      '{"gesmes:Envelope": {"Cube": {}}}',
      '<?xml version="1.0"?><rss><channel/></rss>',
      '<gesmes:Envelope xmlns:gesmes="http://example.com/other"><Cube/></gesmes:Envelope>',
      '<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01"><subject/></gesmes:Envelope>',
      '',
    ]) {
      expect(refusal(text), text).toMatchObject({ code: 'bad_format', message: /not the ECB's reference-rate file/ })
    }
  })

  it('refuses a file whose days are not newest first, as the ECB lists them', () => {
    expect(refusal(ecbXml([day('2025-05-12'), day('2025-05-13')]))).toMatchObject({
      code: 'bad_format',
      message: /not listed newest first/,
    })
  })

  it('refuses a day that cannot be right, naming it: no such date, a date in the future, no rates', () => {
    expect(refusal(ecbXml([day('2025-02-30')]))).toMatchObject({ code: 'invalid_rates', message: /2025-02-30/ })
    expect(refusal(ecbXml([day('30.05.2025')])).code).toBe('invalid_rates')
    expect(refusal(ecbXml([day('2026-11-26')]))).toMatchObject({ code: 'invalid_rates', message: /after today/ })
    expect(refusal(ecbXml([day('2025-05-12', {})]))).toMatchObject({ code: 'invalid_rates', message: /has no rates/ })
  })

  it('refuses a rate that is not a positive decimal number, and a currency that is not a code', () => {
    for (const rate of ['-1.2', '0', '0.0000', '1,2345', '1e3', 'NaN', 'Infinity', '', ' 1.1']) {
      expect(refusal(ecbXml([day('2025-05-12', { USD: rate })])), rate).toMatchObject({
        code: 'invalid_rates',
        message: /2025-05-12: the rate of "USD"/,
      })
    }
    expect(refusal(ecbXml([day('2025-05-12', { usd: '1.1' })])).code).toBe('invalid_rates')
    expect(refusal(ecbXml([day('2025-05-12', { EURO: '1.1' })])).code).toBe('invalid_rates')
  })

  it('refuses a day listed twice and a currency listed twice in a day', () => {
    const twice = ecbXml([day('2025-05-12')]).replace(
      '</Cube>\n\t</Cube>',
      "<Cube currency='USD' rate='1.2'/></Cube>\n\t</Cube>",
    )
    expect(refusal(twice)).toMatchObject({ code: 'invalid_rates', message: /USD twice/ })
  })

  it('expands no entity: a billion-laughs file and an external entity are refused without being expanded', () => {
    const laughs = SAMPLE_FEED.replace(
      '<gesmes:Envelope',
      '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
        '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>\n<gesmes:Envelope',
    ).replace("rate='1.1185'", "rate='&lol3;'")
    expect(refusal(laughs)).toMatchObject({ code: 'invalid_rates', message: /"&lol3;" is not a decimal number/ })
    const external = SAMPLE_FEED.replace(
      '<gesmes:Envelope',
      '<!DOCTYPE r [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n<gesmes:Envelope',
    ).replace("rate='1.1185'", "rate='&secret;'")
    expect(refusal(external)).toMatchObject({ code: 'invalid_rates', message: /"&secret;"/ })
  })

  it('refuses malformed XML with a reason, and keeps a hostile value short in the message', () => {
    expect(refusal('<gesmes:Envelope a="&#99999999;"/>')).toMatchObject({ code: 'bad_format', message: /well-formed/ })
    const long = refusal(ecbXml([day('2025-05-12', { USD: 'x'.repeat(100_000) })]))
    expect(long.message.length).toBeLessThan(200)
  })
})
