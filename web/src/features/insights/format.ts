import { CURRENCY_SYMBOLS, type DisplayCurrency, formatFiat, formatSignedPercent, fractionDigitsFor } from '@fincrypt/domain';

/** A stat card's change (docs/product.md#market-data): one decimal, signed by its rounded value ("+12.5%", "-3.1%", "0.0%"); "—" when there is nothing to compare. */
export function formatStatChange(changePercent: number | null): string {
  if (changePercent === null || !Number.isFinite(changePercent)) return '—';
  return formatSignedPercent(changePercent, 1);
}

const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatCount(value: number): string {
  return countFormat.format(value);
}

const smallRateFormat = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 2 });
const rateFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Transactions per second: a quiet demo ledger runs at a few per day, so small rates keep two significant digits. */
export function formatTps(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return '0.00';
  return value < 0.01 ? smallRateFormat.format(value) : rateFormat.format(value);
}

/** A 0–1 confidence as a whole percentage ("85%"). */
export function formatConfidence(share: number): string {
  return `${Math.round(Math.max(0, Math.min(1, share)) * 100)}%`;
}

const coinFormats = new Map<number, Intl.NumberFormat>();

/** Coin amounts with up to `maxDecimals` decimals, grouped ("8,123.4567"). */
export function formatCoinAmount(value: number, maxDecimals = 4): string {
  let format = coinFormats.get(maxDecimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { maximumFractionDigits: maxDecimals });
    coinFormats.set(maxDecimals, format);
  }
  return format.format(value);
}

const decimalsOf = (step: number) => {
  const text = String(step);
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent) return Number(exponent[1]);
  return text.includes('.') ? text.split('.')[1]!.length : 0;
};

const preciseFormats = new Map<string, Intl.NumberFormat>();

/**
 * A price on an order-book level: the currency's usual decimals, or more when the book steps by less
 * (MATIC steps by €0.0005, which two decimals would blur into identical rows).
 */
export function formatPriceAtTick(value: number, currency: DisplayCurrency, tickSize: number): string {
  if (!Number.isFinite(value)) return `${CURRENCY_SYMBOLS[currency]}0.00`;
  const digits = Math.max(fractionDigitsFor(currency), decimalsOf(tickSize));
  const key = `${currency}:${digits}`;
  let format = preciseFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    preciseFormats.set(key, format);
  }
  return format.format(value);
}

const compactFormats = new Map<string, Intl.NumberFormat>();

/** Short axis labels: "$2.21K", "₹1.8M", "€0.931"; more significant digits when an axis needs them to tell ticks apart. */
export function formatCompactFiat(value: number, currency: DisplayCurrency, significantDigits = 3): string {
  const digits = Math.min(21, Math.max(1, Math.round(significantDigits)));
  const key = `${currency}:${digits}`;
  let format = compactFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      currencyDisplay: 'narrowSymbol',
      notation: 'compact',
      maximumSignificantDigits: digits,
    });
    compactFormats.set(key, format);
  }
  return format.format(value);
}

/** Below this a fiat stat is shown in full; from it on, in compact notation (docs/product.md#insights). */
export const STAT_COMPACT_FROM = 100_000;

/** Compact notation follows the currency's own locale: rupees count in lakh and crore (₹1.49Cr), the others in K/M/B. */
const STAT_LOCALES: Record<DisplayCurrency, string> = { inr: 'en-IN', usd: 'en-US', eur: 'en-US', gbp: 'en-US', jpy: 'en-US' };
const statFormats = new Map<DisplayCurrency, Intl.NumberFormat>();

/**
 * A fiat stat card figure: `full` as everywhere else ("₹14,881,053.27"), and `short` for the card, which is
 * `full` below STAT_COMPACT_FROM and compact by locale from it on ("₹1.49Cr", "$14.9M").
 */
export function formatStatFiat(value: number, currency: DisplayCurrency): { short: string; full: string } {
  const full = formatFiat(value, currency);
  if (!Number.isFinite(value) || Math.abs(value) < STAT_COMPACT_FROM) return { short: full, full };
  let format = statFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(STAT_LOCALES[currency], {
      style: 'currency',
      currency: currency.toUpperCase(),
      currencyDisplay: 'narrowSymbol',
      notation: 'compact',
      maximumSignificantDigits: 3,
    });
    statFormats.set(currency, format);
  }
  return { short: format.format(value), full };
}

/** Axis steps are 1, 2 or 5 × a power of ten, so every tick is a round figure (₹160K, ₹170K, …). */
const ROUND_STEP_BASES = [1, 2, 5] as const;

/**
 * At most `maxTicks` (3 or more) round ticks covering min..max (docs/product.md#insights): the smallest step of 1, 2 or
 * 5 × 10^k that fits, from the multiple of the step at or below min to the one at or above max. A flat series
 * is widened by 1% either side; nothing finite gives no ticks.
 */
export function roundTicks(min: number, max: number, maxTicks = 6): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  // A range across zero needs a tick below, at and above it: three is the fewest that always fits.
  const limit = Math.max(3, Math.floor(maxTicks));
  let low = Math.min(min, max);
  let high = Math.max(min, max);
  if (low === high) {
    const pad = low === 0 ? 1 : Math.abs(low) * 0.01;
    low -= pad;
    high += pad;
  }
  for (let exponent = Math.floor(Math.log10((high - low) / limit)); ; exponent++) {
    for (const base of ROUND_STEP_BASES) {
      const step = base * 10 ** exponent;
      const first = Math.floor(low / step);
      const last = Math.ceil(high / step);
      if (last - first + 1 <= limit) {
        const decimals = Math.max(0, -exponent);
        return Array.from({ length: last - first + 1 }, (_, i) => Number(((first + i) * step).toFixed(decimals)) + 0);
      }
    }
  }
}

/** The significant digits a compact label needs so that neighbouring round ticks never read the same. */
export function tickSignificantDigits(ticks: readonly number[]): number {
  if (ticks.length < 2) return 3;
  const step = Math.abs(ticks[1]! - ticks[0]!);
  const largest = Math.max(...ticks.map((tick) => Math.abs(tick)));
  if (step === 0 || largest === 0) return 3;
  return Math.max(3, Math.floor(Math.log10(largest)) - Math.floor(Math.log10(step) + 1e-9) + 1);
}

const hourFormat = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** "14:00" in the viewer's time zone. */
export const formatHour = (time: string | number) => hourFormat.format(new Date(time));
/** "Nov 21". */
export const formatDay = (time: string | number) => dayFormat.format(new Date(time));

/**
 * At most `maxTicks` values spread evenly from first to last, for an axis that must not crowd: the price
 * chart allows 7 (docs/product.md#insights).
 */
export function evenTicks<T>(values: readonly T[], maxTicks: number): T[] {
  if (values.length <= maxTicks) return [...values];
  const lastIndex = values.length - 1;
  const indexes = new Set(Array.from({ length: maxTicks }, (_, i) => Math.round((i * lastIndex) / (maxTicks - 1))));
  return [...indexes].map((index) => values[index]!);
}
