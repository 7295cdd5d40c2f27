import { DISPLAY_CURRENCIES, FALLBACK_FX_PER_USD, FALLBACK_PRICES, MARKET_TOKEN_IDS, PRICE_TOKEN_IDS, rateFromPrice } from '@fincrypt/domain';
import { describe, expect, it } from 'vitest';
import { SIMULATED_MAX_LOG_DEVIATION, SIMULATED_STEP_MS, roundPrice, simulatedTokenPrice } from './simulated-feed.ts';

const T0 = Date.UTC(2026, 0, 1);
const HOUR_MS = 3_600_000;

describe('simulated feed', () => {
  it('gives one price per 15 s step, whoever asks and when within it', () => {
    const stepStartMs = T0 + 40 * SIMULATED_STEP_MS;
    const first = simulatedTokenPrice('ethereum', stepStartMs);
    expect(simulatedTokenPrice('ethereum', stepStartMs + SIMULATED_STEP_MS - 1)).toEqual(first);
    expect(simulatedTokenPrice('ethereum', stepStartMs + SIMULATED_STEP_MS)).not.toEqual(first);
  });

  it('stays within the bounds of its walk around the fallback prices for a year, in every currency', () => {
    const bound = Math.exp(SIMULATED_MAX_LOG_DEVIATION) * 1.000_01;
    for (const tokenId of PRICE_TOKEN_IDS) {
      for (let atMs = T0; atMs < T0 + 365 * 24 * HOUR_MS; atMs += 7 * HOUR_MS) {
        const { prices } = simulatedTokenPrice(tokenId, atMs);
        for (const currency of DISPLAY_CURRENCIES) {
          const ratio = prices[currency] / FALLBACK_PRICES[tokenId].prices[currency];
          expect(ratio).toBeLessThanOrEqual(bound);
          expect(ratio).toBeGreaterThanOrEqual(1 / bound);
        }
      }
    }
  });

  it("gives every coin the one FX table's cross rates at every step: a rupee buys the same euros whichever coin carries it", () => {
    for (let atMs = T0; atMs < T0 + 30 * 24 * HOUR_MS; atMs += 5 * HOUR_MS + 17_000) {
      for (const tokenId of PRICE_TOKEN_IDS) {
        const { prices } = simulatedTokenPrice(tokenId, atMs);
        for (const currency of DISPLAY_CURRENCIES) {
          // Exact at the 8 decimals a rate keeps: the currency's price is the dollar price times the table's rate.
          expect(rateFromPrice(prices[currency])).toBe(rateFromPrice(prices.usd * FALLBACK_FX_PER_USD[currency]));
        }
        expect(prices.eur / prices.inr).toBeCloseTo(FALLBACK_FX_PER_USD.eur / FALLBACK_FX_PER_USD.inr, 12);
      }
    }
  });

  it('moves smoothly: one step never moves a price by more than 0.1%', () => {
    for (let atMs = T0; atMs < T0 + 6 * HOUR_MS; atMs += SIMULATED_STEP_MS) {
      const now = simulatedTokenPrice('solana', atMs).prices.usd;
      const next = simulatedTokenPrice('solana', atMs + SIMULATED_STEP_MS).prices.usd;
      expect(Math.abs(next / now - 1)).toBeLessThan(0.001);
    }
  });

  it('reports the 24h change of its own walk', () => {
    const atMs = T0 + 30 * 24 * HOUR_MS;
    const now = simulatedTokenPrice('matic-network', atMs);
    const dayBefore = simulatedTokenPrice('matic-network', atMs - 24 * HOUR_MS);
    // Prices are rounded to 6 significant digits, the change is not: allow that much slack.
    expect(now.change24h).toBeCloseTo((now.prices.usd / dayBefore.prices.usd - 1) * 100, 2);
  });

  it('moves the coins independently', () => {
    const atMs = T0 + 12 * 24 * HOUR_MS;
    const ratios = MARKET_TOKEN_IDS.map((tokenId) => simulatedTokenPrice(tokenId, atMs).prices.usd / FALLBACK_PRICES[tokenId].prices.usd);
    expect(new Set(ratios.map((ratio) => ratio.toFixed(4))).size).toBe(3);
  });

  it('holds USDC at its peg: the fallback prices (1 USD and its equivalents) and no change, whenever asked', () => {
    for (let atMs = T0; atMs < T0 + 90 * 24 * HOUR_MS; atMs += 5 * HOUR_MS + 17_000) {
      expect(simulatedTokenPrice('usd-coin', atMs)).toEqual(FALLBACK_PRICES['usd-coin']);
    }
    expect(FALLBACK_PRICES['usd-coin'].prices.usd).toBe(1);
  });
});

describe('roundPrice', () => {
  it('keeps six significant digits without float tails', () => {
    expect(roundPrice(2213.456789)).toBe(2213.46);
    expect(roundPrice(0.93123456)).toBe(0.931235);
    expect(roundPrice(182345.67)).toBe(182346);
    expect(String(roundPrice(0.1 + 0.2))).toBe('0.3');
  });
});
