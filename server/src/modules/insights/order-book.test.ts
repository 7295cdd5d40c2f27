import { MARKET_DEPTH_LEVELS } from '@fincrypt/domain';
import { describe, expect, it } from 'vitest';
import { buildOrderBook, tickFor, tickValue } from './order-book.ts';

const MINUTE = Date.UTC(2026, 2, 1, 12, 30);

describe('tickFor', () => {
  it.each([
    [2200, 2],
    [2050, 2],
    [182_000, 100],
    [325_000, 200],
    [100, 0.1],
    [8200, 5],
    [0.93, 0.0005],
    [148, 0.1],
  ])('steps a price of %d by %d', (price, step) => {
    expect(tickValue(tickFor(price))).toBe(step);
  });
});

describe('buildOrderBook', () => {
  const book = buildOrderBook({ tokenId: 'ethereum', currency: 'usd', midPrice: 2201.37, minuteStartMs: MINUTE });

  it('has 100 levels per side stepping by the tick away from the mid price', () => {
    expect(book.bids).toHaveLength(MARKET_DEPTH_LEVELS);
    expect(book.asks).toHaveLength(MARKET_DEPTH_LEVELS);
    expect(book.tickSize).toBe(2);
    expect(book.bids[0]!.price).toBe(2200);
    expect(book.asks[0]!.price).toBe(2202);
    expect(book.bids[9]!.price).toBe(2182);
    expect(book.asks[9]!.price).toBe(2220);
    book.bids.slice(1).forEach((level, i) => expect(book.bids[i]!.price - level.price).toBe(2));
    book.asks.slice(1).forEach((level, i) => expect(level.price - book.asks[i]!.price).toBe(2));
  });

  it('keeps the best bid below and the best ask above a mid price that sits on a tick', () => {
    const onTick = buildOrderBook({ tokenId: 'ethereum', currency: 'usd', midPrice: 2200, minuteStartMs: MINUTE, levels: 1 });
    expect(onTick.bids[0]!.price).toBe(2198);
    expect(onTick.asks[0]!.price).toBe(2202);
  });

  it('adds up sizes into cumulative depth and totals in the currency', () => {
    let cumulative = 0;
    for (const level of book.bids) {
      expect(level.amount).toBeGreaterThan(0);
      cumulative += level.amount;
      expect(level.cumulativeAmount).toBeCloseTo(cumulative, 3);
      expect(level.total).toBeCloseTo(level.price * level.amount, 1);
    }
  });

  it('is the same for the same minute and price, and another book in another minute', () => {
    const again = buildOrderBook({ tokenId: 'ethereum', currency: 'usd', midPrice: 2201.37, minuteStartMs: MINUTE });
    expect(again).toEqual(book);
    const nextMinute = buildOrderBook({ tokenId: 'ethereum', currency: 'usd', midPrice: 2201.37, minuteStartMs: MINUTE + 60_000 });
    expect(nextMinute.bids.map((level) => level.amount)).not.toEqual(book.bids.map((level) => level.amount));
  });

  it('writes small-tick prices without float tails', () => {
    const matic = buildOrderBook({ tokenId: 'matic-network', currency: 'eur', midPrice: 0.9317, minuteStartMs: MINUTE });
    for (const level of [...matic.bids, ...matic.asks]) expect(String(level.price)).toMatch(/^\d+(\.\d{1,4})?$/);
    expect(matic.bids[0]!.price).toBe(0.9315);
    expect(matic.asks[0]!.price).toBe(0.932);
  });
});
