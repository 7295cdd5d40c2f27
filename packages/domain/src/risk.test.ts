import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAboveLargeAmount, riskBand, riskScore, type RiskTransaction } from './risk.ts';

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const MINUTE = 60_000;

function recipient(n: number): string {
  return `0x${n.toString(16).padStart(40, '0')}`;
}

/** Transactions an hour apart (no bursts), each to its own recipient unless told otherwise. */
function spaced(amounts: string[], recipients: (i: number) => string = recipient): RiskTransaction[] {
  return amounts.map((amount, i) => ({ amount, timestamp: T0 + i * 60 * MINUTE, toAddress: recipients(i) }));
}

describe('isAboveLargeAmount', () => {
  it('is strictly above 10 coins, exactly', () => {
    expect(isAboveLargeAmount('10')).toBe(false);
    expect(isAboveLargeAmount('10.0000')).toBe(false);
    expect(isAboveLargeAmount('9.9999')).toBe(false);
    expect(isAboveLargeAmount('10.000000000000000001')).toBe(true);
    expect(isAboveLargeAmount('11')).toBe(true);
    expect(isAboveLargeAmount('010.5')).toBe(true);
    expect(isAboveLargeAmount({ units: 10_000_000_000n, decimals: 9 })).toBe(false);
    expect(isAboveLargeAmount({ units: 10_000_000_001n, decimals: 9 })).toBe(true);
    expect(isAboveLargeAmount({ units: 10n ** 19n, decimals: 18 })).toBe(false);
    expect(isAboveLargeAmount({ units: 10n ** 19n + 1n, decimals: 18 })).toBe(true);
  });

  it('does not count what it cannot read', () => {
    expect(isAboveLargeAmount('1e3')).toBe(false);
    expect(isAboveLargeAmount('-50')).toBe(false);
    expect(isAboveLargeAmount('')).toBe(false);
  });
});

describe('isAboveLargeAmount by value', () => {
  // ETH at 2,200 USD: the line is 22,000 USD, so 22,000 USDC is not above it and 22,000.000001 USDC is.
  const usdcOnEthereum = { assetPrice: 1, nativePrice: 2200 };
  const usdc = (units: bigint) => ({ units, decimals: 6 });

  it('judges a token by its value against 10 of the native coin: 500 USDC is not large, 500 ETH is', () => {
    expect(isAboveLargeAmount(usdc(500_000_000n), usdcOnEthereum)).toBe(false);
    expect(isAboveLargeAmount({ units: 500n * 10n ** 18n, decimals: 18 })).toBe(true);
    expect(isAboveLargeAmount(usdc(22_000_000_000n), usdcOnEthereum)).toBe(false);
    expect(isAboveLargeAmount(usdc(22_000_000_001n), usdcOnEthereum)).toBe(true);
    expect(isAboveLargeAmount('22000', usdcOnEthereum)).toBe(false);
    expect(isAboveLargeAmount('22000.000001', usdcOnEthereum)).toBe(true);
  });

  it('moves the line with the prices: on Polygon at 1 USD a MATIC, 11 USDC is large; at a USDC of 0.99, 10.1 is not; on Solana 1,000 is the line', () => {
    expect(isAboveLargeAmount('11', { assetPrice: 1, nativePrice: 1 })).toBe(true);
    expect(isAboveLargeAmount('10', { assetPrice: 1, nativePrice: 1 })).toBe(false);
    expect(isAboveLargeAmount('10.1', { assetPrice: 0.99, nativePrice: 1 })).toBe(false);
    // On Solana at 100 USD a SOL the line is 1,000 USD.
    expect(isAboveLargeAmount(usdc(1_000_000_000n), { assetPrice: 1, nativePrice: 100 })).toBe(false);
    expect(isAboveLargeAmount(usdc(1_000_000_001n), { assetPrice: 1, nativePrice: 100 })).toBe(true);
  });

  it('is the spec rule exactly when the asset is valued at the native price (as a native coin is)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.constantFrom(6, 9, 18), fc.double({ min: 0.0001, max: 400_000, noNaN: true }), (units, decimals, price) => {
        const amount = { units, decimals };
        expect(isAboveLargeAmount(amount, { assetPrice: price, nativePrice: price })).toBe(isAboveLargeAmount(amount));
      }),
    );
  });

  it('falls back to the count of coins when there is no positive native price to value against', () => {
    expect(isAboveLargeAmount('500', { assetPrice: 1, nativePrice: 0 })).toBe(true);
    expect(isAboveLargeAmount('5', { assetPrice: 1, nativePrice: Number.NaN })).toBe(false);
    expect(isAboveLargeAmount('5', { assetPrice: -1, nativePrice: 2200 })).toBe(false);
  });

  it('counts a token send worth more than 10 native coins in the score, and not one worth less', () => {
    const transactions: RiskTransaction[] = [
      { amount: { units: 500_000_000n, decimals: 6 }, timestamp: T0, toAddress: recipient(1), valuation: usdcOnEthereum },
      { amount: { units: 30_000_000_000n, decimals: 6 }, timestamp: T0 + 60 * MINUTE, toAddress: recipient(1), valuation: usdcOnEthereum },
      { amount: '12', timestamp: T0 + 120 * MINUTE, toAddress: recipient(1) },
    ];
    expect(riskScore(transactions).breakdown).toEqual({ largeAmounts: 2, bursts: 0, distinctRecipients: 1 });
  });
});

describe('riskBand', () => {
  it.each([
    [0, 'low', 'green'],
    [29, 'low', 'green'],
    [30, 'medium', 'amber'],
    [69, 'medium', 'amber'],
    [70, 'high', 'red'],
    [100, 'high', 'red'],
  ])('%d is %s (%s)', (score, level, color) => {
    expect(riskBand(score)).toMatchObject({ level, color });
  });
});

describe('riskScore', () => {
  it('is zero with no transactions', () => {
    expect(riskScore([])).toMatchObject({ score: 0, level: 'low', label: 'Low', color: 'green' });
  });

  it('adds 5 per distinct recipient, comparing EVM addresses without case', () => {
    const sameTwice = spaced(['1', '1'], () => '0xAbCdEf0000000000000000000000000000000001');
    sameTwice[1]!.toAddress = sameTwice[1]!.toAddress.toLowerCase();
    expect(riskScore(sameTwice).score).toBe(5);
    expect(riskScore(spaced(['1', '1', '1', '1', '1'])).score).toBe(25);
    expect(riskScore(spaced(['1', '1', '1', '1', '1', '1']))).toMatchObject({ score: 30, level: 'medium' });
  });

  it('adds 10 per amount above 10', () => {
    const oneRecipient = () => recipient(1);
    expect(riskScore(spaced(['10', '10.01', '500'], oneRecipient)).breakdown).toEqual({
      largeAmounts: 2,
      bursts: 0,
      distinctRecipients: 1,
    });
    expect(riskScore(spaced(['11', '11', '11', '11', '11', '11'], oneRecipient))).toMatchObject({ score: 65, level: 'medium' });
    expect(riskScore(spaced(['11', '11', '11', '11', '11', '11'], (i) => recipient(i % 2)))).toMatchObject({
      score: 70,
      level: 'high',
    });
  });

  it('adds 15 per transaction less than 5 minutes after the one before', () => {
    const at = (offsetsMs: number[]) =>
      offsetsMs.map((offset) => ({ amount: '1', timestamp: new Date(T0 + offset), toAddress: recipient(1) }));
    expect(riskScore(at([0, 5 * MINUTE])).breakdown.bursts).toBe(0);
    expect(riskScore(at([0, 5 * MINUTE - 1])).breakdown.bursts).toBe(1);
    expect(riskScore(at([0, MINUTE, 2 * MINUTE, 60 * MINUTE])).score).toBe(5 + 2 * 15);
  });

  it('reads ISO strings and dates alike, and ignores unreadable timestamps for bursts', () => {
    const transactions: RiskTransaction[] = [
      { amount: '1', timestamp: new Date(T0).toISOString(), toAddress: recipient(1) },
      { amount: '1', timestamp: T0 + MINUTE, toAddress: recipient(1) },
      { amount: '1', timestamp: 'not a date', toAddress: recipient(1) },
    ];
    expect(riskScore(transactions).breakdown.bursts).toBe(1);
  });

  it('looks only at the 10 most recent transactions', () => {
    const old = spaced(['50', '50'], (i) => recipient(100 + i));
    const recent = spaced(Array.from({ length: 10 }, () => '1'), () => recipient(1)).map((transaction) => ({
      ...transaction,
      timestamp: (transaction.timestamp as number) + 24 * 60 * MINUTE,
    }));
    expect(riskScore([...old, ...recent]).score).toBe(5);
  });

  it('is clamped to 100', () => {
    const storm = Array.from({ length: 10 }, (_, i) => ({ amount: '1000', timestamp: T0 + i * 1000, toAddress: recipient(i) }));
    expect(riskScore(storm)).toMatchObject({
      score: 100,
      level: 'high',
      breakdown: { largeAmounts: 10, bursts: 9, distinctRecipients: 10 },
    });
  });

  it('does not depend on the order it is given, and stays within 0–100', () => {
    const transaction = fc.record({
      amount: fc.oneof(fc.constantFrom('1', '10', '10.5', '250'), fc.stringMatching(/^\d{1,3}(\.\d{1,4})?$/)),
      toAddress: fc.constantFrom(recipient(1), recipient(2), recipient(3)),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 15 }),
        fc.array(transaction, { minLength: 15, maxLength: 15 }),
        (times, details) => {
          const transactions = times.map((t, i) => ({ ...details[i]!, timestamp: T0 + t }));
          const result = riskScore(transactions);
          expect(riskScore([...transactions].reverse())).toEqual(result);
          expect(result.score).toBeGreaterThanOrEqual(0);
          expect(result.score).toBeLessThanOrEqual(100);
        },
      ),
    );
  });
});
