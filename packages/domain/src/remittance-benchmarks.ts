/**
 * Data file: what sending money across a border costs the old way, with its source and date. The review step and
 * the transaction detail put a payment's own cost beside these (docs/product.md#cross-border-payments). Update the
 * figures and `asOf` together when a newer issue of the source is published.
 */
export const REMITTANCE_BENCHMARKS = {
  asOf: '2023-09-30',
  source: {
    title: 'World Bank, Remittance Prices Worldwide, Issue 47 (Q3 2023)',
    url: 'https://remittanceprices.worldbank.org',
    /** The figures are the average total cost of sending the equivalent of USD 200, fees and FX margin included. */
    basis: 'Average total cost of sending USD 200',
  },
  rows: [
    {
      id: 'bank',
      label: 'Typical bank wire',
      /** "Banks remain the most expensive type of service provider, with an average cost of 11.48 percent." */
      costPercent: '11.48',
      time: '1–5 business days',
    },
    {
      id: 'global-average',
      label: 'Remittance average (all providers)',
      /** "The Global Average decreased from 6.20 percent in Q2 2023 to 6.18 percent in Q3 2023." */
      costPercent: '6.18',
      time: 'Minutes to several days',
    },
  ],
} as const;

export type RemittanceBenchmarkId = (typeof REMITTANCE_BENCHMARKS.rows)[number]['id'];
