import { decode } from 'bysquare/pay'
import type { PaymentCode } from './types'

/**
 * PAY by square, the Slovak banks' payment QR code (Slovenská banková asociácia, "PAY by
 * square" standard): base32hex text of a header, an LZMA-compressed, CRC32-checked,
 * tab-separated payment order. Decoded with the `bysquare` package; this module only
 * recognises the text and maps the first payment to Docket's payment-code shape.
 */

/** Why a code that looks like PAY by square could not be read. */
export type PayBySquareErrorCode =
  /** Not base32hex text, or a header for another by square document (e.g. invoice by square). */
  | 'not_pay_by_square'
  /** The compressed body does not decompress or its CRC32 checksum does not match (damaged or cut short). */
  | 'damaged'
  /** It decodes but holds no payment order with a bank account. */
  | 'no_payment'

/** A PAY by square code that could not be read: `code` to branch on, `message` for a person. */
export class PayBySquareError extends Error {
  constructor(
    readonly code: PayBySquareErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'PayBySquareError'
  }
}

/** Longest text decoded (characters); a version 40 QR code holds at most 4,296 alphanumerics. */
const MAX_TEXT = 4_296

/**
 * True when `text` has the shape of a PAY by square code: base32hex only (0-9, A-V), long
 * enough for a header and a body, and the header's first nibble (the by square type) is 0,
 * "pay". Anything else (SPAYD, EPC, a web address) is not one.
 */
export function looksLikePayBySquare(text: string): boolean {
  const trimmed = text.trim()
  return trimmed.length >= 16 && trimmed.length <= MAX_TEXT && /^0[0-9A-V]+$/u.test(trimmed)
}

/**
 * The payment a PAY by square code asks for: the first payment's first IBAN, amount,
 * currency, variable symbol and due date (ISO `YYYY-MM-DD`). Fields that do not hold what
 * they should are null. Throws PayBySquareError (`not_pay_by_square`, `damaged`,
 * `no_payment`) for text that does not decode; never anything else.
 */
export function parsePayBySquare(text: string): Omit<PaymentCode, 'box'> {
  const trimmed = text.trim()
  if (!looksLikePayBySquare(trimmed)) {
    throw new PayBySquareError('not_pay_by_square', 'The text is not a PAY by square code.')
  }
  let model: ReturnType<typeof decode>
  try {
    model = decode(trimmed)
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    const code: PayBySquareErrorCode = /version|base32hex/iu.test(detail) ? 'not_pay_by_square' : 'damaged'
    throw new PayBySquareError(
      code,
      code === 'damaged'
        ? `The PAY by square code is damaged or incomplete (${detail}).`
        : `The text is not a PAY by square code (${detail}).`,
    )
  }
  const payment = model.payments?.[0]
  const iban = payment?.bankAccounts?.[0]?.iban
  if (!payment || !iban) {
    throw new PayBySquareError('no_payment', 'The PAY by square code holds no payment to a bank account.')
  }
  const compactIban = iban.replace(/\s+/gu, '').toUpperCase()
  const currency = String(payment.currencyCode ?? '').toUpperCase()
  const amount = payment.amount
  const vs = payment.variableSymbol
  return {
    kind: 'paybysquare',
    iban: /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/u.test(compactIban) ? compactIban : null,
    amount: typeof amount === 'number' && Number.isFinite(amount) && amount >= 0 ? amount : null,
    currency: /^[A-Z]{3}$/u.test(currency) ? currency : null,
    variable_symbol: vs && /^\d{1,10}$/u.test(vs) ? vs : null,
    due_date: isoDateOf(payment.paymentDueDate),
  }
}

/** `20240315` as `2024-03-15`; anything that is not a real calendar date is null. */
export function isoDateOf(yyyymmdd: string | undefined): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/u.exec(yyyymmdd ?? '')
  if (!match) return null
  const [, y, m, d] = match
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)))
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) {
    return null
  }
  return `${y}-${m}-${d}`
}
