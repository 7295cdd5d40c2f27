import {
  DISPLAY_CURRENCIES,
  type DisplayCurrency,
  FALLBACK_PRICES,
  PRICE_TOKEN_IDS,
  type PriceTokenId,
  type TokenPrice,
  signedInPaths,
} from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** Where a price came from: the upstream feed, the server's simulated feed, or the fixed fallback (docs/product.md#prices). */
export type PriceSource = 'live' | 'simulated' | 'fallback';

export interface CoinPrice extends TokenPrice {
  source: PriceSource;
}

/** The body of GET /api/prices. */
export interface PricesResponse {
  prices: Record<PriceTokenId, CoinPrice>;
  updatedAt: string;
}

export const PRICE_REFRESH_MS = 15_000;
export const pricesQueryKey = ['prices'] as const;

const PRICE_SOURCES: readonly PriceSource[] = ['live', 'simulated', 'fallback'];

function fallbackCoinPrice(tokenId: PriceTokenId): CoinPrice {
  return { ...FALLBACK_PRICES[tokenId], source: 'fallback' };
}

const isPositiveNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

function readCoinPrice(tokenId: PriceTokenId, raw: unknown): CoinPrice {
  const coin = (raw && typeof raw === 'object' ? raw : {}) as { prices?: unknown; change24h?: unknown; source?: unknown };
  const prices = (coin.prices && typeof coin.prices === 'object' ? coin.prices : {}) as Record<string, unknown>;
  const { change24h, source } = coin;
  if (typeof change24h !== 'number' || !Number.isFinite(change24h)) return fallbackCoinPrice(tokenId);
  if (!DISPLAY_CURRENCIES.every((currency) => isPositiveNumber(prices[currency]))) return fallbackCoinPrice(tokenId);
  return {
    prices: prices as Record<DisplayCurrency, number>,
    change24h,
    source: PRICE_SOURCES.includes(source as PriceSource) ? (source as PriceSource) : 'live',
  };
}

/**
 * Checks an answer from /api/prices: a body that is not an object is an error ('Invalid data structure');
 * a coin with missing or invalid figures gets its fallback price (docs/product.md#prices).
 */
export function parsePricesResponse(body: unknown): PricesResponse {
  const prices = body && typeof body === 'object' ? (body as { prices?: unknown }).prices : undefined;
  if (!prices || typeof prices !== 'object') throw new Error('Invalid data structure');
  const updatedAt = (body as { updatedAt?: unknown }).updatedAt;
  return {
    prices: Object.fromEntries(
      PRICE_TOKEN_IDS.map((tokenId) => [tokenId, readCoinPrice(tokenId, (prices as Record<string, unknown>)[tokenId])]),
    ) as Record<PriceTokenId, CoinPrice>,
    updatedAt: typeof updatedAt === 'string' ? updatedAt : new Date().toISOString(),
  };
}

export async function getPrices(signal?: AbortSignal): Promise<PricesResponse> {
  return parsePricesResponse(await apiFetch<unknown>(signedInPaths.prices, { signal }));
}

const FALLBACK_COIN_PRICES = Object.fromEntries(
  PRICE_TOKEN_IDS.map((tokenId) => [tokenId, fallbackCoinPrice(tokenId)]),
) as Record<PriceTokenId, CoinPrice>;

export interface PricesState {
  /** Undefined only while the first answer is awaited; the fallback prices after a failure. */
  prices: Record<PriceTokenId, CoinPrice> | undefined;
  isLoading: boolean;
}

/**
 * Prices of the three coins, refreshed every 15 s. A failed request is only logged: the last good prices
 * stay on screen, or the fallback prices when there never were any.
 */
export function usePrices(): PricesState {
  const query = useQuery({
    queryKey: pricesQueryKey,
    queryFn: async ({ signal }) => {
      try {
        return await getPrices(signal);
      } catch (error) {
        if (!signal.aborted) console.warn('Failed to fetch prices; showing fallback prices.', error);
        throw error;
      }
    },
    refetchInterval: PRICE_REFRESH_MS,
    // The next refresh comes within 15 s anyway; retrying sooner would only keep the skeleton up longer.
    retry: false,
  });
  return {
    prices: query.data?.prices ?? (query.isError ? FALLBACK_COIN_PRICES : undefined),
    isLoading: query.isPending,
  };
}
