import { describe, expect, it } from 'vitest';
import { DISPLAY_CURRENCIES } from './currency.ts';
import { FALLBACK_FX_PER_USD, FALLBACK_PRICES, PRICE_TOKEN_IDS, pricesFromUsd } from './prices.ts';

describe('fallback prices', () => {
  it("follow each coin's dollar price through the one FX table, so every coin gives the same cross rates", () => {
    for (const tokenId of PRICE_TOKEN_IDS) {
      const { prices } = FALLBACK_PRICES[tokenId];
      for (const currency of DISPLAY_CURRENCIES) expect(prices[currency]).toBe(Number((prices.usd * FALLBACK_FX_PER_USD[currency]).toFixed(8)));
    }
    // The brief's ETH row (₹182,000, €2,050 at $2,200) implied ₹82.73 a dollar where every other row implied ₹82.
    expect(FALLBACK_PRICES.ethereum.prices).toEqual({ inr: 180_400, usd: 2200, eur: 2046, gbp: 1738, jpy: 325_600 });
    expect(FALLBACK_PRICES['usd-coin'].prices).toEqual(FALLBACK_FX_PER_USD);
  });

  it('keep 8 decimals and no float tail', () => {
    expect(pricesFromUsd(2213.46, FALLBACK_FX_PER_USD)).toEqual({ inr: 181_503.72, usd: 2213.46, eur: 2058.5178, gbp: 1748.6334, jpy: 327_592.08 });
    expect(pricesFromUsd(0.1, { inr: 82, usd: 1, eur: 0.93, gbp: 0.79, jpy: 148 }).eur).toBe(0.093);
  });
});
