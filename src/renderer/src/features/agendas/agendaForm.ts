import type { Agenda } from '../../../../shared/api'
import {
  AGENDA_FIELDS,
  type AgendaField,
  type AgendaFieldProblem,
  type AgendaFormValues,
} from '../../../../shared/agendaRules'
import { t, type MessageKey } from '../../lib/i18n'

/** The form's values from an agenda as the service sent it (missing -> ''). */
export function valuesFromAgenda(agenda: Agenda | null): Record<AgendaField, string> {
  const values = Object.fromEntries(AGENDA_FIELDS.map((f) => [f, ''])) as Record<AgendaField, string>
  if (!agenda) return values
  const record = agenda as unknown as Record<string, unknown>
  for (const field of AGENDA_FIELDS) {
    const value = field.startsWith('address.')
      ? (agenda.address as Record<string, unknown> | null | undefined)?.[field.slice('address.'.length)]
      : record[field]
    values[field] = typeof value === 'string' ? value : ''
  }
  return values
}

/** Only the fields the user changed (an update sends only those: the service changes what it is sent and keeps the rest). */
export function changedValues(
  initial: Record<AgendaField, string>,
  current: Record<AgendaField, string>,
): AgendaFormValues {
  const out: AgendaFormValues = {}
  for (const field of AGENDA_FIELDS) if (current[field].trim() !== initial[field].trim()) out[field] = current[field]
  return out
}

/** A rule problem in the current language (every rule code has its text in the locales). */
export function problemText(problem: AgendaFieldProblem): string {
  return t(`agendas.rule.${problem.code}`, problem.params)
}

/** Form layout: groups of fields with their legend key. */
export const FIELD_GROUPS: { legend: MessageKey | null; fields: AgendaField[] }[] = [
  { legend: null, fields: ['name', 'home_currency'] },
  {
    legend: 'agendas.addressLegend',
    fields: ['address.street', 'address.building_no', 'address.city', 'address.postal_code', 'address.country'],
  },
  {
    legend: 'agendas.companyLegend',
    fields: ['company_id', 'company_tax_id', 'company_vat_id', 'external_id', 'client_id'],
  },
  { legend: 'agendas.emailLegend', fields: ['email_alias', 'email_whitelist'] },
]
