/**
 * Test helpers: the hand-written ECB file (`eurofxref-sample.xml`: the exact format of the
 * ECB's `eurofxref-hist` files, newest first, two days the shipped table has and five after
 * it, with ISK, which the table does not list; sample figures, not the ECB's), XML of chosen
 * days in the same format (also broken on purpose), and a loopback server standing in for the
 * ECB that records what it was asked (`serve` of src/main/api/testing, closed by its
 * `closeFakeServices`).
 */
import { readFileSync } from 'node:fs'
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import { serve } from '../../api/testing/fakeService'

/** The hand-written sample file. */
export const SAMPLE_FEED = readFileSync(join(import.meta.dirname, 'eurofxref-sample.xml'), 'utf8')

/** The days of the sample file after the shipped table's end (2025-05-09), oldest first. */
export const SAMPLE_NEW_DAYS = ['2025-05-12', '2025-05-13', '2025-05-14', '2025-05-15', '2025-05-16']

/**
 * A file in the ECB's format with `days` in the order given (the ECB's is newest first);
 * values are written as they are, so a test can write a negative rate or a wrong date.
 */
export function ecbXml(days: readonly { day: string; rates: Readonly<Record<string, string>> }[]): string {
  const cubes = days
    .map(
      ({ day, rates }) =>
        `\t\t<Cube time='${day}'>\n${Object.entries(rates)
          .map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>\n`)
          .join('')}\t\t</Cube>\n`,
    )
    .join('')
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">\n' +
    '\t<gesmes:subject>Reference rates</gesmes:subject>\n' +
    '\t<gesmes:Sender>\n\t\t<gesmes:name>European Central Bank</gesmes:name>\n\t</gesmes:Sender>\n' +
    `\t<Cube>\n${cubes}\t</Cube>\n</gesmes:Envelope>\n`
  )
}

/** A request the stand-in received. */
export interface FeedRequest {
  path: string
  headers: IncomingHttpHeaders
}

/** A loopback server standing in for the ECB's folder of files. */
export interface FeedServer {
  /** The folder URL (`http://127.0.0.1:PORT/stats/eurofxref/`), for `feedBaseUrl`. */
  folder: string
  origin: string
  requests: FeedRequest[]
}

/** Starts the stand-in on port 0; `answer` replies to every request under any path. */
export async function startFeedServer(
  answer: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<FeedServer> {
  const requests: FeedRequest[] = []
  const origin = await serve((req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers })
    answer(req, res)
  })
  return { folder: `${origin}/stats/eurofxref/`, origin, requests }
}

/** Answers `body` as the ECB does: XML with an ETag and Last-Modified, 304 when the request carries them. */
export function ecbLike(body: string, etag = '"v1"', lastModified = 'Fri, 16 May 2025 14:00:00 GMT') {
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (req.headers['if-none-match'] === etag || req.headers['if-modified-since'] === lastModified) {
      res.writeHead(304, { etag, 'last-modified': lastModified }).end()
      return
    }
    res.writeHead(200, { 'content-type': 'text/xml', etag, 'last-modified': lastModified }).end(body)
  }
}
