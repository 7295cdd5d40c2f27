import {
  type CostComparison,
  type DisplayCurrency,
  type QuoteFixedSide,
  type TimelineStep,
  type TransactionDetail,
  assetToFiatMinor,
  compareCost,
  findAsset,
  formatClockTime,
  percentOf,
  rateOf,
  timeToFinalText,
} from '@fincrypt/domain';
import type { LivePrices } from './fiat-values.ts';

/**
 * The facts the detail page and the receipt show about a payment beyond the chain's: its cost beside the old way,
 * the quote's rates, and the times of its steps (docs/product.md#cross-border-payments).
 */

/** Where the fee's value in the sender's currency came from: the quote, the price kept at send, or today's price. */
export type FeeValuedBy = 'quote' | 'send' | 'today';

export interface PaymentCost {
  currency: DisplayCurrency;
  amountMinor: bigint;
  feeMinor: bigint;
  feeValuedBy: FeeValuedBy;
  /** The fee's share of the amount: the quote's figure when the send honoured one (the review showed it), else of these two. */
  feePercent: string;
}

type CostFields = Pick<TransactionDetail, 'type' | 'network' | 'asset' | 'feeSymbol' | 'amountUnits' | 'feeUnits' | 'valueAtSend' | 'quote'>;

const ceilDiv = (numerator: bigint, denominator: bigint) => (numerator + denominator - 1n) / denominator;

const withShare = (cost: Omit<PaymentCost, 'feePercent'>): PaymentCost => ({ ...cost, feePercent: percentOf(cost.feeMinor, cost.amountMinor) ?? '0.00' });

/**
 * What a send cost its sender, in the sender's currency, from the values kept at send: the amount's value, and the
 * fee's — the quote's when it honoured one; for a coin transfer without one, the fee at the price the amount was
 * valued at (the fee is in the same coin); for a token, the network coin at today's price (no price of it was
 * kept). Undefined for receives and mints (the cost is the sender's) and for rows that kept no value.
 */
export function paymentCost(transaction: CostFields, prices: LivePrices): PaymentCost | undefined {
  const kept = transaction.valueAtSend;
  if (transaction.type !== 'send' || !kept) return undefined;
  const currency = kept.senderCurrency;
  const amountMinor = BigInt(kept.senderMinor);
  const feeUnits = BigInt(transaction.feeUnits);
  if (transaction.quote && transaction.quote.senderCurrency === currency) {
    return { currency, amountMinor, feeMinor: BigInt(transaction.quote.sender.feeMinor), feeValuedBy: 'quote', feePercent: transaction.quote.feePercent };
  }
  const amountUnits = BigInt(transaction.amountUnits);
  if (transaction.asset === transaction.feeSymbol && amountUnits > 0n) {
    // Rounded up, as the sender's cost always is (fx.ts).
    return withShare({ currency, amountMinor, feeMinor: ceilDiv(feeUnits * amountMinor, amountUnits), feeValuedBy: 'send' });
  }
  const coin = findAsset(transaction.network, transaction.feeSymbol);
  const rate = coin ? rateOf(prices, coin.priceTokenId, currency) : undefined;
  if (!coin || rate === undefined) return undefined;
  return withShare({ currency, amountMinor, feeMinor: assetToFiatMinor(feeUnits, coin.decimals, rate, currency, 'up'), feeValuedBy: 'today' });
}

/** The cost beside a typical bank wire and the remittance average (cost-comparison.ts), at the payment's speed. */
export function paymentComparison(transaction: CostFields & Pick<TransactionDetail, 'speed'>, prices: LivePrices): { cost: PaymentCost; comparison: CostComparison } | undefined {
  const cost = paymentCost(transaction, prices);
  if (!cost) return undefined;
  const timeToFinal = transaction.quote?.timeToFinal ?? timeToFinalText(transaction.speed);
  return { cost, comparison: compareCost({ ...cost, timeToFinal }) };
}


/** Which side of the payment the sender fixed when asking for the quote. */
export function fixedSideText(fixed: QuoteFixedSide): string {
  if (fixed === 'sender') return 'What the sender pays';
  if (fixed === 'recipient') return 'What the recipient gets';
  return 'The asset amount';
}


/** When a step happened ("10:02:31 AM"), or when it is expected ("expected about 10:02:45 AM"); '' when neither is known. */
export function stepTimeText(step: Pick<TimelineStep, 'at' | 'expectedAt' | 'done'>): string {
  if (step.at) return formatClockTime(step.at);
  if (step.expectedAt) return `expected about ${formatClockTime(step.expectedAt)}`;
  return '';
}

/** The step the payment is at now: the first one not done, unless it failed or is final. */
export function currentStepIndex(steps: readonly Pick<TimelineStep, 'done'>[]): number {
  return steps.findIndex((step) => !step.done);
}
