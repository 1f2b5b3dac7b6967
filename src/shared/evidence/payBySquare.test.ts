import { encode, PaymentOptions, serialize, type DataModel } from 'bysquare/pay'
import { compress } from 'lzma1'
import { describe, expect, it } from 'vitest'
import type { CheckedDocument } from '../checks/context'
import { documentProvenance } from './provenance'
import { documentEvidenceSchema, paymentCodeSchema } from './types'
import { PayBySquareError, isoDateOf, looksLikePayBySquare, parsePayBySquare } from './payBySquare'
import { parsePaymentCode } from './payment'

const order = (payment: Partial<DataModel['payments'][number]> = {}): DataModel => ({
  invoiceId: 'FA2024001',
  payments: [
    {
      type: PaymentOptions.PaymentOrder,
      amount: 592.87,
      currencyCode: 'EUR',
      paymentDueDate: '20240315',
      variableSymbol: '2024001',
      bankAccounts: [{ iban: 'SK9611000000002918599669' }],
      beneficiary: { name: 'Dodavatel s.r.o.' },
      ...payment,
    } as DataModel['payments'][number],
  ],
})

const BASE32HEX = '0123456789ABCDEFGHIJKLMNOPQRSTUV'

/**
 * A PAY by square code built as bysquare's `encode` builds it (header, payload length, LZMA
 * body without its 13-byte header, base32hex), but with the CRC32 of the payload off by one:
 * it decompresses cleanly and only the checksum is wrong.
 */
function withWrongChecksum(model: DataModel): string {
  const payload = new TextEncoder().encode(serialize(model))
  const checked = new Uint8Array(4 + payload.byteLength)
  new DataView(checked.buffer).setUint32(0, 0xdeadbeef, true)
  checked.set(payload, 4)
  const body = compress(checked).subarray(13)
  const bytes = [0x02, 0x00, checked.byteLength & 0xff, checked.byteLength >> 8, ...body]
  let bits = ''
  for (const byte of bytes) bits += byte.toString(2).padStart(8, '0')
  bits = bits.padEnd(Math.ceil(bits.length / 5) * 5, '0')
  let text = ''
  for (let i = 0; i < bits.length; i += 5) text += BASE32HEX[parseInt(bits.slice(i, i + 5), 2)]
  return text
}

/** The error `text` gives, or null when it decodes. */
function errorOf(text: string): PayBySquareError | null {
  try {
    parsePayBySquare(text)
    return null
  } catch (error) {
    return error as PayBySquareError
  }
}

describe('PAY by square payment codes', () => {
  it('reads the IBAN, amount, currency, variable symbol and due date of the first payment', () => {
    const text = encode(order())
    expect(looksLikePayBySquare(text)).toBe(true)
    expect(parsePaymentCode(text)).toEqual({
      kind: 'paybysquare',
      iban: 'SK9611000000002918599669',
      amount: 592.87,
      currency: 'EUR',
      variable_symbol: '2024001',
      due_date: '2024-03-15',
    })
  })

  it('leaves out what the code does not hold', () => {
    const text = encode(order({ variableSymbol: undefined, paymentDueDate: undefined, currencyCode: 'XYZ1' }), {
      validate: false,
    })
    expect(parsePayBySquare(text)).toMatchObject({
      amount: 592.87,
      currency: null,
      variable_symbol: null,
      due_date: null,
    })
  })

  it('is not mistaken for the other payment codes, nor they for it', () => {
    expect(looksLikePayBySquare('SPD*1.0*ACC:CZ6508000000192000145399*AM:480.50')).toBe(false)
    expect(looksLikePayBySquare('BCD\n002\n1\nSCT')).toBe(false)
    expect(looksLikePayBySquare('https://example.com/pay')).toBe(false)
    expect(parsePaymentCode('https://example.com/pay')).toBeNull()
  })

  it('gives a typed error for garbage, a truncated code and a wrong checksum, never a crash', () => {
    const text = encode(order())
    expect(errorOf('hello, world')).toMatchObject({ name: 'PayBySquareError', code: 'not_pay_by_square' })
    expect(errorOf(text.slice(0, 24))).toMatchObject({ code: 'damaged' })
    const error = errorOf(withWrongChecksum(order()))
    expect(error).toBeInstanceOf(PayBySquareError)
    expect(error?.code).toBe('damaged')
    expect(error?.message).toMatch(/damaged or incomplete \(CRC32 checksum mismatch\)/u)
    expect(errorOf(encode({ invoiceId: 'X', payments: [] }, { validate: false }))).toMatchObject({
      code: 'no_payment',
    })
    // Through the payment-code entry point too: the typed error, not a crash or a wrong payment.
    expect(() => parsePaymentCode(text.slice(0, 40))).toThrow(PayBySquareError)
  })

  it('reads due dates only when they are real calendar dates', () => {
    expect(isoDateOf('20240229')).toBe('2024-02-29')
    expect(isoDateOf('20230229')).toBeNull()
    expect(isoDateOf('2024-03-15')).toBeNull()
    expect(isoDateOf(undefined)).toBeNull()
  })
})

describe('a PAY by square code as evidence for the extracted values', () => {
  it('verifies the IBAN, amount due and variable symbol it holds, and says where the due date differs', () => {
    const evidence = documentEvidenceSchema.parse({
      version: 'v1',
      source: 'preview',
      pages: [],
      words: [],
      einvoice: null,
      payments: [{ ...parsePayBySquare(encode(order())), box: null }],
      problems: [],
      elapsedMs: 1,
    })
    const doc = {
      id: 1,
      data: { header: { variable_symbol: '2024001', due_date: '2024-03-31' } },
      supplier: { iban: 'SK96 1100 0000 0029 1859 9669' },
      summary: { payment_amount: 592.87 },
    } as unknown as CheckedDocument
    const byField = new Map(documentProvenance(doc, evidence).map((item) => [item.field, item]))
    expect(byField.get('supplier.iban')?.status).toBe('matches_qr')
    expect(byField.get('summary.payment_amount')?.status).toBe('matches_qr')
    expect(byField.get('header.variable_symbol')?.status).toBe('matches_qr')
    expect(byField.get('header.due_date')).toMatchObject({
      status: 'differs',
      source: 'qr',
      invoiceValue: '2024-03-15',
    })
  })

  it('reads evidence stored before due dates were read, as no due date', () => {
    const stored = { kind: 'spayd', iban: null, amount: 1, currency: 'CZK', variable_symbol: null, box: null }
    expect(paymentCodeSchema.parse(stored).due_date).toBeNull()
  })
})
