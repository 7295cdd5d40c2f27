import { formatDecimal } from './number-format.ts';

/** Display currencies the user can choose; the default is Indian rupees (docs/product.md#formatting). */
export const DISPLAY_CURRENCIES = ['inr', 'usd', 'eur', 'gbp', 'jpy'] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];
export const DEFAULT_DISPLAY_CURRENCY: DisplayCurrency = 'inr';

export const CURRENCY_SYMBOLS: Record<DisplayCurrency, string> = {
  inr: '₹',
  usd: '$',
  eur: '€',
  gbp: '£',
  jpy: '¥',
};

export function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  return typeof value === 'string' && (DISPLAY_CURRENCIES as readonly string[]).includes(value);
}

/** Yen has no minor unit in everyday use, so it is shown without decimals. */
export function fractionDigitsFor(currency: DisplayCurrency): number {
  return currency === 'jpy' ? 0 : 2;
}

/**
 * Formats a fiat amount with its symbol (e.g. "₹1,82,000.00" is not used: en-US grouping keeps every
 * currency readable the same way), as `Intl.NumberFormat('en-US', { style: 'currency', currencyDisplay:
 * 'narrowSymbol' })` writes it ("-₹1,234.50", "¥1,235"), without Intl (number-format.ts says why). A value that is
 * not a finite number yields "symbol followed by 0.00".
 */
export function formatFiat(value: number | null | undefined, currency: DisplayCurrency): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return `${CURRENCY_SYMBOLS[currency]}0.00`;
  }
  return formatFiatDigits(value, currency, fractionDigitsFor(currency));
}

/** A fiat amount with its symbol and exactly `fractionDigits` decimals, as en-US currency style writes it. */
export function formatFiatDigits(value: number, currency: DisplayCurrency, fractionDigits: number): string {
  const digits = formatDecimal(value, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
  return digits.startsWith('-') ? `-${CURRENCY_SYMBOLS[currency]}${digits.slice(1)}` : `${CURRENCY_SYMBOLS[currency]}${digits}`;
}

/** Where a change points once rounded as shown: a change that rounds to zero is flat (neutral). */
export type ChangeDirection = 'up' | 'down' | 'flat';

/**
 * A change rounded half away from zero to `places` decimals, as an integer count of 10^-places: the one
 * value a shown change takes its digits, sign, arrow and colour from (docs/product.md#money).
 */
export function roundedChange(change: number, places: number): number {
  if (!Number.isFinite(change)) return 0;
  const scaled = Math.round(Math.abs(change) * 10 ** places);
  return change < 0 && scaled > 0 ? -scaled : scaled;
}

export function changeDirection(change: number, places: number): ChangeDirection {
  const rounded = roundedChange(change, places);
  return rounded === 0 ? 'flat' : rounded > 0 ? 'up' : 'down';
}

/**
 * A change in percent to `places` decimals with its sign ("+1.50%", "-0.30%"); a change that rounds to zero
 * has no sign ("0.00%"), so it never reads as a rise or a fall.
 */
export function formatSignedPercent(changePercent: number, places: number): string {
  const rounded = roundedChange(changePercent, places);
  const sign = rounded > 0 ? '+' : rounded < 0 ? '-' : '';
  return `${sign}${(Math.abs(rounded) / 10 ** places).toFixed(places)}%`;
}

/** A 24h change in percent: two decimals, signed by the rounded value ("+1.50%", "-0.30%", "0.00%"). */
export function formatPercentChange(changePercent: number): string {
  return formatSignedPercent(changePercent, 2);
}
