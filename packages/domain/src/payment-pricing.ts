import type { DisplayCurrency } from './currency.ts';
import { assetToFiatMinor, fiatMinorToAsset, parseFiatAmount, percentOf } from './fx.ts';
import { parseAmount } from './money.ts';
import type { QuoteFixedSide } from './quote-api.ts';

/** The most any amount may be in an asset's smallest unit: below 2^256, what an EVM uint256 holds. */
export const MAX_AMOUNT_UNITS = 2n ** 256n - 1n;

/** The rates of one price snapshot, as exact integers (fx.ts): per whole unit of the asset sent, and of the coin the fee is paid in. */
export interface PaymentRates {
  assetToSender: bigint;
  assetToRecipient: bigint;
  assetToUsd: bigint;
  feeAssetToSender: bigint;
  feeAssetToUsd: bigint;
}

export interface PricePaymentInput {
  fixed: QuoteFixedSide;
  /** As typed, in the fixed side's unit. */
  amount: string;
  assetDecimals: number;
  /** The network coin's decimals (the fee's). */
  feeDecimals: number;
  feeUnits: bigint;
  senderCurrency: DisplayCurrency;
  recipientCurrency: DisplayCurrency;
  rates: PaymentRates;
}

export interface PricedPayment {
  ok: true;
  amountUnits: bigint;
  senderAmountMinor: bigint;
  senderFeeMinor: bigint;
  senderTotalMinor: bigint;
  recipientAmountMinor: bigint;
  usdCents: bigint;
  /** The fee's value as a percentage of the amount's, 2 decimals ("0.03"). */
  feePercent: string;
}

/** Why an amount cannot be priced: not a positive decimal, more decimals than its unit has, nothing once converted, or beyond 2^256. */
export type PricingError = 'invalid' | 'too_many_decimals' | 'too_small' | 'too_large';

/**
 * The fee's value as a percentage of the amount's ("0.03"), both in US dollars at exact rates and brought to one
 * scale without dividing, so the percentage is rounded once.
 */
export function feePercentOf(input: {
  feeUnits: bigint;
  feeDecimals: number;
  feeAssetToUsd: bigint;
  amountUnits: bigint;
  assetDecimals: number;
  assetToUsd: bigint;
}): string {
  const feeValue = input.feeUnits * input.feeAssetToUsd * 10n ** BigInt(input.assetDecimals);
  const amountValue = input.amountUnits * input.assetToUsd * 10n ** BigInt(input.feeDecimals);
  return percentOf(feeValue, amountValue) ?? '0.00';
}

/**
 * A payment's exact figures from what the sender typed (fx.ts states the rounding): the asset amount, the sender's
 * cost and fee in their currency, what the recipient gets in theirs, and its value in US cents. The browser shows
 * these as indicative figures while typing; the server fixes them in a firm quote with the same function.
 */
export function pricePayment(input: PricePaymentInput): PricedPayment | { ok: false; error: PricingError } {
  const { rates, assetDecimals, senderCurrency, recipientCurrency } = input;
  let amountUnits: bigint;
  if (input.fixed === 'asset') {
    const parsed = parseAmount(input.amount, assetDecimals);
    if (!parsed.ok) return { ok: false, error: parsed.error === 'too_many_decimals' ? 'too_many_decimals' : 'invalid' };
    amountUnits = parsed.units;
  } else {
    const currency = input.fixed === 'sender' ? senderCurrency : recipientCurrency;
    const parsed = parseFiatAmount(input.amount, currency);
    if (!parsed.ok) return { ok: false, error: parsed.error === 'too_many_decimals' ? 'too_many_decimals' : 'invalid' };
    if (parsed.units <= 0n) return { ok: false, error: 'invalid' };
    amountUnits =
      input.fixed === 'sender'
        ? // Never more of the asset than the sender's money buys.
          fiatMinorToAsset(parsed.units, currency, rates.assetToSender, assetDecimals, 'down')
        : // Never less than the recipient was promised.
          fiatMinorToAsset(parsed.units, currency, rates.assetToRecipient, assetDecimals, 'up');
    if (amountUnits === 0n) return { ok: false, error: 'too_small' };
  }
  if (amountUnits <= 0n) return { ok: false, error: 'invalid' };
  if (amountUnits > MAX_AMOUNT_UNITS) return { ok: false, error: 'too_large' };

  const senderAmountMinor = assetToFiatMinor(amountUnits, assetDecimals, rates.assetToSender, senderCurrency, 'up');
  const senderFeeMinor = assetToFiatMinor(input.feeUnits, input.feeDecimals, rates.feeAssetToSender, senderCurrency, 'up');
  return {
    ok: true,
    amountUnits,
    senderAmountMinor,
    senderFeeMinor,
    senderTotalMinor: senderAmountMinor + senderFeeMinor,
    recipientAmountMinor: assetToFiatMinor(amountUnits, assetDecimals, rates.assetToRecipient, recipientCurrency, 'down'),
    usdCents: assetToFiatMinor(amountUnits, assetDecimals, rates.assetToUsd, 'usd', 'down'),
    feePercent: feePercentOf({ feeUnits: input.feeUnits, feeDecimals: input.feeDecimals, feeAssetToUsd: rates.feeAssetToUsd, amountUnits, assetDecimals, assetToUsd: rates.assetToUsd }),
  };
}

/** Above this share of the amount (in percent), the review warns that the network fee is high. */
export const FEE_WARN_PERCENT = 10;
/** Above this share, the fee is more than the payment itself: Send needs an explicit confirmation. */
export const FEE_CONFIRM_PERCENT = 100;

/** How the review treats a fee of this share of the amount (the quote's `feePercent`, "17.32"). */
export function feeShareLevel(feePercent: string): 'ok' | 'warn' | 'confirm' {
  const share = Number(feePercent);
  if (share > FEE_CONFIRM_PERCENT) return 'confirm';
  return share > FEE_WARN_PERCENT ? 'warn' : 'ok';
}
