import { describe, expect, it } from 'vitest';
import { compareCost } from './cost-comparison.ts';
import { costComparisonSchema } from './quote-api-schemas.ts';
import { REMITTANCE_BENCHMARKS } from './remittance-benchmarks.ts';

describe('compareCost', () => {
  it('puts this payment beside a bank wire and the remittance average, in the sender\'s currency, with the source', () => {
    // ₹10,000 sent for ₹84 of network fee.
    const comparison = compareCost({ currency: 'inr', amountMinor: 1_000_000n, feeMinor: 8_400n, timeToFinal: '1–2 min' });
    expect(costComparisonSchema.parse(comparison)).toEqual(comparison);
    expect(comparison.rows).toEqual([
      { id: 'this-payment', label: 'This payment', costMinor: '8400', costPercent: '0.84', time: '1–2 min' },
      { id: 'bank', label: 'Typical bank wire', costMinor: '114800', costPercent: '11.48', time: '1–5 business days', savingMinor: '106400' },
      { id: 'global-average', label: 'Remittance average (all providers)', costMinor: '61800', costPercent: '6.18', time: 'Minutes to several days', savingMinor: '53400' },
    ]);
    expect(comparison.source).toEqual({ ...REMITTANCE_BENCHMARKS.source, asOf: '2023-09-30' });
  });

  it("shows the quote's own fee share when given one, so the review and the table show one figure", () => {
    const comparison = compareCost({ currency: 'inr', amountMinor: 1_000_000n, feeMinor: 8_400n, feePercent: '0.85', timeToFinal: '1–2 min' });
    expect(comparison.rows[0]).toMatchObject({ costMinor: '8400', costPercent: '0.85' });
  });

  it('rounds each benchmark\'s cost half up to the minor unit, and shows a negative saving when this payment costs more', () => {
    // ¥333 × 6.18% = ¥20.5794 → ¥21; × 11.48% = ¥38.2284 → ¥38.
    const yen = compareCost({ currency: 'jpy', amountMinor: 333n, feeMinor: 50n, timeToFinal: 'under a minute' });
    expect(yen.rows.map((row) => [row.id, row.costMinor, row.savingMinor])).toEqual([
      ['this-payment', '50', undefined],
      ['bank', '38', '-12'],
      ['global-average', '21', '-29'],
    ]);
    expect(yen.rows[0]!.costPercent).toBe('15.02');
  });

  it('gives a zero amount a zero percentage rather than none', () => {
    expect(compareCost({ currency: 'usd', amountMinor: 0n, feeMinor: 0n, timeToFinal: '1–3 min' }).rows[0]!.costPercent).toBe('0.00');
  });
});
