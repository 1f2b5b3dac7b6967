/**
 * A person's corrections of extracted fields: which fields can be corrected (fields.ts), how a
 * typed value is checked, how corrections apply to a document and when the service's own data
 * settles them (correction.ts).
 */
export * from './fields'
export * from './correction'
