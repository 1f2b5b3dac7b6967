import { registerStrings } from '../lib/i18n'
import { shellStrings } from './stringTables'

/** Registered at import time; the tables live in stringTables.ts (plain data, unit-tested). */

registerStrings('shell', shellStrings)
