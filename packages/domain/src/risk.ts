import { addressKey } from './addresses.ts';
import { parseDecimalText } from './money.ts';

/** The score looks at this many of the most recent transactions. */
export const RISK_WINDOW_TRANSACTIONS = 10;
export const RISK_POINTS = { largeAmount: 10, burst: 15, distinctRecipient: 5 } as const;
/** "Large" means strictly above this many whole coins. */
export const LARGE_AMOUNT_COINS = 10n;
/** A transaction closer than this to the one before it counts as part of a burst. */
export const BURST_GAP_MS = 5 * 60_000;

/** A decimal string in coin ("12.5"), or an amount in the smallest unit with its decimals. */
export type RiskAmount = string | { units: bigint; decimals: number };

export interface RiskTransaction {
  amount: RiskAmount;
  timestamp: Date | string | number;
  toAddress: string;
}

export type RiskLevel = 'low' | 'medium' | 'high';

export interface RiskBand {
  level: RiskLevel;
  label: 'Low' | 'Medium' | 'High';
  color: 'green' | 'amber' | 'red';
}

export interface RiskScore extends RiskBand {
  score: number;
  breakdown: { largeAmounts: number; bursts: number; distinctRecipients: number };
}

export function isAboveLargeAmount(amount: RiskAmount): boolean {
  if (typeof amount !== 'string') {
    return amount.units > LARGE_AMOUNT_COINS * 10n ** BigInt(amount.decimals);
  }
  const parsed = parseDecimalText(amount);
  if (!parsed.ok) return false;
  const whole = BigInt(parsed.integerDigits || '0');
  return whole > LARGE_AMOUNT_COINS || (whole === LARGE_AMOUNT_COINS && /[1-9]/.test(parsed.fractionDigits));
}

/** Below 30 low, 30 to below 70 medium, 70 and above high. */
export function riskBand(score: number): RiskBand {
  if (score >= 70) return { level: 'high', label: 'High', color: 'red' };
  if (score >= 30) return { level: 'medium', label: 'Medium', color: 'amber' };
  return { level: 'low', label: 'Low', color: 'green' };
}

function timestampMs(timestamp: Date | string | number): number {
  const ms = timestamp instanceof Date ? timestamp.getTime() : typeof timestamp === 'number' ? timestamp : Date.parse(timestamp);
  return Number.isFinite(ms) ? ms : Number.NEGATIVE_INFINITY;
}

/**
 * The risk score (docs/product.md#risk-score) over the 10 most recent transactions: +10 for each amount above 10, +15 for each
 * transaction less than 5 minutes after the one before it, +5 for each distinct recipient; clamped to
 * 0–100. The transactions may come in any order.
 */
export function riskScore(transactions: readonly RiskTransaction[]): RiskScore {
  const recent = transactions
    .map((transaction) => ({ ...transaction, ms: timestampMs(transaction.timestamp) }))
    .sort((a, b) => b.ms - a.ms || 0)
    .slice(0, RISK_WINDOW_TRANSACTIONS)
    .reverse();

  const largeAmounts = recent.filter((transaction) => isAboveLargeAmount(transaction.amount)).length;
  const bursts = recent.filter((transaction, i) => {
    const previous = recent[i - 1];
    return previous !== undefined && transaction.ms - previous.ms < BURST_GAP_MS;
  }).length;
  const distinctRecipients = new Set(recent.map((transaction) => addressKey(transaction.toAddress))).size;

  const raw =
    largeAmounts * RISK_POINTS.largeAmount + bursts * RISK_POINTS.burst + distinctRecipients * RISK_POINTS.distinctRecipient;
  const score = Math.min(100, Math.max(0, raw));
  return { score, ...riskBand(score), breakdown: { largeAmounts, bursts, distinctRecipients } };
}
