import type { DisplayCurrency, MarketTokenId } from '@fincrypt/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { firstContentfulPaint } from '../../../lib/use-after-first-contentful-paint.ts';
import type * as InsightsSchemas from './insights-schemas.ts';
import type * as MarketAnalysisSchemas from './market-analysis-schemas.ts';

/**
 * The Insights answers' schemas, in chunks of their own, fetched with the first answer to check once the page has
 * painted (as the explorer's): the market analysis's (which the dashboard's card shows too) apart from the page's
 * others, so the dashboard builds only those.
 */
const loadInsightsSchemas = (): Promise<typeof InsightsSchemas> => firstContentfulPaint().then(() => import('./insights-schemas.ts'));
const loadMarketAnalysisSchemas = (): Promise<typeof MarketAnalysisSchemas> =>
  firstContentfulPaint().then(() => import('./market-analysis-schemas.ts'));

/** Market figures follow the price feed's cadence; ledger figures are refreshed as often. */
export const INSIGHTS_REFRESH_MS = 15_000;
export const FRAUD_ALERTS_SHOWN = 20;

/** GETs `path` and parses the answer with the schema `pick` names in the module `loadSchemas` loads. */
async function getParsed<Module, T extends z.ZodType>(
  path: string,
  loadSchemas: () => Promise<Module>,
  pick: (schemas: Module) => T,
  signal: AbortSignal,
): Promise<z.infer<T>> {
  const [body, schemas] = await Promise.all([apiFetch<unknown>(path, { signal }), loadSchemas()]);
  return pick(schemas).parse(body);
}

export const insightsKeys = {
  all: ['insights'] as const,
  stats: (currency: DisplayCurrency) => ['insights', 'stats', currency] as const,
  sentiment: (token: MarketTokenId) => ['insights', 'sentiment', token] as const,
  forecasts: (currency: DisplayCurrency) => ['insights', 'forecasts', currency] as const,
  orderBook: (token: MarketTokenId, currency: DisplayCurrency) => ['insights', 'order-book', token, currency] as const,
  volume: (currency: DisplayCurrency) => ['insights', 'volume', currency] as const,
  risk: ['insights', 'risk'] as const,
  fraudAlerts: ['insights', 'fraud-alerts'] as const,
};

/*
 * Each answer carries the currency it is in, and components format it with that currency. So while the
 * answer for a newly chosen currency loads, the previous one can stay on screen without mislabelling.
 */

export function useInsightsStats(currency: DisplayCurrency) {
  return useQuery({
    queryKey: insightsKeys.stats(currency),
    queryFn: ({ signal }) => getParsed(`/api/insights/stats?currency=${currency}`, loadInsightsSchemas, (schemas) => schemas.insightsStatsSchema, signal),
    refetchInterval: INSIGHTS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useSentiment(token: MarketTokenId) {
  return useQuery({
    queryKey: insightsKeys.sentiment(token),
    queryFn: ({ signal }) => getParsed(`/api/insights/sentiment?token=${token}`, loadMarketAnalysisSchemas, (schemas) => schemas.sentimentViewSchema, signal),
    refetchInterval: INSIGHTS_REFRESH_MS,
  });
}

export function useForecasts(currency: DisplayCurrency) {
  return useQuery({
    queryKey: insightsKeys.forecasts(currency),
    queryFn: ({ signal }) => getParsed(`/api/insights/forecasts?currency=${currency}`, loadMarketAnalysisSchemas, (schemas) => schemas.forecastsResponseSchema, signal),
    refetchInterval: INSIGHTS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useOrderBook(token: MarketTokenId, currency: DisplayCurrency) {
  return useQuery({
    queryKey: insightsKeys.orderBook(token, currency),
    queryFn: ({ signal }) =>
      getParsed(`/api/insights/order-book?token=${token}&currency=${currency}`, loadInsightsSchemas, (schemas) => schemas.orderBookResponseSchema, signal),
    refetchInterval: INSIGHTS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useVolume(currency: DisplayCurrency) {
  return useQuery({
    queryKey: insightsKeys.volume(currency),
    queryFn: ({ signal }) => getParsed(`/api/insights/volume?currency=${currency}`, loadInsightsSchemas, (schemas) => schemas.volumeResponseSchema, signal),
    refetchInterval: INSIGHTS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** The risk score (docs/product.md#risk-score) over your 10 most recent sends (served by the alerts module). */
export function useRiskScore() {
  return useQuery({
    queryKey: insightsKeys.risk,
    queryFn: ({ signal }) => getParsed('/api/risk', loadInsightsSchemas, (schemas) => schemas.riskViewSchema, signal),
    refetchInterval: INSIGHTS_REFRESH_MS,
  });
}

export function useFraudAlerts() {
  return useQuery({
    queryKey: insightsKeys.fraudAlerts,
    queryFn: ({ signal }) => getParsed(`/api/alerts?limit=${FRAUD_ALERTS_SHOWN}`, loadInsightsSchemas, (schemas) => schemas.alertListSchema, signal),
    refetchInterval: INSIGHTS_REFRESH_MS,
  });
}
