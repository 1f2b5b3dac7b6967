import { formatDuration } from 'date-fns/formatDuration'
import { cs } from 'date-fns/locale/cs'
import { enUS } from 'date-fns/locale/en-US'
import type { CheckResult, RequiredField } from './result'

/** How the panel words the figures of a check: money in the document's currency, field names. */
export interface CheckWordingFormatters {
  money(value: number | undefined): string
  fieldName(field: RequiredField): string
  /** The UI language: `cs` words durations in Czech, anything else in English. */
  language: string
}

/**
 * How long overdue, in words of the UI language: years and months when at least a month
 * ("3 years 8 months", "3 roky 8 měsíců"), else days.
 */
export function overdueInWords(duration: NonNullable<CheckResult['duration']>, language: string): string {
  const locale = language === 'cs' ? cs : enUS
  const longer = duration.years > 0 || duration.months > 0
  return formatDuration(duration, { format: longer ? ['years', 'months'] : ['days'], locale })
}

/**
 * The placeholders of a check's text (`documents.check.<code>.<status>[.<variant>]`): the
 * figures in `params` (`base` and `paid` formatted as money), the money amounts formatted,
 * `others` (the other documents a duplicate check names, "#12, #40"), `count` (days, other documents, or
 * fields), the overdue duration in words and the fields not extracted by name.
 */
export function checkTextParams(check: CheckResult, format: CheckWordingFormatters): Record<string, string | number> {
  const money = (key: string) => {
    const value = check.params?.[key]
    return typeof value === 'number' ? { [key]: format.money(value) } : {}
  }
  return {
    ...check.params,
    ...money('base'),
    ...money('paid'),
    invoiceNo:
      typeof check.params?.['invoiceNo'] === 'string' && check.params['invoiceNo'] ? check.params['invoiceNo'] : '–',
    others: (check.documentIds ?? []).map((id) => `#${id}`).join(', '),
    stated: format.money(check.stated),
    computed: format.money(check.computed),
    days: check.days ?? 0,
    count: check.days ?? check.documentIds?.length ?? check.fields?.length ?? 0,
    iban: check.iban ?? '',
    duration: check.duration ? overdueInWords(check.duration, format.language) : '',
    fields: (check.fields ?? []).map((field) => format.fieldName(field)).join(', '),
  }
}
