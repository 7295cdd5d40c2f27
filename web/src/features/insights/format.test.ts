import { describe, expect, it } from 'vitest';
import {
  evenTicks,
  formatCoinAmount,
  formatCompactFiat,
  formatConfidence,
  formatPriceAtTick,
  formatStatChange,
  formatTps,
} from './format.ts';

describe('formatStatChange', () => {
  it.each([
    [12.5, '+12.5%'],
    [8.24, '+8.2%'],
    [-3.1, '-3.1%'],
    [0, '+0.0%'],
    [-0.04, '+0.0%'],
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
