import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatAmountTrimmed,
  shortAmount,
  isPositiveDecimalText,
  parseAmount,
  parseDecimalText,
  unitsPerCoin,
} from './money.ts';

const WEI = 18;
const LAMPORTS = 9;

function units(text: string, decimals: number): bigint {
  const result = parseAmount(text, decimals);
  if (!result.ok) throw new Error(`expected ${text} to parse, got ${result.error}`);
  return result.units;
}

function parseError(text: string, decimals: number): string | undefined {
  const result = parseAmount(text, decimals);
  return result.ok ? undefined : result.error;
}

/** Canonical decimal text: no leading zeros, fraction of 1..decimals digits or none. */
const decimalText = (decimals: number) =>
  fc
    .tuple(
      fc.bigInt({ min: 0n, max: 10n ** 30n }),
      fc.option(fc.stringMatching(new RegExp(`^[0-9]{1,${decimals}}$`)), { nil: undefined }),
    )
    .map(([whole, fraction]) => (fraction === undefined ? whole.toString() : `${whole}.${fraction}`));

describe('parseAmount', () => {
  it('reads whole coins and fractions into the smallest unit', () => {
    expect(units('1', WEI)).toBe(10n ** 18n);
    expect(units('0.5', WEI)).toBe(5n * 10n ** 17n);
    expect(units('100.0000', LAMPORTS)).toBe(100_000_000_000n);
    expect(units('0.000000001', LAMPORTS)).toBe(1n);
    expect(units('0.000000000000000001', WEI)).toBe(1n);
    expect(units('  2.25  ', LAMPORTS)).toBe(2_250_000_000n);
    expect(units('.5', LAMPORTS)).toBe(500_000_000n);
    expect(units('5.', LAMPORTS)).toBe(5_000_000_000n);
    expect(units('007', LAMPORTS)).toBe(7_000_000_000n);
    expect(units('0', WEI)).toBe(0n);
  });

  it('names what is wrong with refused input', () => {
    expect(parseError('', WEI)).toBe('empty');
    expect(parseError('   ', WEI)).toBe('empty');
    expect(parseError('-1', WEI)).toBe('negative');
    expect(parseError('-0.5', WEI)).toBe('negative');
    for (const text of ['abc', '1e5', '1E-3', '+5', '1,000', '1.2.3', '.', '0x10', 'Infinity', 'NaN', '1 000', '١']) {
      expect(parseError(text, WEI), text).toBe('invalid');
    }
  });

  it('refuses more fraction digits than the asset has', () => {
    expect(parseError('0.0000000001', LAMPORTS)).toBe('too_many_decimals');
    expect(parseError('1.0000000000', LAMPORTS)).toBe('too_many_decimals');
    expect(parseError('0.0000000000000000001', WEI)).toBe('too_many_decimals');
  });

  it('refuses absurdly long input', () => {
    expect(units('9'.repeat(40), WEI)).toBe(BigInt('9'.repeat(40)) * 10n ** 18n);
    expect(parseError('9'.repeat(41), WEI)).toBe('too_long');
    expect(parseError(`1.${'0'.repeat(41)}`, WEI)).toBe('too_long');
  });

  it('never yields a negative amount, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = parseAmount(text, WEI);
        return !result.ok || result.units >= 0n;
      }),
    );
  });
});

describe('parseDecimalText and isPositiveDecimalText', () => {
  it('splits the digits without knowing the asset', () => {
    expect(parseDecimalText('12.3400')).toEqual({ ok: true, integerDigits: '12', fractionDigits: '3400' });
  });

  it('is positive only when some digit is not zero', () => {
    expect(isPositiveDecimalText('0.0000000000000000000001')).toBe(true);
    expect(isPositiveDecimalText('3')).toBe(true);
    expect(isPositiveDecimalText('0')).toBe(false);
    expect(isPositiveDecimalText('0.000')).toBe(false);
    expect(isPositiveDecimalText('-1')).toBe(false);
    expect(isPositiveDecimalText('1e3')).toBe(false);
    expect(isPositiveDecimalText('')).toBe(false);
  });
});

describe('formatAmount', () => {
  it('shows balances with four places and max sendable with eight', () => {
    expect(formatAmount(100n * unitsPerCoin(WEI), WEI, 4)).toBe('100.0000');
    expect(formatAmount(0n, LAMPORTS, 4)).toBe('0.0000');
    expect(formatAmount(99_999_370_000_000_000_000n, WEI, 8)).toBe('99.99937000');
    expect(formatAmount(1n, WEI, 18)).toBe('0.000000000000000001');
    expect(formatAmount(1_500_000_000n, LAMPORTS, 0)).toBe('1');
    expect(formatAmount(1_500_000_000n, LAMPORTS, 12)).toBe('1.500000000000');
  });

  it('cuts digits off instead of rounding up', () => {
    expect(formatAmount(99_999_999_999_999_999_999n, WEI, 4)).toBe('99.9999');
    expect(formatAmount(1_999_950_000n, LAMPORTS, 4)).toBe('1.9999');
    expect(formatAmount(5n, LAMPORTS, 8)).toBe('0.00000000');
  });

  it('keeps the sign of a negative amount unless it shows as zero', () => {
    expect(formatAmount(-1_500_000_000n, LAMPORTS, 4)).toBe('-1.5000');
    expect(formatAmount(-5n, LAMPORTS, 4)).toBe('0.0000');
  });

  it('never shows more than the amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.integer({ min: 0, max: 18 }), (amount, places) => {
        const shown = units(formatAmount(amount, WEI, places), WEI);
        return shown <= amount && amount - shown < 10n ** BigInt(WEI - places);
      }),
    );
  });
});

describe('formatAmountTrimmed', () => {
  it('drops trailing zeros and a bare point', () => {
    expect(formatAmountTrimmed(1_500_000_000n, LAMPORTS)).toBe('1.5');
    expect(formatAmountTrimmed(100n * unitsPerCoin(WEI), WEI)).toBe('100');
    expect(formatAmountTrimmed(1n, WEI)).toBe('0.000000000000000001');
    expect(formatAmountTrimmed(0n, WEI)).toBe('0');
    expect(formatAmountTrimmed(-250_000_000n, LAMPORTS)).toBe('-0.25');
  });
});

describe('round trips', () => {
  it.each([WEI, LAMPORTS])('format(parse(x)) gives x back with %i decimals', (decimals) => {
    fc.assert(
      fc.property(decimalText(decimals), (text) => {
        const fractionLength = text.split('.')[1]?.length ?? 0;
        expect(formatAmount(units(text, decimals), decimals, fractionLength)).toBe(text);
        const trimmed = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
        expect(formatAmountTrimmed(units(text, decimals), decimals)).toBe(trimmed);
      }),
    );
  });

  it.each([WEI, LAMPORTS])('parse(format(units)) gives the units back with %i decimals', (decimals) => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** BigInt(40 + decimals) - 1n }), (amount) => {
        expect(units(formatAmountTrimmed(amount, decimals), decimals)).toBe(amount);
        expect(units(formatAmount(amount, decimals, decimals), decimals)).toBe(amount);
      }),
    );
  });
});

describe('shortAmount', () => {
  it('shows at most 6 decimals, cut rather than rounded up, without trailing zeros', () => {
    expect(shortAmount('0.05520576747322319')).toBe('0.055205');
    expect(shortAmount('0.673436952832475823')).toBe('0.673436');
    expect(shortAmount('0.9999999')).toBe('0.999999');
    expect(shortAmount('1.500000')).toBe('1.5');
    expect(shortAmount('100')).toBe('100');
    expect(shortAmount('2.000000009')).toBe('2');
    expect(shortAmount('-0.123456789')).toBe('-0.123456');
  });

  it('says an amount too small to show is below the smallest figure, never 0; zero stays 0', () => {
    expect(shortAmount('0.000000000000000001')).toBe('<0.000001');
    expect(shortAmount('0')).toBe('0');
    expect(shortAmount('0.000')).toBe('0');
  });
});
