import { describe, expect, it } from 'vitest'
import { amountsIn, datesIn } from './notation'

const values = (text: string) => amountsIn(text).map((found) => found.value)
const isos = (text: string) => datesIn(text).map((found) => found.iso)

describe('amounts in every notation an invoice prints', () => {
  it.each([
    ['Celkem 1 234,56 Kč', 1234.56],
    ['Summe 1.234,56 €', 1234.56],
    ['Total $1,234.56', 1234.56],
    ["Total CHF 1'234.56", 1234.56],
    ['Celkem 1\u00a0234,56', 1234.56],
    ['Zahlbetrag 529,87', 529.87],
    ['Amount 529.87 EUR', 529.87],
    ['K úhradě 1234,-', 1234],
    ['Total 12 345 678,90', 12345678.9],
  ])('reads %s as %d', (text, value) => {
    expect(values(text)).toContain(value)
  })

  it('does not read a mixed grouping as one number', () => {
    // 1.234,567.89 is no amount; its parts are read, never 1234567.89.
    expect(values('1.234,567.89')).not.toContain(1234567.89)
  })

  it('keeps a quantity and a price printed side by side apart as well', () => {
    expect(values('2 198,00')).toEqual(expect.arrayContaining([2198, 198]))
  })
})

describe('dates in every notation an invoice prints', () => {
  it.each([
    ['vom 05.03.2018', '2018-03-05'],
    ['Datum vystavení: 5. 3. 2018', '2018-03-05'],
    ['Issued 2018-03-05', '2018-03-05'],
    ['Date 5 March 2018', '2018-03-05'],
    ['Date March 5, 2018', '2018-03-05'],
    ['Mar 5th 2018', '2018-03-05'],
    ['Vystaveno 5. března 2018', '2018-03-05'],
    ['Splatnost 14. prosince 2024', '2024-12-14'],
    ['Datum 5. März 2018', '2018-03-05'],
    ['op 21 april 2015', '2015-04-21'],
    ['05-Mar-2018', '2018-03-05'],
    ['05.03.18', '2018-03-05'],
  ])('reads %s as %s', (text, iso) => {
    expect(isos(text)).toContain(iso)
  })

  it('reads a slashed date both ways, day first and month first', () => {
    expect(isos('03/05/2018')).toEqual(expect.arrayContaining(['2018-05-03', '2018-03-05']))
  })

  it('reads no impossible date', () => {
    expect(isos('31.02.2018')).toEqual([])
    expect(isos('Invoice 2018-13-45')).toEqual([])
  })
})
