import { type DisplayCurrency, formatFiatDigits, fractionDigitsFor } from './currency.ts';
import { parseAmount } from './money.ts';
import type { PriceTokenId, TokenPrice } from './prices.ts';

/**
 * Conversion between an asset's smallest unit and a currency's minor unit (paise, cents, yen), in integers.
 *
 * A rate is the price of one whole asset unit in the currency's major unit, as an exact decimal with
 * RATE_DECIMALS places, stored as an integer (`rateE8`): ₹182,000.5 per ETH is 18_200_050_000_000n.
 *
 * Rounding (docs/product.md#cross-border-payments), chosen so no figure ever flatters either side:
 * - fiat → asset, the sender's side fixed ("I send ₹10,000"): round DOWN, so the asset sent is never worth
 *   more than what the sender typed;
 * - fiat → asset, the recipient's side fixed ("they receive €100"): round UP, so the recipient never gets less
 *   than the fixed amount;
 * - asset → fiat, the sender's cost: round UP (the sender is never told it costs less than it does);
 * - asset → fiat, what the recipient gets: round DOWN (the recipient is never told they get more).
 */
export const RATE_DECIMALS = 8;
const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);

export type Rounding = 'down' | 'up';

/** a / b for non-negative integers, rounded as asked. */
function divide(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator <= 0n) throw new RangeError('division by a non-positive rate');
  const quotient = numerator / denominator;
  return rounding === 'up' && quotient * denominator !== numerator ? quotient + 1n : quotient;
}

/**
 * A feed price (a float) as an exact rate, rounded half up to RATE_DECIMALS places; undefined when the price
 * is not a finite positive number, or so small it rounds to nothing (such a rate cannot price a payment).
 */
export function rateFromPrice(price: number): bigint | undefined {
  if (!Number.isFinite(price) || price <= 0) return undefined;
  // toFixed keeps the decimal digits a float prints, instead of the binary noise Math.round(price * 1e8) would carry.
  const [whole = '0', fraction = ''] = price.toFixed(RATE_DECIMALS).split('.');
  const rate = BigInt(whole + fraction);
  return rate > 0n ? rate : undefined;
}

/** Prices per coin and currency as a feed gives them (floats), any of them possibly missing: the browser's live prices. */
export type PricesByToken = Partial<Record<PriceTokenId, Pick<TokenPrice, 'prices'>>>;

/** The exact rate of one coin in one currency from such prices; undefined while it is missing or unusable. */
export function rateOf(prices: PricesByToken | undefined, tokenId: PriceTokenId, currency: DisplayCurrency): bigint | undefined {
  const price = prices?.[tokenId]?.prices[currency];
  return price === undefined ? undefined : rateFromPrice(price);
}

/** The rate as decimal text with trailing zeros cut: 18200050000000n → "182000.5". */
export function formatRate(rateE8: bigint): string {
  const digits = rateE8.toString().padStart(RATE_DECIMALS + 1, '0');
  const whole = digits.slice(0, -RATE_DECIMALS);
  const fraction = digits.slice(-RATE_DECIMALS).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** Reads a rate back from `formatRate`'s text (or any decimal with at most RATE_DECIMALS places). */
export function parseRate(text: string): bigint | undefined {
  const parsed = parseAmount(text, RATE_DECIMALS);
  return parsed.ok && parsed.units > 0n ? parsed.units : undefined;
}

const minorPerMajor = (currency: DisplayCurrency) => 10n ** BigInt(fractionDigitsFor(currency));

/** `units` of an asset with `decimals` decimals, in `currency`'s minor unit at `rateE8`. */
export function assetToFiatMinor(units: bigint, decimals: number, rateE8: bigint, currency: DisplayCurrency, rounding: Rounding): bigint {
  if (units < 0n) throw new RangeError('a negative amount has no value here');
  return divide(units * rateE8 * minorPerMajor(currency), 10n ** BigInt(decimals) * RATE_SCALE, rounding);
}

/** `minor` units of `currency`, in the smallest unit of an asset with `decimals` decimals at `rateE8`. */
export function fiatMinorToAsset(minor: bigint, currency: DisplayCurrency, rateE8: bigint, decimals: number, rounding: Rounding): bigint {
  if (minor < 0n) throw new RangeError('a negative amount has no value here');
  return divide(minor * 10n ** BigInt(decimals) * RATE_SCALE, rateE8 * minorPerMajor(currency), rounding);
}

/**
 * Minor units of `from` in `to`, through the asset both are priced against (the rates of one snapshot), so
 * the cross rate is the one the quote uses: an amount's value in the recipient's currency.
 */
export function crossRateE8(fromRateE8: bigint, toRateE8: bigint): bigint {
  // to per from = (to per asset) / (from per asset), to RATE_DECIMALS places, rounded down.
  return divide(toRateE8 * RATE_SCALE, fromRateE8, 'down');
}

/** Typed fiat ("10000.50") in minor units; grouping separators are refused, as for every amount field. */
export function parseFiatAmount(text: string, currency: DisplayCurrency) {
  return parseAmount(text, fractionDigitsFor(currency));
}

/** Minor units as plain decimal text without symbol or grouping ("10000.00", "1500" for yen): what a form holds. */
export function fiatMinorToText(minor: bigint, currency: DisplayCurrency): string {
  const places = fractionDigitsFor(currency);
  if (places === 0) return minor.toString();
  const digits = (minor < 0n ? -minor : minor).toString().padStart(places + 1, '0');
  return `${minor < 0n ? '-' : ''}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/** Minor units with the currency's symbol, exactly (no float): 1000000n inr → "₹10,000.00" in en-US. */
export function formatFiatMinor(minor: bigint, currency: DisplayCurrency): string {
  return formatFiatDigits(fiatMinorToText(minor, currency), currency, fractionDigitsFor(currency));
}

/** A rate's decimal text as money, exactly: "182000.5" in INR → "₹182,000.50"; more places than the currency's are kept ("€0.01098"). */
export function formatRateIn(rateText: string, currency: DisplayCurrency): string {
  const places = rateText.split('.')[1]?.length ?? 0;
  return formatFiatDigits(rateText, currency, fractionDigitsFor(currency), Math.min(places, 20));
}

/**
 * `part` as a percentage of `whole` with `places` decimals, rounded half up, as text ("0.03"); "0" decimals
 * padded. A zero whole gives undefined: a fee has no percentage of nothing.
 */
export function percentOf(part: bigint, whole: bigint, places = 2): string | undefined {
  if (whole <= 0n || part < 0n) return undefined;
  const scale = 10n ** BigInt(places);
  const scaled = (part * 100n * scale * 2n + whole) / (whole * 2n);
  const digits = scaled.toString().padStart(places + 1, '0');
  return places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
}
