import { join } from 'node:path'
import { xsdErrors } from './xsdSchema'

/** The published ISDOC 6.0.2 schema shipped for the tests (resources/test-fixtures/isdoc). */
export const ISDOC_SCHEMA_PATH = join(
  import.meta.dirname,
  '../../../../resources/test-fixtures/isdoc/isdoc-invoice-6.0.2.xsd',
)

/**
 * Validates an ISDOC file against the published schema and answers the schema's complaint, or
 * null when the file is a valid ISDOC invoice. For tests (unit and e2e).
 */
export function isdocSchemaErrors(xml: string | Uint8Array): string | null {
  return xsdErrors(ISDOC_SCHEMA_PATH, xml)
}
