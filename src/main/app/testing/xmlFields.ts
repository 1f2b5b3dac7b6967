import { XmlDocument } from 'libxml2-wasm'

/**
 * Reads fields of an XML file by XPath, for tests that compare an export with its source
 * document field by field. `prefixes` maps the prefixes the paths use to namespaces.
 */
export function xmlFields(xml: string, prefixes: Record<string, string>) {
  const doc = XmlDocument.fromString(xml)
  return {
    /** The text of the first node at `path`, or null. */
    text(path: string): string | null {
      return doc.get(path, prefixes)?.content ?? null
    },
    /** The texts of every node at `path`. */
    texts(path: string): string[] {
      return doc.find(path, prefixes).map((node) => node.content)
    },
    /** The number at `path`, or null. */
    number(path: string): number | null {
      const value = doc.get(path, prefixes)?.content
      return value === undefined ? null : Number(value)
    },
    count(path: string): number {
      return doc.find(path, prefixes).length
    },
    dispose(): void {
      doc.dispose()
    },
  }
}
