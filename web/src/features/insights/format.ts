import {
  CURRENCY_SYMBOLS,
  type DisplayCurrency,
  formatDecimal,
  formatFiat,
  formatFiatDigits,
  formatDateParts,
  formatLocale,
  formatSignedPercent,
  fractionDigitsFor,
  numberFormat,
} from '@fincrypt/domain';

/* Insights' figures and axis labels, through Intl in the reader's locale (decision 037). */

/** A stat card's change (docs/product.md#market-data): one decimal, signed by its rounded value ("+12.5%", "-3.1%", "0.0%"); "—" when there is nothing to compare. */
export function formatStatChange(changePercent: number | null): string {
  if (changePercent === null || !Number.isFinite(changePercent)) return '—';
  return formatSignedPercent(changePercent, 1);
}

/** A whole count, grouped ("12,345"). */
export function formatCount(value: number): string {
  return formatDecimal(value, { maximumFractionDigits: 0 });
}

/** A 0–1 confidence as a whole percentage ("85%"). */
export function formatConfidence(share: number): string {
  return `${Math.round(Math.max(0, Math.min(1, share)) * 100)}%`;
}

/** Coin amounts with up to `maxDecimals` decimals, grouped ("8,123.4567"). */
export function formatCoinAmount(value: number, maxDecimals = 4): string {
  return formatDecimal(value, { maximumFractionDigits: maxDecimals });
}

const decimalsOf = (step: number) => {
  const text = String(step);
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent) return Number(exponent[1]);
  return text.includes('.') ? text.split('.')[1]!.length : 0;
};

/**
 * A price on an order-book level: the currency's usual decimals, or more when the book steps by less
 * (MATIC steps by €0.0005, which two decimals would blur into identical rows).
 */
export function formatPriceAtTick(value: number, currency: DisplayCurrency, tickSize: number): string {
  if (!Number.isFinite(value)) return `${CURRENCY_SYMBOLS[currency]}0.00`;
  return formatFiatDigits(value, currency, Math.max(fractionDigitsFor(currency), decimalsOf(tickSize)));
}

/**
 * Currency in compact notation with a narrow symbol and at most `significantDigits` digits ("$2.21K", "₹1.49Cr"): the
 * one compact style, on stat cards and chart axes alike; rupees count in lakh and crore as India writes them.
 */
function formatCompactCurrency(value: number, currency: DisplayCurrency, significantDigits: number): string {
  const options = { style: 'currency', currency: currency.toUpperCase(), currencyDisplay: 'narrowSymbol', notation: 'compact', maximumSignificantDigits: significantDigits } as const;
  return numberFormat(options, currency === 'inr' ? 'en-IN' : formatLocale()).format(value);
}

/** Short axis labels: "$2.21K", "₹1.8L", "€0.931"; more significant digits when an axis needs them to tell ticks apart. */
export function formatCompactFiat(value: number, currency: DisplayCurrency, significantDigits = 3): string {
  return formatCompactCurrency(value, currency, Math.min(21, Math.max(1, Math.round(significantDigits))));
}

/** Below this a fiat stat is shown in full; from it on, in compact notation (docs/product.md#insights). */
export const STAT_COMPACT_FROM = 100_000;

/**
 * A fiat stat card figure: `full` as everywhere else ("₹14,881,053.27"), and `short` for the card, which is `full` below
 * STAT_COMPACT_FROM and compact from it on ("$14.9M", "₹1.49Cr").
 */
export function formatStatFiat(value: number, currency: DisplayCurrency): { short: string; full: string } {
  const full = formatFiat(value, currency);
  if (!Number.isFinite(value) || Math.abs(value) < STAT_COMPACT_FROM) return { short: full, full };
  return { short: formatCompactCurrency(value, currency, 3), full };
}

/** Axis steps are 1, 2 or 5 × a power of ten, so every tick is a round figure (₹1.6L, ₹1.7L, …). */
const ROUND_STEP_BASES = [1, 2, 5] as const;

interface RoundStep {
  step: number;
  /** The decimals its multiples need. */
  decimals: number;
}

/** The round steps from 10^exponent up, smallest first: 1, 2, 5, 10, 20, 50, … × 10^exponent. */
function* roundStepsFrom(exponent: number): Generator<RoundStep> {
  for (let power = exponent; ; power++) {
    for (const base of ROUND_STEP_BASES) yield { step: base * 10 ** power, decimals: Math.max(0, -power) };
  }
}

/** first × step up to last × step, each written as its round decimal (0.3, not 0.30000000000000004; 0, not -0). */
/** The `multiple`-th multiple of the step, as the decimal it stands for (0.1 × 3 is 0.3, not 0.30000000000000004). */
function multipleAt({ step, decimals }: RoundStep, multiple: number): number {
  return Number((multiple * step).toFixed(decimals)) + 0;
}

function multiplesOf(round: RoundStep, first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, i) => multipleAt(round, first + i));
}

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
  for (const round of roundStepsFrom(Math.floor(Math.log10((high - low) / limit)))) {
    const first = Math.floor(low / round.step);
    const last = Math.ceil(high / round.step);
    if (last - first + 1 <= limit) return multiplesOf(round, first, last);
  }
  return [];
}

/**
 * At most `maxTicks` (2 or more) round ticks inside min..max, for an axis that spans exactly its data (the depth
 * chart's prices): the smallest step of 1, 2 or 5 × 10^k whose multiples inside the range are few enough, and at
 * least two of them. A range too narrow for two round ticks gives its two ends.
 */
export function roundTicksWithin(min: number, max: number, maxTicks = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  const low = Math.min(min, max);
  const high = Math.max(min, max);
  if (low === high) return [low];
  const limit = Math.max(2, Math.floor(maxTicks));
  for (const round of roundStepsFrom(Math.floor(Math.log10((high - low) / limit)))) {
    // The division can round across a multiple (-999999.9999999999 / 0.0002 reads as -5e9 exactly): the first and
    // last multiples are the ones whose decimals fall inside the range.
    let first = Math.ceil(low / round.step);
    if (multipleAt(round, first) < low) first += 1;
    let last = Math.floor(high / round.step);
    if (multipleAt(round, last) > high) last -= 1;
    // Fewer multiples as the step grows: the first step with few enough is the one, if it has two.
    if (last - first + 1 <= limit) return last > first ? multiplesOf(round, first, last) : [low, high];
  }
  return [low, high];
}

/** Round ticks from zero up to `max`; zero alone when there is nothing above it. */
export function roundTicksFromZero(max: number, maxTicks: number): number[] {
  return max > 0 ? roundTicks(0, max, maxTicks) : [0];
}

/** The top of an axis drawn from zero to its last tick: 1 when zero is its only tick. */
export function topOfTicksFromZero(ticks: readonly number[]): number {
  return ticks.length > 1 ? ticks.at(-1)! : 1;
}

/** The significant digits a compact label needs so that neighbouring round ticks never read the same. */
export function tickSignificantDigits(ticks: readonly number[]): number {
  if (ticks.length < 2) return 3;
  const step = Math.abs(ticks[1]! - ticks[0]!);
  const largest = Math.max(...ticks.map((tick) => Math.abs(tick)));
  if (step === 0 || largest === 0) return 3;
  return Math.max(3, Math.floor(Math.log10(largest)) - Math.floor(Math.log10(step) + 1e-9) + 1);
}

/** "14:00" in the viewer's time zone and locale (24-hour, as a chart's hour axis reads best). */
export function formatHour(time: string | number): string {
  return formatDateParts(time, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** "Nov 21" in the viewer's time zone and locale. */
export function formatDay(time: string | number): string {
  return formatDateParts(time, { month: 'short', day: 'numeric' });
}

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
