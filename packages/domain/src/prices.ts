import type { DisplayCurrency } from './currency.ts';

/** CoinGecko ids of the assets the app prices: the three coins and USDC. */
export const PRICE_TOKEN_IDS = ['ethereum', 'matic-network', 'solana', 'usd-coin'] as const;
export type PriceTokenId = (typeof PRICE_TOKEN_IDS)[number];

export const TICKER_SYMBOLS: Record<PriceTokenId, string> = {
  ethereum: 'ETH',
  'matic-network': 'MATIC',
  solana: 'SOL',
  'usd-coin': 'USDC',
};

export interface TokenPrice {
  prices: Record<DisplayCurrency, number>;
  /** 24h change in percent. */
  change24h: number;
}

/** The fallback prices per unit, used when no live price is known (docs/product.md#prices). */
export const FALLBACK_PRICES: Record<PriceTokenId, TokenPrice> = {
  ethereum: { prices: { inr: 182000, usd: 2200, eur: 2050, gbp: 1750, jpy: 325000 }, change24h: 1.5 },
  'matic-network': { prices: { inr: 82, usd: 1, eur: 0.93, gbp: 0.79, jpy: 148 }, change24h: 0.8 },
  solana: { prices: { inr: 8200, usd: 100, eur: 93, gbp: 79, jpy: 14800 }, change24h: 2.2 },
  // A dollar stablecoin: 1 USD, and the same dollar in the other currencies as the fallbacks above assume.
  'usd-coin': { prices: { inr: 82, usd: 1, eur: 0.93, gbp: 0.79, jpy: 148 }, change24h: 0 },
};
