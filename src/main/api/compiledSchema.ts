import { z } from 'zod'

/**
 * Compiled copies of the response schemas (zod `z.compile`), made on a schema's first use.
 * A compiled copy accepts exactly what its schema accepts and returns the same output; an
 * input its fast path refuses is parsed again by the runtime parser, so the issues (and the
 * `bad_response` message naming the field) are the schema's own. It builds the fast path with
 * `new Function`, which the main process allows (the renderer's CSP would not; it never decodes
 * service responses, and a process that set zod's `jitless` keeps the runtime parser). A schema
 * zod cannot compile is used as it is. For a page of 50 documents this halves the validation
 * time (about 0.9 to 0.4 ms of main-thread time, bench B1).
 */
const compiledSchemas = new WeakMap<z.ZodType, z.ZodType>()

/** The compiled copy of `schema` (see {@link compiledSchemas}); same input, output and errors. */
export function compiledSchema<S extends z.ZodType>(schema: S): S {
  let compiled = compiledSchemas.get(schema)
  if (!compiled) {
    // A process that set zod's `jitless` (no `new Function`, e.g. under a strict CSP) keeps the runtime parser.
    compiled = z.config().jitless ? schema : z.compile(schema)
    compiledSchemas.set(schema, compiled)
  }
  return compiled as S
}
