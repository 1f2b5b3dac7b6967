import { z } from 'zod'

/**
 * Import this first in code that runs in a page (renderer, preload, harness bridge): the
 * pages' CSP has no 'unsafe-eval', so zod must not compile parsers with `new Function`.
 * zod reads the setting when a schema is created, so it must run before any schema module.
 */
z.config({ jitless: true })
