import { FALLBACK_PRICES } from '@fincrypt/domain';
import { describe, expect, it } from 'vitest';
import { parsePricesResponse } from './get-prices.ts';

const livePrice = (usd: number, change24h: number) => ({
  prices: { inr: usd * 83, usd, eur: usd * 0.92, gbp: usd * 0.79, jpy: usd * 150 },
  change24h,
  source: 'live',
});

describe('parsePricesResponse', () => {
  it('keeps valid prices with their source and timestamp', () => {
    const body = {
      prices: { ethereum: livePrice(2500, -1.25), 'matic-network': livePrice(0.7, 3), solana: { ...livePrice(150, 0), source: 'simulated' } },
      updatedAt: '2024-02-15T10:00:00.000Z',
    };
    const parsed = parsePricesResponse(body);
    expect(parsed.updatedAt).toBe('2024-02-15T10:00:00.000Z');
    expect(parsed.prices.ethereum).toEqual(livePrice(2500, -1.25));
    expect(parsed.prices.solana.source).toBe('simulated');
  });

  it('replaces only the coin whose figures are missing or invalid with its fallback price', () => {
    const body = {
      prices: {
        ethereum: livePrice(2500, 1),
        'matic-network': { ...livePrice(0.7, 1), prices: { ...livePrice(0.7, 1).prices, jpy: 'NaN' } },
        solana: { ...livePrice(150, 1), change24h: null },
      },
      updatedAt: '2024-02-15T10:00:00.000Z',
    };
    const parsed = parsePricesResponse(body);
    expect(parsed.prices.ethereum.source).toBe('live');
    expect(parsed.prices['matic-network']).toEqual({ ...FALLBACK_PRICES['matic-network'], source: 'fallback' });
    expect(parsed.prices.solana).toEqual({ ...FALLBACK_PRICES.solana, source: 'fallback' });
  });

  it('falls back for a coin absent from the answer', () => {
    const parsed = parsePricesResponse({ prices: { ethereum: livePrice(2500, 1) }, updatedAt: 'x' });
    expect(parsed.prices.solana.source).toBe('fallback');
    expect(parsed.prices['matic-network'].source).toBe('fallback');
  });

  it('rejects a body that is not a prices object', () => {
    expect(() => parsePricesResponse(null)).toThrow('Invalid data structure');
    expect(() => parsePricesResponse({ ethereum: { usd: 1 } })).toThrow('Invalid data structure');
    expect(() => parsePricesResponse('prices')).toThrow('Invalid data structure');
  });
});
