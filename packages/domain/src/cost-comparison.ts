import type { DisplayCurrency } from './currency.ts';
import { percentOf } from './fx.ts';
import type { CostComparison, CostComparisonRow } from './quote-api-schemas.ts';
import { REMITTANCE_BENCHMARKS } from './remittance-benchmarks.ts';

/** "11.48" → 1148 (hundredths of a percent). */
function basisPointsOf(percentText: string): bigint {
  const [whole = '0', fraction = ''] = percentText.split('.');
  return BigInt(whole + fraction.padEnd(2, '0').slice(0, 2));
}

export interface CostComparisonInput {
  currency: DisplayCurrency;
  /** The amount sent and this payment's cost (its network fee; there is no FX markup), in the currency's minor unit. */
  amountMinor: bigint;
  feeMinor: bigint;
  /**
   * The fee's share of the amount as the quote states it (payment-pricing.ts `feePercentOf`, at exact dollar rates):
   * the one figure the review, the receipt and this table show. Without it, the share of `feeMinor` in `amountMinor`.
   */
  feePercent?: string | undefined;
  /** This payment's time from broadcast to final ("1–2 min"). */
  timeToFinal: string;
}

/**
 * This payment's cost and time beside what the same amount would cost the old way (remittance-benchmarks.ts):
 * each benchmark's cost is its average percentage of the amount, rounded half up to the minor unit.
 */
export function compareCost({ currency, amountMinor, feeMinor, feePercent, timeToFinal }: CostComparisonInput): CostComparison {
  const own: CostComparisonRow = {
    id: 'this-payment',
    label: 'This payment',
    costMinor: feeMinor.toString(),
    costPercent: feePercent ?? percentOf(feeMinor, amountMinor) ?? '0.00',
    time: timeToFinal,
  };
  const benchmarks = REMITTANCE_BENCHMARKS.rows.map((row): CostComparisonRow => {
    const cost = (amountMinor * basisPointsOf(row.costPercent) * 2n + 10_000n) / 20_000n;
    return {
      id: row.id,
      label: row.label,
      costMinor: cost.toString(),
      costPercent: row.costPercent,
      time: row.time,
      savingMinor: (cost - feeMinor).toString(),
    };
  });
  return {
    currency,
    rows: [own, ...benchmarks],
    source: { ...REMITTANCE_BENCHMARKS.source, asOf: REMITTANCE_BENCHMARKS.asOf },
  };
}
