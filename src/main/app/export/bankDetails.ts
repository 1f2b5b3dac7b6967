import { electronicFormatIBAN, isValidBBAN, isValidIBAN } from 'ibantools'
import type { Document } from '../../../shared/api'

/**
 * The supplier's bank details an export may hand to accounting software: only what passes
 * its checksum, so an OCR slip never becomes a payment order. The IBAN must pass ISO 13616
 * (mod 97 and the country's format, via ibantools); a Czech account number
 * (`[prefix-]number/bank code`) must pass the Czech National Bank's weighted mod-11 test for
 * both the prefix and the number. Pure.
 */
export interface BankDetails {
  /** Electronic-format IBAN, or null when none passes the checksum. */
  iban: string | null
  /** BIC as extracted (only with a valid IBAN or account). */
  bic: string | null
  /** Czech account number `[prefix-]number` (no leading zeros), or null. */
  accountNo: string | null
  /** Czech bank code (4 digits), or null. */
  bankCode: string | null
}

/** `[prefix-]number` and a 4-digit bank code as a valid Czech account, or null. */
export function czechAccount(
  raw: string | null | undefined,
  bankCode: string | null | undefined,
): { accountNo: string; bankCode: string } | null {
  const text = (raw ?? '').replace(/\s+/g, '')
  let code = (bankCode ?? '').trim()
  let account = text
  const slash = /^(.*)\/(\d{4})$/.exec(text)
  if (slash) {
    account = slash[1]!
    code = code || slash[2]!
  }
  const match = /^(?:(\d{1,6})-)?(\d{2,10})$/.exec(account)
  if (!match || !/^\d{4}$/.test(code)) return null
  const prefix = (match[1] ?? '').padStart(6, '0')
  const number = match[2]!.padStart(10, '0')
  if (!isValidBBAN(`${code}${prefix}${number}`, 'CZ')) return null
  const trimmedPrefix = prefix.replace(/^0+/, '')
  const trimmedNumber = number.replace(/^0+/, '')
  return { accountNo: trimmedPrefix ? `${trimmedPrefix}-${trimmedNumber}` : trimmedNumber, bankCode: code }
}

/** The checked bank details of `doc` (bank account first, the supplier's as a fallback). */
export function bankDetailsOf(doc: Document): BankDetails {
  const account = doc.bank_account
  const rawIban = (account?.iban || doc.supplier?.iban || '').trim()
  const iban = rawIban ? (electronicFormatIBAN(rawIban) ?? rawIban.replace(/\s+/g, '').toUpperCase()) : ''
  const validIban = iban && isValidIBAN(iban) ? iban : null
  let czech = czechAccount(account?.bban || doc.supplier?.bban, account?.bank_code || doc.supplier?.bank_code)
  if (!czech && validIban?.startsWith('CZ')) {
    // A valid Czech IBAN holds the account: bank code, prefix, number.
    const bban = validIban.slice(4)
    czech = czechAccount(`${bban.slice(4, 10)}-${bban.slice(10)}`, bban.slice(0, 4))
  }
  const bic = (account?.bic || doc.supplier?.bic || '').trim()
  return {
    iban: validIban,
    bic: bic && (validIban || czech) ? bic : null,
    accountNo: czech?.accountNo ?? null,
    bankCode: czech?.bankCode ?? null,
  }
}
