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

const formatters = new Map<DisplayCurrency, Intl.NumberFormat>();

/**
 * Formats a fiat amount with its symbol (e.g. "₹1,82,000.00" is not used: en-US grouping keeps every
 * currency readable the same way). A value that is not a finite number yields
 * "symbol followed by 0.00".
 */
export function formatFiat(value: number | null | undefined, currency: DisplayCurrency): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return `${CURRENCY_SYMBOLS[currency]}0.00`;
  }
  let formatter = formatters.get(currency);
  if (!formatter) {
    const digits = fractionDigitsFor(currency);
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(currency, formatter);
  }
  return formatter.format(value);
}

/** A 24h change in percent: two decimals, with a plus sign when not negative ("+1.50%", "-0.30%"). */
export function formatPercentChange(changePercent: number): string {
  if (!Number.isFinite(changePercent)) return '+0.00%';
  // Round half away from zero, and never show "-0.00%" for a tiny negative change.
  const hundredths = Math.round(Math.abs(changePercent) * 100);
  const sign = changePercent < 0 && hundredths > 0 ? '-' : '+';
  return `${sign}${(hundredths / 100).toFixed(2)}%`;
}
