import { formatAmountTrimmed, formatInteger } from '@fincrypt/domain';

/**
 * A real chain's figures as the explorer writes them: gas as a whole number, per-gas prices in Gwei, exact (a base
 * fee of a few wei is still shown, not rounded to 0).
 */

/** Gas ("21,000"): gas figures stay far below 2^53. */
export const gasText = (units: string) => formatInteger(Number(units));

/** Wei per gas in Gwei, every digit: "0.875", "0.000000007". */
export const gweiText = (wei: string) => `${formatAmountTrimmed(BigInt(wei), 9)} Gwei`;

/** How full a block or a transaction's gas limit is, in per cent to one decimal, cut ("0.1%"). */
export function gasShareText(used: string, limit: string): string {
  const limitUnits = BigInt(limit);
  if (limitUnits === 0n) return '0%';
  const perMille = (BigInt(used) * 1000n) / limitUnits;
  return `${formatAmountTrimmed(perMille, 1)}%`;
}

/** "21,000 of 30,000,000 (0%)". */
export const gasUsedOfText = (used: string, limit: string) => `${gasText(used)} of ${gasText(limit)} (${gasShareText(used, limit)})`;
