import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeDirection, formatFiat, formatPercentChange, formatSignedPercent, isDisplayCurrency, roundedChange } from './currency.ts';

describe('formatFiat', () => {
  it('shows two decimals with the currency symbol', () => {
    expect(formatFiat(2200, 'usd')).toBe('$2,200.00');
    expect(formatFiat(182000, 'inr')).toBe('₹182,000.00');
    expect(formatFiat(0.93, 'eur')).toBe('€0.93');
    expect(formatFiat(1750.5, 'gbp')).toBe('£1,750.50');
  });

  it('shows yen without decimals', () => {
    expect(formatFiat(325000.4, 'jpy')).toBe('¥325,000');
  });

  it('falls back to the symbol and 0.00 when the value is not a number', () => {
    expect(formatFiat(Number.NaN, 'usd')).toBe('$0.00');
    expect(formatFiat(undefined, 'inr')).toBe('₹0.00');
    expect(formatFiat(Number.POSITIVE_INFINITY, 'jpy')).toBe('¥0');
  });
});

describe('formatPercentChange', () => {
  it('signs the change by its rounded value, and a change that rounds to zero has no sign', () => {
    expect(formatPercentChange(1.5)).toBe('+1.50%');
    expect(formatPercentChange(0)).toBe('0.00%');
    expect(formatPercentChange(-0.001)).toBe('0.00%');
    expect(formatPercentChange(0.004)).toBe('0.00%');
    expect(formatPercentChange(0.005)).toBe('+0.01%');
    expect(formatPercentChange(-3.125)).toBe('-3.13%');
    expect(formatPercentChange(Number.NaN)).toBe('0.00%');
  });
});

describe('the rounding rule for changes', () => {
  it('rounds half away from zero to the places shown', () => {
    expect(roundedChange(1.005, 1)).toBe(10);
    expect(roundedChange(-0.05, 1)).toBe(-1);
    expect(roundedChange(-0.049, 1)).toBe(0);
    expect(roundedChange(Number.POSITIVE_INFINITY, 2)).toBe(0);
  });

  it('takes the direction from the rounded value: a change that rounds to zero is flat', () => {
    expect(changeDirection(0.004, 2)).toBe('flat');
    expect(changeDirection(-0.004, 2)).toBe('flat');
    expect(changeDirection(-0.005, 2)).toBe('down');
    expect(changeDirection(0.04, 1)).toBe('flat');
    expect(changeDirection(0.05, 1)).toBe('up');
    expect(changeDirection(Number.NaN, 2)).toBe('flat');
  });

  it('keeps text, sign and direction in agreement for any change', () => {
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 1000, noNaN: true }), fc.integer({ min: 0, max: 3 }), (change, places) => {
        const text = formatSignedPercent(change, places);
        const direction = changeDirection(change, places);
        if (direction === 'up') expect(text.startsWith('+')).toBe(true);
        if (direction === 'down') expect(text.startsWith('-')).toBe(true);
        if (direction === 'flat') expect(/^0(\.0+)?%$/.test(text)).toBe(true);
      }),
    );
  });
});

describe('isDisplayCurrency', () => {
  it('accepts only the five currencies', () => {
    expect(isDisplayCurrency('inr')).toBe(true);
    expect(isDisplayCurrency('INR')).toBe(false);
    expect(isDisplayCurrency('btc')).toBe(false);
    expect(isDisplayCurrency(3)).toBe(false);
  });
});
