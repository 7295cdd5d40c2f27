import {
  CURRENCY_SYMBOLS,
  DISPLAY_CURRENCIES,
  type DisplayCurrency,
  type PaymentRates,
  type PricesByToken,
  type PriceTokenId,
  type PricedPayment,
  type PricingError,
  type QuoteFixedSide,
  assetToFiatMinor,
  fiatMinorToAsset,
  fiatMinorToText,
  formatAmount,
  formatAmountTrimmed,
  formatFiatMinor,
  isDisplayCurrency,
  pricePayment,
  rateOf,
} from '@fincrypt/domain';

/**
 * The Send form's money logic (docs/product.md#cross-border-payments): which unit the amount is typed in, the
 * indicative figures shown while typing (the same `pricePayment` the server's firm quote uses, at the live
 * prices on screen), and what MAX and a unit switch put in the field. Nothing here is a promise: the review's
 * firm quote is.
 */

/**
 * The amount field's unit: the asset itself, the sender's money in one of the five currencies ("I send
 * ₹10,000"), or what the recipient gets in their currency ("they receive €100").
 */
export type AmountUnit = 'asset' | `sender:${DisplayCurrency}` | 'recipient';

export const AMOUNT_UNITS: readonly AmountUnit[] = ['asset', ...DISPLAY_CURRENCIES.map((currency) => `sender:${currency}` as const), 'recipient'];

export function isAmountUnit(value: unknown): value is AmountUnit {
  return typeof value === 'string' && (AMOUNT_UNITS as readonly string[]).includes(value);
}

/** The side a unit fixes, and the sender's currency it implies (the display currency unless the unit names one). */
export function readUnit(unit: AmountUnit, displayCurrency: DisplayCurrency): { fixed: QuoteFixedSide; senderCurrency: DisplayCurrency } {
  if (unit === 'asset' || unit === 'recipient') return { fixed: unit, senderCurrency: displayCurrency };
  const currency = unit.slice('sender:'.length);
  return { fixed: 'sender', senderCurrency: isDisplayCurrency(currency) ? currency : displayCurrency };
}

/** How the unit select names an option: "ETH", "₹ INR", "€ EUR they receive". */
export function unitLabel(unit: AmountUnit, assetSymbol: string, recipientCurrency: DisplayCurrency): string {
  if (unit === 'asset') return assetSymbol;
  if (unit === 'recipient') return `${CURRENCY_SYMBOLS[recipientCurrency]} ${recipientCurrency.toUpperCase()} they receive`;
  const { senderCurrency } = readUnit(unit, 'inr');
  return `${CURRENCY_SYMBOLS[senderCurrency]} ${senderCurrency.toUpperCase()}`;
}

/** The rates `pricePayment` needs, from the live prices; undefined while any of them is missing. */
export function ratesFromPrices(
  prices: PricesByToken | undefined,
  assetTokenId: PriceTokenId,
  feeTokenId: PriceTokenId,
  senderCurrency: DisplayCurrency,
  recipientCurrency: DisplayCurrency,
): PaymentRates | undefined {
  const rates = {
    assetToSender: rateOf(prices, assetTokenId, senderCurrency),
    assetToRecipient: rateOf(prices, assetTokenId, recipientCurrency),
    assetToUsd: rateOf(prices, assetTokenId, 'usd'),
    feeAssetToSender: rateOf(prices, feeTokenId, senderCurrency),
    feeAssetToUsd: rateOf(prices, feeTokenId, 'usd'),
  };
  return Object.values(rates).every((value) => value !== undefined) ? (rates as PaymentRates) : undefined;
}

export interface IndicativeInput {
  unit: AmountUnit;
  amount: string;
  displayCurrency: DisplayCurrency;
  recipientCurrency: DisplayCurrency;
  assetDecimals: number;
  feeDecimals: number;
  /** The fee on screen; 0 before one is known. */
  feeUnits: bigint;
  rates: PaymentRates | undefined;
}

/** What the form shows while typing; undefined while nothing sensible can be priced (no amount, no prices). */
export function indicativeFigures(input: IndicativeInput): PricedPayment | { ok: false; error: PricingError } | undefined {
  if (input.amount.trim() === '' || !input.rates) return undefined;
  const { fixed, senderCurrency } = readUnit(input.unit, input.displayCurrency);
  return pricePayment({
    fixed,
    amount: input.amount.trim(),
    assetDecimals: input.assetDecimals,
    feeDecimals: input.feeDecimals,
    feeUnits: input.feeUnits,
    senderCurrency,
    recipientCurrency: input.recipientCurrency,
    rates: input.rates,
  });
}

/** At most this many decimals of an asset in a "≈ …" line: enough to see the amount, not wei noise. */
const SHOWN_ASSET_PLACES = 6;

/** An asset amount for a "≈ 0.054945 ETH" line: cut (never rounded up) to 6 places, trailing zeros dropped. */
export function approxAssetText(units: bigint, decimals: number): string {
  const places = Math.min(decimals, SHOWN_ASSET_PLACES);
  const cut = formatAmount(units, decimals, places);
  return places > 0 ? cut.replace(/\.?0+$/, '') || '0' : cut;
}

/** The amount in the unit the user is not typing in: the asset when typing money, the sender's money when typing the asset. */
export function otherUnitText(figures: PricedPayment, unit: AmountUnit, displayCurrency: DisplayCurrency, assetSymbol: string, assetDecimals: number): string {
  if (unit === 'asset') return `≈ ${formatFiatMinor(figures.senderAmountMinor, readUnit(unit, displayCurrency).senderCurrency)}`;
  return `≈ ${approxAssetText(figures.amountUnits, assetDecimals)} ${assetSymbol}`;
}

export interface AmountInUnitInput {
  /** The asset amount, in smallest units. */
  units: bigint;
  unit: AmountUnit;
  displayCurrency: DisplayCurrency;
  recipientCurrency: DisplayCurrency;
  assetDecimals: number;
  rates: PaymentRates | undefined;
}

/**
 * An asset amount as text in `unit`, for the field: exact in the asset; in money rounded down (the sender's cost
 * and the recipient's amount alike), so MAX in money never asks for more of the asset than there is. Undefined
 * when a money unit has no rate yet.
 */
export function amountInUnit({ units, unit, displayCurrency, recipientCurrency, assetDecimals, rates }: AmountInUnitInput): string | undefined {
  if (unit === 'asset') return formatAmountTrimmed(units, assetDecimals);
  if (!rates) return undefined;
  if (unit === 'recipient') {
    let minor = assetToFiatMinor(units, assetDecimals, rates.assetToRecipient, recipientCurrency, 'down');
    // Fixing the recipient's side rounds the asset up: step down until that stays within the amount.
    while (minor > 0n && fiatMinorToAsset(minor, recipientCurrency, rates.assetToRecipient, assetDecimals, 'up') > units) minor -= 1n;
    return fiatMinorToText(minor, recipientCurrency);
  }
  const { senderCurrency } = readUnit(unit, displayCurrency);
  return fiatMinorToText(assetToFiatMinor(units, assetDecimals, rates.assetToSender, senderCurrency, 'down'), senderCurrency);
}

