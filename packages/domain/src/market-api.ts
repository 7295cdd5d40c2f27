import { DISPLAY_CURRENCIES } from './currency.ts';
import type { PriceTokenId } from './prices.ts';

/**
 * The prices and insights API's sources, coins, periods and sizes; its shapes (one definition for the server's routes
 * and the browser's calls) are in market-api-schemas.ts. Fiat figures are plain numbers in the currency asked for;
 * the browser formats them with formatFiat.
 */

/** Where a figure came from: the upstream feed, the server's simulated feed, or the fixed fallback (docs/product.md#prices). */
export const PRICE_FEED_SOURCES = ['live', 'simulated', 'fallback'] as const;
export type PriceFeedSource = (typeof PRICE_FEED_SOURCES)[number];

/** Every figure the feed gives per coin: a price per currency, and the 24h change. */
export const PRICE_FIGURES = [...DISPLAY_CURRENCIES, 'change24h'] as const;
export type PriceFigure = (typeof PRICE_FIGURES)[number];

/**
 * The coins with a market of their own: the three native coins. Sentiment, forecasts and the order book cover
 * these; a dollar stablecoin (USDC) is priced, listed and charted like them, but there is no market move of it
 * to read or forecast (docs/product.md#prices).
 */
export const MARKET_TOKEN_IDS = ['ethereum', 'matic-network', 'solana'] as const satisfies readonly PriceTokenId[];
export type MarketTokenId = (typeof MARKET_TOKEN_IDS)[number];
export const isMarketTokenId = (tokenId: string): tokenId is MarketTokenId => (MARKET_TOKEN_IDS as readonly string[]).includes(tokenId);

/** Priced tokens pegged to a currency: the simulated feed holds them at their fallback price (no walk). */
export const PEGGED_TOKEN_IDS = ['usd-coin'] as const satisfies readonly PriceTokenId[];
export const isPeggedTokenId = (tokenId: string): boolean => (PEGGED_TOKEN_IDS as readonly string[]).includes(tokenId);

export const PRICE_HISTORY_DAYS = [7, 14, 30, 90] as const;
export type PriceHistoryDays = (typeof PRICE_HISTORY_DAYS)[number];
export const DEFAULT_PRICE_HISTORY_DAYS: PriceHistoryDays = 30;
/** One point per this many hours, so every period draws 90–168 points. */
export const PRICE_HISTORY_BUCKET_HOURS: Record<PriceHistoryDays, number> = { 7: 1, 14: 2, 30: 6, 90: 24 };

export const isPriceHistoryDays = (value: number): value is PriceHistoryDays =>
  (PRICE_HISTORY_DAYS as readonly number[]).includes(value);

export const ORDER_BOOK_TABLE_LEVELS = 10;
export const MARKET_DEPTH_LEVELS = 100;

export const VOLUME_HOURS = 24;
