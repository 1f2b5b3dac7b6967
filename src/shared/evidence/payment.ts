import { isoDateOf, looksLikePayBySquare, parsePayBySquare } from './payBySquare'
import type { PaymentCode } from './types'

/**
 * The payment a QR code asks for, from the code's text:
 * - QR Platba / Short Payment Descriptor (SPAYD, ČSN 97 6522): `SPD*1.0*ACC:<IBAN>[+<BIC>]*AM:480.50*CC:CZK*X-VS:123*...`;
 * - EPC QR (European Payments Council, "GiroCode"): lines `BCD`, version, charset, `SCT`,
 *   BIC, name, IBAN, `EUR123.45`, ...
 * - PAY by square (Slovak banks): base32hex of compressed data, decoded in payBySquare.ts.
 * Anything else (a web address) is not a payment: null. Fields that do not hold what they
 * should (an amount that is not a number) are null. A code that looks like PAY by square but
 * does not decode throws PayBySquareError (`damaged`, `no_payment`, ...) so the caller can
 * report it; nothing else throws.
 */
export function parsePaymentCode(text: string): Omit<PaymentCode, 'box'> | null {
  const trimmed = text.trim().slice(0, 2000)
  if (/^SPD\*\d+\.\d+\*/u.test(trimmed)) return parseSpayd(trimmed)
  if (/^BCD\r?\n/u.test(trimmed)) return parseEpc(trimmed)
  if (looksLikePayBySquare(trimmed)) return parsePayBySquare(trimmed)
  return null
}

const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/u

function ibanOrNull(value: string | undefined): string | null {
  const compact = (value ?? '').replace(/\s+/gu, '').toUpperCase()
  return IBAN_SHAPE.test(compact) ? compact : null
}

function amountOrNull(value: string | undefined): number | null {
  if (!value || !/^\d{1,12}(\.\d{1,2})?$/u.test(value.trim())) return null
  return Number(value.trim())
}

function parseSpayd(text: string): Omit<PaymentCode, 'box'> {
  const fields = new Map<string, string>()
  for (const part of text.split('*').slice(2)) {
    const colon = part.indexOf(':')
    if (colon > 0) fields.set(part.slice(0, colon).toUpperCase(), part.slice(colon + 1))
  }
  const currency = fields.get('CC')?.toUpperCase() ?? null
  const vs = fields.get('X-VS')
  return {
    kind: 'spayd',
    iban: ibanOrNull(fields.get('ACC')?.split('+')[0]),
    amount: amountOrNull(fields.get('AM')),
    currency: currency && /^[A-Z]{3}$/u.test(currency) ? currency : null,
    variable_symbol: vs && /^\d{1,10}$/u.test(vs) ? vs : null,
    due_date: isoDateOf(fields.get('DT')),
  }
}

function parseEpc(text: string): Omit<PaymentCode, 'box'> {
  const lines = text.split(/\r?\n/u)
  const amount = /^([A-Z]{3})(\d{1,9}(?:\.\d{1,2})?)$/u.exec((lines[7] ?? '').trim())
  return {
    kind: 'epc',
    iban: ibanOrNull(lines[6]),
    amount: amount ? Number(amount[2]) : null,
    currency: amount ? amount[1]! : null,
    variable_symbol: null,
    due_date: null,
  }
}
