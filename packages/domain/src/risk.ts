import { addressKey } from './address-forms.ts';
import { parseDecimalText } from './money.ts';

/** The score looks at this many of the most recent transactions. */
export const RISK_WINDOW_TRANSACTIONS = 10;
export const RISK_POINTS = { largeAmount: 10, burst: 15, distinctRecipient: 5 } as const;
/**
 * "Large" means strictly above this many whole coins of the network's native coin; an amount of another asset
 * (USDC) is large when its value is above the value of this many native coins at the price of the moment
 * (docs/product.md#risk-score).
 */
export const LARGE_AMOUNT_COINS = 10n;
/** A transaction closer than this to the one before it counts as part of a burst. */
export const BURST_GAP_MS = 5 * 60_000;

/** A decimal string in coin ("12.5"), or an amount in the smallest unit with its decimals. */
export type RiskAmount = string | { units: bigint; decimals: number };

/**
 * Prices per whole unit, in one currency (the risk route uses USD at the price of the moment), of the asset an
 * amount is in and of its network's native coin. Absent for an amount of the native coin itself, which is
 * judged by its count of coins, exactly as the spec's rule reads.
 */
export interface RiskValuation {
  assetPrice: number;
  nativePrice: number;
}

export interface RiskTransaction {
  amount: RiskAmount;
  timestamp: Date | string | number;
  toAddress: string;
  /** For an asset other than the network's native coin (USDC): how to value it against the native coin. */
  valuation?: RiskValuation | undefined;
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

/** Prices are compared as integers of 10^-8 of the currency, so the comparison itself is exact. */
const PRICE_SCALE = 100_000_000;

function scaledPrice(price: number): bigint | undefined {
  if (!Number.isFinite(price) || price < 0) return undefined;
  return BigInt(Math.round(price * PRICE_SCALE));
}

/** The amount as an integer of its smallest unit; a decimal string counts its own fraction digits. */
function toUnits(amount: RiskAmount): { units: bigint; decimals: number } | undefined {
  if (typeof amount !== 'string') return amount;
  const parsed = parseDecimalText(amount);
  if (!parsed.ok) return undefined;
  return { units: BigInt((parsed.integerDigits || '0') + parsed.fractionDigits), decimals: parsed.fractionDigits.length };
}

/**
 * Whether an amount is "large": above 10 whole coins for the native coin (exactly), and for another asset a
 * value above that of 10 native coins, units × assetPrice > 10 × nativePrice × 10^decimals. When the native
 * price is not a positive number there is nothing to value against, and the amount is judged by its count as
 * the spec's rule reads.
 */
export function isAboveLargeAmount(amount: RiskAmount, valuation?: RiskValuation): boolean {
  const parsed = toUnits(amount);
  if (!parsed) return false;
  const one = 10n ** BigInt(parsed.decimals);
  const nativePrice = valuation && scaledPrice(valuation.nativePrice);
  const assetPrice = valuation && scaledPrice(valuation.assetPrice);
  if (nativePrice === undefined || assetPrice === undefined || nativePrice === 0n) {
    return parsed.units > LARGE_AMOUNT_COINS * one;
  }
  return parsed.units * assetPrice > LARGE_AMOUNT_COINS * nativePrice * one;
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
 * The risk score (docs/product.md#risk-score) over the 10 most recent transactions: +10 for each amount above 10 (of the
 * native coin, or worth more than 10 of it), +15 for each
 * transaction less than 5 minutes after the one before it, +5 for each distinct recipient; clamped to
 * 0–100. The transactions may come in any order.
 */
export function riskScore(transactions: readonly RiskTransaction[]): RiskScore {
  const recent = transactions
    .map((transaction) => ({ ...transaction, ms: timestampMs(transaction.timestamp) }))
    .sort((a, b) => b.ms - a.ms || 0)
    .slice(0, RISK_WINDOW_TRANSACTIONS)
    .reverse();

  const largeAmounts = recent.filter((transaction) => isAboveLargeAmount(transaction.amount, transaction.valuation)).length;
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
