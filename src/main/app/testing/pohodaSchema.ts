import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { XmlDocument, XsdValidator } from 'libxml2-wasm'
import { xmlRegisterFsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs'

/** Stormware's Pohoda XML v2 schemas shipped for the tests (resources/schemas/pohoda). */
export const POHODA_SCHEMA_PATH = join(import.meta.dirname, '../../../../resources/schemas/pohoda/data.xsd')

let registered = false

/**
 * Validates a Pohoda XML data pack against `data.xsd` (which imports `invoice.xsd`,
 * `type.xsd` and the other agendas' schemas from the same folder) with libxml2
 * (WebAssembly), and answers the schema's complaint, or null when the file is valid. For
 * tests; compiling the schemas takes a few hundred milliseconds per call.
 */
export function pohodaSchemaErrors(xml: string | Uint8Array): string | null {
  if (!registered) registered = xmlRegisterFsInputProviders()
  const schema = XmlDocument.fromBuffer(readFileSync(POHODA_SCHEMA_PATH), { url: POHODA_SCHEMA_PATH })
  const validator = XsdValidator.fromDoc(schema)
  const doc = typeof xml === 'string' ? XmlDocument.fromString(xml) : XmlDocument.fromBuffer(xml)
  try {
    validator.validate(doc)
    return null
  } catch (error) {
    return String((error as Error).message)
  } finally {
    doc.dispose()
    validator.dispose()
    schema.dispose()
  }
}
