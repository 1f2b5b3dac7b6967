import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { XmlDocument, XsdValidator } from 'libxml2-wasm'

/** The published ISDOC 6.0.2 schema shipped for the tests (resources/test-fixtures/isdoc). */
export const ISDOC_SCHEMA_PATH = join(
  import.meta.dirname,
  '../../../../resources/test-fixtures/isdoc/isdoc-invoice-6.0.2.xsd',
)

/**
 * Validates an ISDOC file against the published schema with libxml2 (WebAssembly) and answers
 * the schema's complaint, or null when the file is a valid ISDOC invoice. For tests (unit and
 * e2e); the schema is parsed on each call, which costs a few milliseconds.
 */
export function isdocSchemaErrors(xml: string | Uint8Array): string | null {
  const schema = XmlDocument.fromBuffer(readFileSync(ISDOC_SCHEMA_PATH))
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
