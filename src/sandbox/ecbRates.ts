import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { create } from 'xmlbuilder2'

/**
 * A stand-in for the European Central Bank's reference-rate files, so demo mode and the tests
 * exercise Docket's rate update without reaching the internet (Docket asks a service on a
 * loopback address here instead of the ECB):
 * `GET /_sandbox/ecb/eurofxref-hist-90d.xml` and `GET /_sandbox/ecb/eurofxref-hist.xml`.
 * Both answer the same few days in the ECB's exact XML format (newest first), with an
 * `ETag` and `Last-Modified`, and 304 to a request that carries either. Always on (read-only,
 * no account data). The figures are SAMPLES in the range of the ECB's rates of mid-May 2025,
 * the week after the table shipped with Docket ends, not the ECB's published values.
 */

/** The sample days, newest first: units of each currency per 1 EUR. */
export const SANDBOX_ECB_DAYS: readonly { day: string; rates: Readonly<Record<string, string>> }[] = [
  {
    day: '2025-05-16',
    rates: { USD: '1.1185', JPY: '162.72', CZK: '24.955', GBP: '0.84130', PLN: '4.2483', INR: '95.6275' },
  },
  {
    day: '2025-05-15',
    rates: { USD: '1.1194', JPY: '163.05', CZK: '24.970', GBP: '0.84180', PLN: '4.2530', INR: '95.7940' },
  },
  {
    day: '2025-05-14',
    rates: { USD: '1.1220', JPY: '164.10', CZK: '24.985', GBP: '0.84250', PLN: '4.2610', INR: '95.9105' },
  },
  {
    day: '2025-05-13',
    rates: { USD: '1.1180', JPY: '164.45', CZK: '24.990', GBP: '0.84310', PLN: '4.2655', INR: '95.4560' },
  },
  {
    day: '2025-05-12',
    rates: { USD: '1.1100', JPY: '163.90', CZK: '24.965', GBP: '0.84370', PLN: '4.2520', INR: '94.7810' },
  },
]

/** When the sample was "published" (the Last-Modified of both files). */
const PUBLISHED = new Date(Date.UTC(2025, 4, 16, 14, 0, 0)).toUTCString()

/** The sample in the ECB's format: `gesmes:Envelope` > `Cube` > `Cube time` > `Cube currency rate`. */
export function sandboxEcbXml(): string {
  const envelope = create({ version: '1.0', encoding: 'UTF-8' }).ele(
    'http://www.gesmes.org/xml/2002-08-01',
    'gesmes:Envelope',
    {
      xmlns: 'http://www.ecb.int/vocabulary/2002-08-01/eurofxref',
    },
  )
  envelope.ele('http://www.gesmes.org/xml/2002-08-01', 'gesmes:subject').txt('Reference rates')
  envelope
    .ele('http://www.gesmes.org/xml/2002-08-01', 'gesmes:Sender')
    .ele('http://www.gesmes.org/xml/2002-08-01', 'gesmes:name')
    .txt('European Central Bank (sample served by the Docket sandbox)')
  const cubes = envelope.ele('Cube')
  for (const { day, rates } of SANDBOX_ECB_DAYS) {
    const dayCube = cubes.ele('Cube', { time: day })
    for (const [currency, rate] of Object.entries(rates)) dayCube.ele('Cube', { currency, rate })
  }
  return envelope.end({ prettyPrint: true })
}

/** Registers the two file routes on the sandbox. */
export function registerEcbRates(app: FastifyInstance): void {
  const body = sandboxEcbXml()
  const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`
  for (const file of ['eurofxref-hist-90d.xml', 'eurofxref-hist.xml']) {
    app.get(`/_sandbox/ecb/${file}`, async (request, reply) => {
      reply.header('etag', etag).header('last-modified', PUBLISHED)
      const conditional =
        request.headers['if-none-match'] === etag || request.headers['if-modified-since'] === PUBLISHED
      if (conditional) return reply.code(304).send()
      return reply.type('text/xml; charset=utf-8').send(body)
    })
  }
}
