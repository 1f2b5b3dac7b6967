/**
 * VAT rates of the EU member states by period: the standard rate, then the reduced,
 * super-reduced and parking rates (%), each row valid from `from` (inclusive) until the
 * next row of the same country. 0 % is not listed: exempt, zero-rated, reverse-charge and
 * intra-EU supplies are legitimate everywhere, so the check never flags it.
 *
 * Source: European Commission, DG TAXUD, "VAT rates applied in the Member States of the
 * European Union" (the yearly situation tables, taxation-customs.ec.europa.eu), and the
 * member states' announcements of the changes dated below. Regional rates (e.g. the Azores,
 * Madeira, the Greek islands, Jungholz/Mittelberg) are listed with their country. The
 * table covers 2010 onwards, the range of the exchange-rate table.
 */
export interface VatRatePeriod {
  /** First day the rates apply, YYYY-MM-DD. */
  from: string
  /** Standard rate first, then the others. */
  rates: readonly number[]
}

export const VAT_RATES: Readonly<Record<string, readonly VatRatePeriod[]>> = {
  AT: [
    { from: '2010-01-01', rates: [20, 19, 12, 10] },
    { from: '2016-01-01', rates: [20, 19, 13, 12, 10] },
    { from: '2020-07-01', rates: [20, 19, 13, 12, 10, 5] },
    { from: '2022-01-01', rates: [20, 19, 13, 12, 10] },
  ],
  BE: [{ from: '2010-01-01', rates: [21, 12, 6] }],
  BG: [
    { from: '2010-01-01', rates: [20, 9] },
    { from: '2020-07-01', rates: [20, 9] },
  ],
  CY: [
    { from: '2010-01-01', rates: [15, 8, 5] },
    { from: '2012-03-01', rates: [17, 8, 5] },
    { from: '2013-01-14', rates: [18, 8, 5] },
    { from: '2014-01-13', rates: [19, 9, 5, 3] },
  ],
  CZ: [
    { from: '2010-01-01', rates: [20, 10] },
    { from: '2012-01-01', rates: [20, 14] },
    { from: '2013-01-01', rates: [21, 15] },
    { from: '2015-01-01', rates: [21, 15, 10] },
    { from: '2024-01-01', rates: [21, 12] },
  ],
  DE: [
    { from: '2010-01-01', rates: [19, 7] },
    { from: '2020-07-01', rates: [16, 5] },
    { from: '2021-01-01', rates: [19, 7] },
  ],
  DK: [{ from: '2010-01-01', rates: [25] }],
  EE: [
    { from: '2010-01-01', rates: [20, 9] },
    { from: '2022-01-01', rates: [20, 9, 5] },
    { from: '2024-01-01', rates: [22, 9, 5] },
    { from: '2025-01-01', rates: [22, 13, 9, 5] },
    { from: '2025-07-01', rates: [24, 13, 9, 5] },
  ],
  ES: [
    { from: '2010-01-01', rates: [16, 7, 4] },
    { from: '2010-07-01', rates: [18, 8, 4] },
    { from: '2012-09-01', rates: [21, 10, 4] },
    { from: '2021-06-26', rates: [21, 10, 5, 4] },
    { from: '2024-01-01', rates: [21, 10, 7.5, 5, 4, 2] },
    { from: '2025-01-01', rates: [21, 10, 4] },
  ],
  FI: [
    { from: '2010-01-01', rates: [22, 17, 8] },
    { from: '2010-07-01', rates: [23, 13, 9] },
    { from: '2013-01-01', rates: [24, 14, 10] },
    { from: '2024-09-01', rates: [25.5, 14, 10] },
    { from: '2025-01-01', rates: [25.5, 14, 13.5, 10] },
  ],
  FR: [
    { from: '2010-01-01', rates: [19.6, 5.5, 2.1] },
    { from: '2012-01-01', rates: [19.6, 7, 5.5, 2.1] },
    { from: '2014-01-01', rates: [20, 10, 5.5, 2.1] },
  ],
  GR: [
    { from: '2010-01-01', rates: [19, 13, 9, 6.5, 4.5] },
    { from: '2010-07-01', rates: [23, 16, 11, 8, 6.5, 5.5, 4.5] },
    { from: '2011-01-01', rates: [23, 16, 13, 9, 6.5, 4.5] },
    { from: '2015-07-20', rates: [23, 16, 13, 9, 6, 4] },
    { from: '2016-06-01', rates: [24, 17, 13, 9, 6, 4] },
  ],
  HR: [
    { from: '2010-01-01', rates: [23, 10] },
    { from: '2012-03-01', rates: [25, 10] },
    { from: '2013-01-01', rates: [25, 10, 5] },
    { from: '2014-01-01', rates: [25, 13, 5] },
  ],
  HU: [
    { from: '2010-01-01', rates: [25, 18, 5] },
    { from: '2012-01-01', rates: [27, 18, 5] },
  ],
  IE: [
    { from: '2010-01-01', rates: [21, 13.5, 4.8] },
    { from: '2011-07-01', rates: [21, 13.5, 9, 4.8] },
    { from: '2012-01-01', rates: [23, 13.5, 9, 4.8] },
    { from: '2020-09-01', rates: [21, 13.5, 9, 4.8] },
    { from: '2021-03-01', rates: [23, 13.5, 9, 4.8] },
  ],
  IT: [
    { from: '2010-01-01', rates: [20, 10, 4] },
    { from: '2011-09-17', rates: [21, 10, 4] },
    { from: '2013-10-01', rates: [22, 10, 4] },
    { from: '2016-01-01', rates: [22, 10, 5, 4] },
  ],
  LT: [{ from: '2010-01-01', rates: [21, 9, 5] }],
  LU: [
    { from: '2010-01-01', rates: [15, 12, 6, 3] },
    { from: '2015-01-01', rates: [17, 14, 8, 3] },
    { from: '2023-01-01', rates: [16, 13, 7, 3] },
    { from: '2024-01-01', rates: [17, 14, 8, 3] },
  ],
  LV: [
    { from: '2010-01-01', rates: [21, 10] },
    { from: '2011-01-01', rates: [22, 12] },
    { from: '2012-07-01', rates: [21, 12] },
    { from: '2018-01-01', rates: [21, 12, 5] },
  ],
  MT: [{ from: '2010-01-01', rates: [18, 7, 5] }],
  NL: [
    { from: '2010-01-01', rates: [19, 6] },
    { from: '2012-10-01', rates: [21, 6] },
    { from: '2019-01-01', rates: [21, 9] },
  ],
  PL: [
    { from: '2010-01-01', rates: [22, 7, 3] },
    { from: '2011-01-01', rates: [23, 8, 5] },
  ],
  PT: [
    { from: '2010-01-01', rates: [20, 14, 12, 8, 5] },
    { from: '2010-07-01', rates: [21, 15, 13, 9, 8, 6, 5, 4] },
    { from: '2011-01-01', rates: [23, 22, 16, 13, 12, 9, 6, 5, 4] },
    { from: '2025-01-01', rates: [23, 22, 16, 13, 12, 9, 6, 5, 4] },
  ],
  RO: [
    { from: '2010-01-01', rates: [19, 9, 5] },
    { from: '2010-07-01', rates: [24, 9, 5] },
    { from: '2016-01-01', rates: [20, 9, 5] },
    { from: '2017-01-01', rates: [19, 9, 5] },
    { from: '2025-08-01', rates: [21, 11] },
  ],
  SE: [{ from: '2010-01-01', rates: [25, 12, 6] }],
  SI: [
    { from: '2010-01-01', rates: [20, 8.5] },
    { from: '2013-07-01', rates: [22, 9.5] },
    { from: '2020-01-01', rates: [22, 9.5, 5] },
  ],
  SK: [
    { from: '2010-01-01', rates: [19, 10, 6] },
    { from: '2011-01-01', rates: [20, 10] },
    { from: '2023-01-01', rates: [20, 10, 5] },
    { from: '2025-01-01', rates: [23, 19, 5] },
  ],
}
