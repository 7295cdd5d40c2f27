import { type Numeric, numberFormat } from './number-format.ts';

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
 * A fiat amount with the currency's narrow symbol in the reader's locale ("-₹1,234.50", "¥1,235" in en-US), the
 * currency's own decimals (none for yen). A value that is not a finite number yields zero ("₹0.00").
 */
export function formatFiat(value: number | null | undefined, currency: DisplayCurrency): string {
  return formatFiatDigits(typeof value === 'number' && Number.isFinite(value) ? value : 0, currency, fractionDigitsFor(currency));
}

/** A fiat amount with its symbol and `fractionDigits` decimals (up to `maxFractionDigits` when more are given). */
export function formatFiatDigits(value: Numeric, currency: DisplayCurrency, fractionDigits: number, maxFractionDigits = fractionDigits): string {
  const style = { style: 'currency', currency: currency.toUpperCase(), currencyDisplay: 'narrowSymbol' } as const;
  const digits = { minimumFractionDigits: fractionDigits, maximumFractionDigits: Math.max(fractionDigits, maxFractionDigits) };
  return numberFormat({ ...style, ...digits }).format(value as Intl.StringNumericLiteral);
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
