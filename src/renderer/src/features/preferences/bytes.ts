/** Byte sizes for people: binary units (1 MB = 1,048,576 bytes, as file managers count), in the UI locale. */
import { formatNumber } from '../../lib/format'

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const

/** `bytes` as e.g. `12.5 MB` or `1 GB`: at most one fraction digit, none for whole numbers and bytes. */
export function formatBytes(bytes: number, locale: string): string {
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  const rounded = Math.round(value * 10) / 10
  const digits = unit === 0 || Number.isInteger(rounded) ? 0 : 1
  return `${formatNumber(rounded, locale, digits)}\u00a0${UNITS[unit]}`
}
