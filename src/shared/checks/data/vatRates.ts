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
 *
 * The comment on a row names where it was checked: `EC <year>` is the Commission's table,
 * situation at 1 January of that year (its list of rates, and section VIII "Evolution of the
 * VAT rates" for the dates of earlier changes); `TEDB` the Commission's Taxes in Europe
 * Database, which replaced the table from 2022; otherwise the national act or announcement.
 * Rows marked `spot-checked` were checked again, period by period, against these sources;
 * rows without a comment come from the Commission's table of the year of their change.
 */
export interface VatRatePeriod {
  /** First day the rates apply, YYYY-MM-DD. */
  from: string
  /** Standard rate first, then the others. */
  rates: readonly number[]
}

export const VAT_RATES: Readonly<Record<string, readonly VatRatePeriod[]>> = {
  AT: [
    { from: '2010-01-01', rates: [20, 19, 12, 10] }, // spot-checked: EC 2014 (19 % Jungholz/Mittelberg, 12 % parking)
    { from: '2016-01-01', rates: [20, 19, 13, 12, 10] }, // spot-checked: EC 2016 (13 % introduced)
    { from: '2020-07-01', rates: [20, 19, 13, 12, 10, 5] }, // spot-checked: 5 % for gastronomy and culture, to 31 Dec 2021
    { from: '2022-01-01', rates: [20, 19, 13, 12, 10] }, // spot-checked: TEDB
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
    { from: '2010-01-01', rates: [20, 10] }, // spot-checked: EC 2014, section VIII (19 -> 20, 9 -> 10)
    { from: '2012-01-01', rates: [20, 14] }, // spot-checked: EC 2014, section VIII
    { from: '2013-01-01', rates: [21, 15] }, // spot-checked: EC 2014
    { from: '2015-01-01', rates: [21, 15, 10] }, // spot-checked: EC 2015 (second reduced rate 10 %)
    { from: '2024-01-01', rates: [21, 12] }, // spot-checked: Act 349/2023 Coll. (15 and 10 merged into 12), TEDB
  ],
  DE: [
    { from: '2010-01-01', rates: [19, 7] }, // spot-checked: EC 2014
    { from: '2020-07-01', rates: [16, 5] }, // spot-checked: Second Corona Tax Assistance Act, to 31 Dec 2020; EC 2021
    { from: '2021-01-01', rates: [19, 7] }, // spot-checked: EC 2021
  ],
  DK: [{ from: '2010-01-01', rates: [25] }],
  EE: [
    { from: '2010-01-01', rates: [20, 9] }, // spot-checked: EC 2014
    // spot-checked: VAT Act amendment adopted 18 May 2022: press publications 9 -> 5 % from 1 August 2022
    { from: '2022-08-01', rates: [20, 9, 5] },
    { from: '2024-01-01', rates: [22, 9, 5] }, // spot-checked: VAT Act amendment of June 2023, TEDB
    // spot-checked: same amendment: accommodation 9 -> 13 %, press publications 5 -> 9 % from 1 January 2025
    { from: '2025-01-01', rates: [22, 13, 9] },
    { from: '2025-07-01', rates: [24, 13, 9] }, // spot-checked: Security Tax Act, standard 22 -> 24 %
  ],
  ES: [
    { from: '2010-01-01', rates: [16, 7, 4] }, // spot-checked: EC 2014, section VIII
    { from: '2010-07-01', rates: [18, 8, 4] }, // spot-checked: EC 2014, section VIII
    { from: '2012-09-01', rates: [21, 10, 4] }, // spot-checked: EC 2014
    { from: '2021-06-26', rates: [21, 10, 5, 4] },
    { from: '2024-01-01', rates: [21, 10, 7.5, 5, 4, 2] },
    { from: '2025-01-01', rates: [21, 10, 4] },
  ],
  FI: [
    { from: '2010-01-01', rates: [22, 12, 8] }, // spot-checked: food 17 -> 12 % from 1 October 2009; EC 2014, section VIII
    { from: '2010-07-01', rates: [23, 13, 9] }, // spot-checked: EC 2014, section VIII
    { from: '2013-01-01', rates: [24, 14, 10] }, // spot-checked: EC 2014
    // spot-checked: VAT Act 1501/1993 as amended: 25.5 % from 1 September 2024; from 1 January 2025 books,
    // medicines, accommodation, transport and culture move from 10 to 14 % (press stays at 10 %)
    { from: '2024-09-01', rates: [25.5, 14, 10] },
    { from: '2026-01-01', rates: [25.5, 13.5, 10] }, // spot-checked: the 14 % rate lowered to 13.5 % (2026 budget)
  ],
  FR: [
    { from: '2010-01-01', rates: [19.6, 5.5, 2.1] }, // spot-checked: EC 2014, section VIII
    { from: '2012-01-01', rates: [19.6, 7, 5.5, 2.1] }, // spot-checked: EC 2014, section VIII (7 % introduced)
    { from: '2014-01-01', rates: [20, 10, 5.5, 2.1] }, // spot-checked: EC 2014
  ],
  // The Aegean islands' rates are the mainland's less 30 %, rounded (13/6/3 to 16/9/5); they ended island by
  // island from October 2015, last for Lesbos, Chios, Samos, Kos and Leros (17/9/4).
  GR: [
    { from: '2010-01-01', rates: [19, 13, 9, 6, 4.5, 3] }, // spot-checked: EC 2014, section VIII (mainland 19/9/4.5)
    { from: '2010-03-15', rates: [21, 15, 10, 7, 5, 3.5] }, // spot-checked: EC 2014, section VIII (mainland 21/10/5)
    { from: '2010-07-01', rates: [23, 16, 11, 8, 5.5, 4] }, // spot-checked: EC 2014, section VIII (mainland 23/11/5.5)
    { from: '2011-01-01', rates: [23, 16, 13, 9, 6.5, 5] }, // spot-checked: EC 2014 (mainland 23/13/6.5, islands 16/9/5)
    { from: '2015-07-20', rates: [23, 16, 13, 9, 6, 5, 4] }, // spot-checked: 6.5 -> 6 % from 20 July 2015; EC 2016
    { from: '2016-06-01', rates: [24, 17, 13, 9, 6, 5, 4] }, // spot-checked: EC 2017 (24 %; islands 17/9/4)
  ],
  HR: [
    { from: '2010-01-01', rates: [23, 10] },
    { from: '2012-03-01', rates: [25, 10] },
    { from: '2013-01-01', rates: [25, 10, 5] },
    { from: '2014-01-01', rates: [25, 13, 5] },
  ],
  HU: [
    { from: '2010-01-01', rates: [25, 18, 5] }, // spot-checked: EC 2014, section VIII
    { from: '2012-01-01', rates: [27, 18, 5] }, // spot-checked: EC 2014
  ],
  IE: [
    { from: '2010-01-01', rates: [21, 13.5, 4.8] }, // spot-checked: EC 2014, section VIII (21.5 -> 21 %)
    { from: '2011-07-01', rates: [21, 13.5, 9, 4.8] }, // spot-checked: EC 2014, section VIII (9 % introduced)
    { from: '2012-01-01', rates: [23, 13.5, 9, 4.8] }, // spot-checked: EC 2014
    { from: '2020-09-01', rates: [21, 13.5, 9, 4.8] }, // spot-checked: July 2020 stimulus, to 28 February 2021; EC 2021
    { from: '2021-03-01', rates: [23, 13.5, 9, 4.8] }, // spot-checked: TEDB
  ],
  IT: [
    { from: '2010-01-01', rates: [20, 10, 4] }, // spot-checked: EC 2014, section VIII
    { from: '2011-09-17', rates: [21, 10, 4] }, // spot-checked: EC 2014, section VIII
    { from: '2013-10-01', rates: [22, 10, 4] }, // spot-checked: EC 2014
    { from: '2016-01-01', rates: [22, 10, 5, 4] }, // spot-checked: EC 2016 (5 % introduced)
  ],
  LT: [{ from: '2010-01-01', rates: [21, 9, 5] }],
  LU: [
    { from: '2010-01-01', rates: [15, 12, 6, 3] }, // spot-checked: EC 2014
    { from: '2015-01-01', rates: [17, 14, 8, 3] }, // spot-checked: EC 2015 (each rate but 3 % up by 2 points)
    { from: '2023-01-01', rates: [16, 13, 7, 3] }, // spot-checked: law of 26 October 2022, for 2023 only; TEDB
    { from: '2024-01-01', rates: [17, 14, 8, 3] }, // spot-checked: TEDB
  ],
  LV: [
    { from: '2010-01-01', rates: [21, 10] },
    { from: '2011-01-01', rates: [22, 12] },
    { from: '2012-07-01', rates: [21, 12] },
    { from: '2018-01-01', rates: [21, 12, 5] },
  ],
  MT: [{ from: '2010-01-01', rates: [18, 7, 5] }],
  NL: [
    { from: '2010-01-01', rates: [19, 6] }, // spot-checked: EC 2014, section VIII
    { from: '2012-10-01', rates: [21, 6] }, // spot-checked: EC 2014
    { from: '2019-01-01', rates: [21, 9] }, // spot-checked: EC 2019
  ],
  PL: [
    { from: '2010-01-01', rates: [22, 7, 3] }, // spot-checked: EC 2014, section VIII
    { from: '2011-01-01', rates: [23, 8, 5] }, // spot-checked: EC 2014
  ],
  PT: [
    { from: '2010-01-01', rates: [20, 14, 12, 8, 5] },
    { from: '2010-07-01', rates: [21, 15, 13, 9, 8, 6, 5, 4] },
    { from: '2011-01-01', rates: [23, 22, 16, 13, 12, 9, 6, 5, 4] },
    { from: '2025-01-01', rates: [23, 22, 16, 13, 12, 9, 6, 5, 4] },
  ],
  RO: [
    { from: '2010-01-01', rates: [19, 9, 5] }, // spot-checked: EC 2014, section VIII
    { from: '2010-07-01', rates: [24, 9, 5] }, // spot-checked: EC 2014
    { from: '2016-01-01', rates: [20, 9, 5] }, // spot-checked: EC 2016
    { from: '2017-01-01', rates: [19, 9, 5] }, // spot-checked: EC 2017
    // spot-checked: Law 141/2025 (Official Gazette 699, 25 July 2025): 19 -> 21 %, 5 and 9 merged into 11 %;
    // 9 % stays for qualifying housing paid in advance, until 31 July 2026
    { from: '2025-08-01', rates: [21, 11, 9] },
    { from: '2026-08-01', rates: [21, 11] },
  ],
  SE: [{ from: '2010-01-01', rates: [25, 12, 6] }],
  SI: [
    { from: '2010-01-01', rates: [20, 8.5] },
    { from: '2013-07-01', rates: [22, 9.5] },
    { from: '2020-01-01', rates: [22, 9.5, 5] },
  ],
  SK: [
    { from: '2010-01-01', rates: [19, 10, 6] }, // spot-checked: the 6 % rate ended on 31 December 2010 (2011 budget)
    { from: '2011-01-01', rates: [20, 10] }, // spot-checked: EC 2014
    { from: '2023-01-01', rates: [20, 10, 5] }, // spot-checked: TEDB (5 % for rental housing from 1 January 2023)
    { from: '2025-01-01', rates: [23, 19, 5] }, // spot-checked: VAT Act 222/2004 amendment of 3 October 2024 (10 % abolished), TEDB
  ],
}
