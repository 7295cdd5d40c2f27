import fs from 'node:fs';
import path from 'node:path';
import { DISPLAY_CURRENCIES, formatFiat, fractionDigitsFor, seededRandom } from '@fincrypt/domain';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  evenTicks,
  formatCoinAmount,
  formatCompactFiat,
  formatConfidence,
  formatCount,
  formatDay,
  formatHour,
  formatPriceAtTick,
  formatStatChange,
  formatStatFiat,
  formatTps,
  roundTicks,
  roundTicksFromZero,
  roundTicksWithin,
  tickSignificantDigits,
  topOfTicksFromZero,
} from './format.ts';

describe('formatStatChange', () => {
  it.each([
    [12.5, '+12.5%'],
    [8.24, '+8.2%'],
    [-3.1, '-3.1%'],
    [0, '0.0%'],
    [-0.04, '0.0%'],
    [15.75, '+15.8%'],
    [null, '—'],
    [Number.NaN, '—'],
  ])('%s → %s', (change, label) => {
    expect(formatStatChange(change)).toBe(label);
  });
});

describe('formatTps', () => {
  it('keeps two significant digits below 0.01 and two decimals above', () => {
    expect(formatTps(2 / 86_400)).toBe('0.000023');
    expect(formatTps(0)).toBe('0.00');
    expect(formatTps(3.14159)).toBe('3.14');
  });
});

describe('formatPriceAtTick', () => {
  it('shows as many decimals as the tick needs, at least the currency’s own', () => {
    expect(formatPriceAtTick(2200, 'usd', 2)).toBe('$2,200.00');
    expect(formatPriceAtTick(0.9315, 'eur', 0.0005)).toBe('€0.9315');
    expect(formatPriceAtTick(325_000, 'jpy', 200)).toBe('¥325,000');
    expect(formatPriceAtTick(148.1, 'jpy', 0.1)).toBe('¥148.1');
    expect(formatPriceAtTick(0.1 + 0.2, 'usd', 0.01)).toBe('$0.30');
    expect(formatPriceAtTick(Number.NaN, 'gbp', 1)).toBe('£0.00');
  });
});

describe('other formats', () => {
  it('formats confidence, coin amounts and compact axis labels', () => {
    expect(formatConfidence(0.846)).toBe('85%');
    expect(formatConfidence(1.2)).toBe('100%');
    expect(formatCoinAmount(8123.456_78)).toBe('8,123.4568');
    expect(formatCompactFiat(2213.46, 'usd')).toBe('$2.21K');
    expect(formatCompactFiat(0.93123, 'eur')).toBe('€0.931');
  });
});

describe('evenTicks', () => {
  it('keeps at most the limit, always the first and the last', () => {
    const values = Array.from({ length: 120 }, (_, i) => i);
    const ticks = evenTicks(values, 7);
    expect(ticks).toHaveLength(7);
    expect(ticks[0]).toBe(0);
    expect(ticks.at(-1)).toBe(119);
    expect(evenTicks([1, 2, 3], 7)).toEqual([1, 2, 3]);
  });
});

describe('roundTicksFromZero and topOfTicksFromZero', () => {
  it('gives round ticks from zero, or zero alone, and the axis top that goes with them', () => {
    expect(roundTicksFromZero(3_400_000, 6)).toEqual([0, 1_000_000, 2_000_000, 3_000_000, 4_000_000]);
    expect(topOfTicksFromZero(roundTicksFromZero(3_400_000, 6))).toBe(4_000_000);
    expect(roundTicksFromZero(0.3, 6)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(topOfTicksFromZero([0, 0.1, 0.2, 0.3])).toBe(0.3);
    expect(roundTicksFromZero(0, 6)).toEqual([0]);
    expect(topOfTicksFromZero([0])).toBe(1);
  });
});

describe('roundTicksWithin', () => {
  it('places the round ticks that fall inside the range', () => {
    expect(roundTicksWithin(178_900, 198_800, 5)).toEqual([180_000, 185_000, 190_000, 195_000]);
    expect(roundTicksWithin(0.8312, 0.9288, 5)).toEqual([0.84, 0.86, 0.88, 0.9, 0.92]);
    expect(roundTicksWithin(0.8312, 0.9288, 2)).toEqual([0.85, 0.9]);
    expect(roundTicksWithin(10, 10, 5)).toEqual([10]);
    expect(roundTicksWithin(Number.NaN, 1, 5)).toEqual([]);
  });

  it('gives two to maxTicks ticks, all inside the range, evenly stepped', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 1e-3, max: 1e6, noNaN: true }),
        fc.integer({ min: 2, max: 8 }),
        (low, span, maxTicks) => {
          const ticks = roundTicksWithin(low, low + span, maxTicks);
          expect(ticks.length).toBeGreaterThanOrEqual(2);
          expect(ticks.length).toBeLessThanOrEqual(maxTicks);
          for (const tick of ticks) {
            expect(tick).toBeGreaterThanOrEqual(low - span * 1e-9);
            expect(tick).toBeLessThanOrEqual(low + span + span * 1e-9);
          }
          const step = ticks[1]! - ticks[0]!;
          for (let i = 2; i < ticks.length; i++) expect(ticks[i]! - ticks[i - 1]!).toBeCloseTo(step, 6);
        },
      ),
    );
  });
});

describe('roundTicks', () => {
  it('steps by 1, 2 or 5 × a power of ten and covers the data', () => {
    expect(roundTicks(158_200, 179_400, 6)).toEqual([155_000, 160_000, 165_000, 170_000, 175_000, 180_000]);
    expect(roundTicks(158_200, 179_400, 4)).toEqual([150_000, 160_000, 170_000, 180_000]);
    expect(roundTicks(0.912, 0.948, 6)).toEqual([0.91, 0.92, 0.93, 0.94, 0.95]);
    expect(roundTicks(2_205, 2_291, 6)).toEqual([2_200, 2_220, 2_240, 2_260, 2_280, 2_300]);
    expect(roundTicks(0, 3_400_000, 6)).toEqual([0, 1_000_000, 2_000_000, 3_000_000, 4_000_000]);
  });

  it('widens a flat series and gives no ticks without finite bounds', () => {
    expect(roundTicks(100, 100, 6)).toEqual([99, 99.5, 100, 100.5, 101]);
    expect(roundTicks(0, 0, 6)).toEqual([-1, -0.5, 0, 0.5, 1]);
    expect(roundTicks(Number.NaN, 5, 6)).toEqual([]);
  });

  it('never gives more than maxTicks, and every tick is a whole multiple of a round step', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 3, max: 10 }), (lowThousandths, spanThousandths, maxTicks) => {
        const low = lowThousandths / 1000;
        const span = spanThousandths / 1000;
        const ticks = roundTicks(low, low + span, maxTicks);
        expect(ticks.length).toBeGreaterThanOrEqual(2);
        expect(ticks.length).toBeLessThanOrEqual(maxTicks);
        // Covered up to floating-point noise: a tick is the round decimal, the bound may carry a last-bit error.
        const noise = 1e-9 * Math.max(1, Math.abs(low) + span);
        expect(ticks[0]!).toBeLessThanOrEqual(low + noise);
        expect(ticks.at(-1)!).toBeGreaterThanOrEqual(low + span - noise);
        const step = ticks[1]! - ticks[0]!;
        const mantissa = step / 10 ** Math.floor(Math.log10(step) + 1e-9);
        // A step a last bit under 10^k reads as mantissa 9.99…: that is 1 × 10^k.
        expect([1, 2, 5, 10].some((base) => Math.abs(mantissa - base) < 1e-4)).toBe(true);
      }),
    );
  });

  it('labels round ticks so that neighbours never read the same', () => {
    const ticks = [150_000, 160_000, 170_000, 180_000];
    expect(ticks.map((tick) => formatCompactFiat(tick, 'inr', tickSignificantDigits(ticks)))).toEqual(['₹150K', '₹160K', '₹170K', '₹180K']);
    const tight = roundTicks(1_234_120, 1_235_980, 6);
    const labels = tight.map((tick) => formatCompactFiat(tick, 'usd', tickSignificantDigits(tight)));
    expect(new Set(labels).size).toBe(labels.length);
  });
});

describe('formatStatFiat', () => {
  it('is compact by the currency\'s locale from 100,000 on, with the full figure kept', () => {
    expect(formatStatFiat(14_881_053.27, 'inr')).toEqual({ short: '₹1.49Cr', full: '₹14,881,053.27' });
    expect(formatStatFiat(14_881_053.27, 'usd')).toEqual({ short: '$14.9M', full: '$14,881,053.27' });
    expect(formatStatFiat(150_000, 'inr').short).toBe('₹1.5L');
    expect(formatStatFiat(99_999.99, 'eur')).toEqual({ short: '€99,999.99', full: '€99,999.99' });
    expect(formatStatFiat(Number.NaN, 'gbp')).toEqual({ short: '£0.00', full: '£0.00' });
  });
});

/**
 * Deterministic awkward numbers: every scale from 1e-9 to 1e22 (past the 1e15 market caps the app can show),
 * negatives, zeros, integers, exact decimal halves, and each power of ten's rounding edges (999.5, 999,950,
 * 99,950,000…) where a compact label rolls over into the next unit.
 */
function sampleNumbers(count: number): number[] {
  const random = seededRandom(0x9e3779b9);
  const edges: number[] = [0, -0, 1e-9, 5e-324, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 1.005, 0.145, 9.995, 14_881_053.27];
  for (let power = -9; power <= 22; power += 1) {
    for (let nines = 1; nines <= 9; nines += 1) {
      // Just under 10^power, at the half that rounds up to it and around that half, for 1–9 significant digits.
      const under = '9'.repeat(nines);
      edges.push(Number(`${under}5e${power - nines - 1}`), Number(`${under}4e${power - nines - 1}`), Number(`${under}49999e${power - nines - 5}`), Number(`${under}e${power - nines}`));
    }
    edges.push(Number(`1e${power}`), Number(`1.5e${power}`), Number(`2.5e${power}`), Number(`1.05e${power}`), Number(`1.00000005e${power}`));
  }
  const values = [...edges, ...edges.map((edge) => -edge)];
  for (let i = 0; i < count; i += 1) {
    const scale = 10 ** Math.floor(random() * 32 - 9);
    const sign = random() < 0.3 ? -1 : 1;
    const kind = random();
    if (kind < 0.25) values.push(sign * Math.round(random() * scale));
    else if (kind < 0.5) values.push((sign * Math.round(random() * 10 ** Math.floor(random() * 9))) / 10 ** Math.floor(random() * 12));
    else values.push(sign * random() * scale);
  }
  return values;
}

const SAMPLES = sampleNumbers(4_000);

/** The values whose text differs from the reference's, at most a few, so that a failure shows them together. */
function mismatches(values: readonly number[], ours: (value: number) => string, reference: (value: number) => string): string[] {
  const found: string[] = [];
  for (const value of values) {
    const expected = reference(value);
    const actual = ours(value);
    if (actual !== expected && found.length < 10) found.push(`${value}: ${actual} ≠ ${expected}`);
  }
  return found;
}

const intlCurrency = (locale: string, currency: string, options: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase(), currencyDisplay: 'narrowSymbol', ...options });

describe('number formats match the Intl formatters they replace', () => {
  it('formatCount and formatCoinAmount', () => {
    const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    expect(mismatches(SAMPLES, formatCount, (value) => count.format(value))).toEqual([]);
    for (const maxDecimals of [0, 1, 2, 4, 6, 8]) {
      const coin = new Intl.NumberFormat('en-US', { maximumFractionDigits: maxDecimals });
      expect(mismatches(SAMPLES, (value) => formatCoinAmount(value, maxDecimals), (value) => coin.format(value)), `${maxDecimals} decimals`).toEqual([]);
    }
    const defaultCoin = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
    expect(mismatches(SAMPLES, (value) => formatCoinAmount(value), (value) => defaultCoin.format(value))).toEqual([]);
  });

  it('formatTps', () => {
    const smallRate = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 2 });
    const rate = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const intlTps = (value: number) => (!Number.isFinite(value) || value <= 0 ? '0.00' : value < 0.01 ? smallRate.format(value) : rate.format(value));
    const values = [...SAMPLES, Number.NaN, Number.POSITIVE_INFINITY, 0.01, 0.009_95, 0.009_949_999, 2 / 86_400];
    expect(mismatches(values, formatTps, intlTps)).toEqual([]);
  });

  it('formatPriceAtTick, for every currency and tick size', () => {
    for (const currency of DISPLAY_CURRENCIES) {
      for (const tickSize of [200, 1, 0.5, 0.1, 0.01, 0.0005, 1e-7]) {
        const digits = Math.max(fractionDigitsFor(currency), tickSize < 1e-6 ? 7 : (String(tickSize).split('.')[1] ?? '').length);
        const intl = intlCurrency('en-US', currency, { minimumFractionDigits: digits, maximumFractionDigits: digits });
        expect(mismatches(SAMPLES, (value) => formatPriceAtTick(value, currency, tickSize), (value) => intl.format(value)), `${currency} ${tickSize}`).toEqual([]);
      }
    }
  });

  it('formatCompactFiat, for every currency and 1–8 significant digits, and 21', () => {
    for (const currency of DISPLAY_CURRENCIES) {
      for (const digits of [1, 2, 3, 4, 5, 6, 7, 8, 21]) {
        const intl = intlCurrency('en-US', currency, { notation: 'compact', maximumSignificantDigits: digits });
        expect(mismatches(SAMPLES, (value) => formatCompactFiat(value, currency, digits), (value) => intl.format(value)), `${currency} ${digits}`).toEqual([]);
      }
    }
    const threeDigits = intlCurrency('en-US', 'usd', { notation: 'compact', maximumSignificantDigits: 3 });
    const specials = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.MAX_VALUE, -Number.MIN_VALUE];
    expect(mismatches(specials, (value) => formatCompactFiat(value, 'usd'), (value) => threeDigits.format(value))).toEqual([]);
    expect([999.5, 999_950, 999_999, 99_950_000, -1e15, 1e16].map((value) => formatCompactFiat(value, 'usd'))).toEqual(['$1K', '$1M', '$1M', '$100M', '-$1000T', '$10,000T']);
  });

  it('formatStatFiat, compact in lakh and crore for rupees and in K/M/B/T for the others', () => {
    const large = [...SAMPLES.filter((value) => Math.abs(value) >= 100_000), 100_000, 99_950_000, 999_999_999, 9_995e9, -1.49e7];
    for (const currency of DISPLAY_CURRENCIES) {
      const intl = intlCurrency(currency === 'inr' ? 'en-IN' : 'en-US', currency, { notation: 'compact', maximumSignificantDigits: 3 });
      expect(mismatches(large, (value) => formatStatFiat(value, currency).short, (value) => intl.format(value)), currency).toEqual([]);
      expect(mismatches(SAMPLES, (value) => formatStatFiat(value, currency).full, (value) => formatFiat(value, currency))).toEqual([]);
    }
    expect([1e5, 99_950, 1.2345e10, 1e12, 1e18].map((value) => formatStatFiat(value, 'inr').short)).toEqual(['₹1L', '₹99,950.00', '₹1.23KCr', '₹1LCr', '₹10,00,000LCr']);
  });
});

describe('formatHour and formatDay match Intl.DateTimeFormat in the runtime zone', () => {
  /** Moments across the whole Date range, most from 1970 to 2100, some on the hour (DST changes fall there). */
  const moments = Array.from({ length: 4_000 }, (_, i) => {
    if (i % 20 === 0) return Math.round(((i * 7_919) % 17_280) * 1e12 - 8.64e15);
    const spread = ((i * 2_654_435_761) % 4_102_444_800) * 1_000 + (i % 60) * 60_000;
    return i % 10 === 1 ? Math.floor(spread / 3_600_000) * 3_600_000 : spread + (i % 1_000);
  });
  const expectSameAsIntl = () => {
    const hour = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
    expect(mismatches(moments, formatHour, (moment) => hour.format(new Date(moment)))).toEqual([]);
    expect(mismatches(moments, formatDay, (moment) => day.format(new Date(moment)))).toEqual([]);
    const isoTexts = moments.slice(0, 200).map((moment) => new Date(moment).toISOString());
    expect(isoTexts.map(formatHour)).toEqual(isoTexts.map((text) => hour.format(new Date(text))));
    expect(isoTexts.map(formatDay)).toEqual(isoTexts.map((text) => day.format(new Date(text))));
  };

  it("in the test process's own zone", expectSameAsIntl);

  describe('with TZ set at runtime', () => {
    const originalZone = process.env.TZ;
    afterAll(() => {
      // Assigning undefined would set the text "undefined".
      if (originalZone === undefined) delete process.env.TZ;
      else process.env.TZ = originalZone;
    });

    it.each([
      ['Asia/Kolkata', '05:30'],
      ['America/New_York', '19:00'],
      ['Asia/Kathmandu', '05:45'],
      ['Australia/Lord_Howe', '11:00'],
    ])('in %s', (zone, newYearUtcMidnight) => {
      process.env.TZ = zone;
      // The zone took effect, so the comparison below is not two readings of UTC.
      expect(formatHour(Date.UTC(2026, 0, 1))).toBe(newYearUtcMidnight);
      expectSameAsIntl();
    });
  });

  it('reads a local wall-clock time, and throws for what is not a time as Intl does', () => {
    expect(formatHour(new Date(2026, 10, 21, 14, 0).getTime())).toBe('14:00');
    expect(formatHour(new Date(2026, 10, 21, 0, 5).getTime())).toBe('00:05');
    expect(formatDay(new Date(2026, 10, 21, 14, 0).getTime())).toBe('Nov 21');
    expect(() => formatHour('not a time')).toThrow(RangeError);
    expect(() => formatDay(Number.NaN)).toThrow(RangeError);
  });
});

it('format.ts loads no locale data: no Intl, toLocaleString or localeCompare', () => {
  const source = fs.readFileSync(path.join(import.meta.dirname, 'format.ts'), 'utf8');
  for (const call of ['Intl.', 'toLocaleString', 'localeCompare']) expect(source).not.toContain(call);
});
