import { join } from 'node:path'
import { xsdErrors } from './xsdSchema'

/** Stormware's Pohoda XML v2 schemas shipped for the tests (resources/schemas/pohoda). */
export const POHODA_SCHEMA_PATH = join(import.meta.dirname, '../../../../resources/schemas/pohoda/data.xsd')

/**
 * Validates a Pohoda XML data pack against `data.xsd` (which imports `invoice.xsd`, `type.xsd`
 * and the other agendas' schemas from the same folder) and answers the schema's complaint, or
 * null when the file is valid. For tests; compiling the schemas takes a few hundred ms a call.
 */
export function pohodaSchemaErrors(xml: string | Uint8Array): string | null {
  return xsdErrors(POHODA_SCHEMA_PATH, xml)
}
