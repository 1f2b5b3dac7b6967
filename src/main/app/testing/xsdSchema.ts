import { readFileSync } from 'node:fs'
import { XmlDocument, XsdValidator } from 'libxml2-wasm'
import { xmlRegisterFsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs'

let registered = false

/**
 * Validates `xml` against the XSD at `schemaPath` with libxml2 (WebAssembly) and answers the
 * schema's complaint, or null when the file is valid. Schemas that import others are read
 * relative to `schemaPath` (file-system input providers, registered once). For tests: the
 * schema is compiled on each call.
 */
export function xsdErrors(schemaPath: string, xml: string | Uint8Array): string | null {
  if (!registered) registered = xmlRegisterFsInputProviders()
  const schema = XmlDocument.fromBuffer(readFileSync(schemaPath), { url: schemaPath })
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
