import { feeFromReceipt, GAS_USED, LIVE_FACTOR_PERMILLE, LIVE_FACTOR_REFRESH_MS, quoteFee } from '@fincrypt/domain';
import { describe, expect, it } from 'vitest';
import { createFeeMarket, QUOTE_TTL_MS } from './fee-market.ts';

const market = createFeeMarket('fee-market-test-secret-0123456789abcdef');
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
/** Two users: a fee quote belongs to the one it was shown to. */
const ALICE = 'user-alice';
const BOB = 'user-bob';

describe('fee market', () => {
  it('keeps one live factor per network for 15 s, within 0.8–1.2, and moves it between windows', () => {
    const factors = new Set<number>();
    for (let window = 0; window < 40; window += 1) {
      const start = T0 + window * LIVE_FACTOR_REFRESH_MS;
      const factor = market.liveFactorPermille('eth_sepolia', start);
      expect(market.liveFactorPermille('eth_sepolia', start + LIVE_FACTOR_REFRESH_MS - 1)).toBe(factor);
      expect(factor).toBeGreaterThanOrEqual(LIVE_FACTOR_PERMILLE.min);
      expect(factor).toBeLessThanOrEqual(LIVE_FACTOR_PERMILLE.max);
      factors.add(factor);
    }
    expect(factors.size).toBeGreaterThan(10);
    // Every process with the same secret agrees; another secret gives other factors.
    const twin = createFeeMarket('fee-market-test-secret-0123456789abcdef');
    const stranger = createFeeMarket('another-secret-entirely-0123456789abcdef');
    const windows = Array.from({ length: 20 }, (_, i) => T0 + i * LIVE_FACTOR_REFRESH_MS);
    expect(windows.map((t) => twin.liveFactorPermille('solana_devnet', t))).toEqual(windows.map((t) => market.liveFactorPermille('solana_devnet', t)));
    expect(windows.map((t) => stranger.liveFactorPermille('solana_devnet', t))).not.toEqual(windows.map((t) => market.liveFactorPermille('solana_devnet', t)));
  });

  it("quotes the domain's fee for the live factor of the moment", () => {
    const quote = market.quote(ALICE, 'polygon_amoy', 'fast', T0, 1);
    const expected = quoteFee({ network: 'polygon_amoy', speed: 'fast', liveFactorPermille: market.liveFactorPermille('polygon_amoy', T0), usdPrice: 1, now: T0 });
    expect(quote).toMatchObject(expected);
    expect(quote.expiresAt).toBe(new Date(T0 + QUOTE_TTL_MS).toISOString());
    expect(quote.quoteId.length).toBeLessThanOrEqual(128);
  });

  it('charges the quoted fee while the quote is fresh, and the current one otherwise', () => {
    // A window whose factor differs from the next minute's, so "quoted" and "current" can be told apart.
    let start = T0;
    while (market.liveFactorPermille('eth_sepolia', start) === market.liveFactorPermille('eth_sepolia', start + QUOTE_TTL_MS)) {
      start += LIVE_FACTOR_REFRESH_MS;
    }
    const quote = market.quote(ALICE, 'eth_sepolia', 'normal', start);
    const quotedFee = BigInt(quote.feeUnits);
    const current = (at: number) => BigInt(market.quote(ALICE, 'eth_sepolia', 'normal', at).feeUnits);

    const fresh = market.feeFor(ALICE, 'eth_sepolia', 'normal', start + QUOTE_TTL_MS, quote.quoteId);
    expect(fresh).toEqual({ gasPriceWei: BigInt(quote.gasPriceWei), gasUsed: GAS_USED, feeUnits: quotedFee, source: 'quote' });
    expect(fresh.feeUnits).toBe(feeFromReceipt(GAS_USED, fresh.gasPriceWei, 'eth_sepolia'));
    // A quote fixes the price per gas: a token transfer under it pays that price for its own gas.
    const token = market.feeFor(ALICE, 'eth_sepolia', 'normal', start + QUOTE_TTL_MS, quote.quoteId, 65_000n);
    expect(token).toEqual({ gasPriceWei: BigInt(quote.gasPriceWei), gasUsed: 65_000n, feeUnits: 65_000n * BigInt(quote.gasPriceWei), source: 'quote' });

    const stale = market.feeFor(ALICE, 'eth_sepolia', 'normal', start + QUOTE_TTL_MS + 1, quote.quoteId);
    expect(stale).toMatchObject({ source: 'current', feeUnits: current(start + QUOTE_TTL_MS + 1) });

    const cheaper = quote.quoteId.replace(`:${quote.gasPriceWei}:`, ':1000:');
    for (const [speed, network, quoteId] of [
      ['fast', 'eth_sepolia', quote.quoteId],
      ['normal', 'polygon_amoy', quote.quoteId],
      ['normal', 'eth_sepolia', cheaper],
      ['normal', 'eth_sepolia', 'not-a-quote'],
      ['normal', 'eth_sepolia', `${quote.quoteId}x`],
    ] as const) {
      expect(market.feeFor(ALICE, network, speed, start + 1000, quoteId).source, `${network} ${speed} ${quoteId}`).toBe('current');
    }
    expect(market.feeFor(ALICE, 'eth_sepolia', 'normal', start - 10_000, quote.quoteId).source).toBe('current');
    // A quote fixes its holder's fee only: another user who got hold of its id pays the price of the moment.
    expect(market.feeFor(BOB, 'eth_sepolia', 'normal', start + QUOTE_TTL_MS, quote.quoteId)).toMatchObject({ source: 'current', feeUnits: current(start + QUOTE_TTL_MS) });
  });
});
