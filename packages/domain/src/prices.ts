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

/**
 * Units of each display currency one US dollar buys: the one cross rate every asset's fiat prices follow when the
 * feed gives none of its own (the fallback prices and the simulated feed). MATIC, SOL and USDC's fallback rows in
 * the original brief all imply it; ETH's implied ₹82.73 and €0.932 a dollar (docs/product.md#prices).
 */
export const FALLBACK_FX_PER_USD: Readonly<Record<DisplayCurrency, number>> = { inr: 82, usd: 1, eur: 0.93, gbp: 0.79, jpy: 148 };

/**
 * A dollar price in every display currency through one FX table, to 8 decimals (the places a rate keeps, fx.ts):
 * so the cross rate between two currencies is the table's, whichever asset it is read from.
 */
export function pricesFromUsd(usd: number, fxPerUsd: Readonly<Record<DisplayCurrency, number>>): Record<DisplayCurrency, number> {
  const prices = {} as Record<DisplayCurrency, number>;
  for (const [currency, perUsd] of Object.entries(fxPerUsd) as [DisplayCurrency, number][]) prices[currency] = Number((usd * perUsd).toFixed(8));
  return prices;
}

const fallback = (usd: number, change24h: number): TokenPrice => ({ prices: pricesFromUsd(usd, FALLBACK_FX_PER_USD), change24h });

/** The fallback prices per unit, used when no live price is known: each coin's dollar price through FALLBACK_FX_PER_USD. */
export const FALLBACK_PRICES: Record<PriceTokenId, TokenPrice> = {
  ethereum: fallback(2200, 1.5),
  'matic-network': fallback(1, 0.8),
  solana: fallback(100, 2.2),
  // A dollar stablecoin: 1 USD, and that dollar in the other currencies.
  'usd-coin': fallback(1, 0),
};
