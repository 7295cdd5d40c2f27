import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
    // A division that rounds onto a multiple just outside the range (found by the property below).
    const low = -999999.9999999999;
    expect(roundTicksWithin(low, low + 0.001, 6)[0]).toBe(-999999.9998);
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
    expect(ticks.map((tick) => formatCompactFiat(tick, 'inr', tickSignificantDigits(ticks)))).toEqual(['₹1.5L', '₹1.6L', '₹1.7L', '₹1.8L']);
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

describe('counts, hours and days in the pinned locale', () => {
  it('groups counts and writes a 24-hour clock and a short day', () => {
    expect(formatCount(12345.4)).toBe('12,345');
    const moment = new Date(2026, 10, 21, 9, 5).getTime();
    expect(formatHour(moment)).toBe('09:05');
    expect(formatDay(moment)).toBe('Nov 21');
    expect(() => formatHour(Number.NaN)).toThrow(RangeError);
  });
});
