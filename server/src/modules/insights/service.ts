import {
  type DisplayCurrency,
  FORECAST_METHOD,
  type ForecastView,
  type ForecastsResponse,
  type InsightsStats,
  MARKET_TOKEN_IDS,
  type MarketTokenId,
  NETWORK_IDS,
  type NetworkId,
  type OrderBookResponse,
  type PriceForecast,
  SENTIMENT_CONFIDENCE_METHOD,
  type SentimentView,
  type StatFigure,
  TICKER_SYMBOLS,
  VOLUME_HOURS,
  type VolumeResponse,
  findAsset,
  forecastFromCloses,
  formatAmountTrimmed,
  listNetworks,
  readSentiment,
} from '@fincrypt/domain';
import type { Db } from '../../db/database.ts';
import type { PriceSnapshot } from '../prices/live-price-cache.ts';
import type { PriceService } from '../prices/price-service.ts';
import { minuteStart } from '../prices/repo.ts';
import { buildOrderBook } from './order-book.ts';
import { type NetworkSendTotals, countActiveUsers, hourlySendTotals, sendTotalsByNetwork } from './repo.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const DAY_SECONDS = 86_400;
/** Forecasts move with daily closes; refitting them more often than this would change nothing. */
export const FORECAST_CACHE_MS = 5 * 60_000;

const NETWORK_BY_TOKEN = Object.fromEntries(listNetworks().map((network) => [network.priceTokenId, network.id])) as Record<
  MarketTokenId,
  NetworkId
>;

/** Rounds to 4 decimals, so JSON carries 2213.4567 rather than 2213.456700000001. */
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return round4(((current - previous) / previous) * 100);
}

function figure(current: number, previous: number): StatFigure {
  return { value: round4(current), changePercent: percentChange(current, previous) };
}

/**
 * Amounts valued at the snapshot's prices, each in its own asset: a total of 500 USDC is 500 × the usd-coin
 * price, not 500 ETH. A total in an asset the registry no longer knows is left out, as rows of an unknown
 * network are.
 */
export function fiatValue(
  totals: readonly Pick<NetworkSendTotals, 'network' | 'asset' | 'amountUnits'>[],
  snapshot: Pick<PriceSnapshot, 'prices'>,
  currency: DisplayCurrency,
) {
  return totals.reduce((sum, { network, asset: symbol, amountUnits }) => {
    const asset = findAsset(network, symbol);
    if (!asset) return sum;
    const units = Number(formatAmountTrimmed(amountUnits, asset.decimals));
    return sum + units * snapshot.prices[asset.priceTokenId].prices[currency];
  }, 0);
}

const countSends = (totals: readonly NetworkSendTotals[]) => totals.reduce((sum, row) => sum + row.sends, 0);

export interface InsightsServiceOptions {
  db: Db;
  prices: PriceService;
  now?: () => number;
}

export type InsightsService = ReturnType<typeof createInsightsService>;

export function createInsightsService({ db, prices, now = Date.now }: InsightsServiceOptions) {
  const forecastCache = new Map<string, { forecast: Promise<PriceForecast>; computedAtMs: number }>();

  function cachedForecast(tokenId: MarketTokenId, currency: DisplayCurrency): Promise<PriceForecast> {
    const key = `${tokenId}:${currency}`;
    const hit = forecastCache.get(key);
    if (hit && now() - hit.computedAtMs < FORECAST_CACHE_MS) return hit.forecast;
    const forecast = prices.dailyCloses(tokenId, currency).then(forecastFromCloses);
    forecastCache.set(key, { forecast, computedAtMs: now() });
    forecast.catch(() => forecastCache.delete(key));
    return forecast;
  }

  return {
    async stats(currency: DisplayCurrency): Promise<InsightsStats> {
      const atMs = now();
      const windowStart = new Date(atMs - DAY_MS);
      const previousStart = new Date(atMs - 2 * DAY_MS);
      const end = new Date(atMs);
      const [snapshot, current, previous, activeNow, activeBefore] = await Promise.all([
        prices.getSnapshot(),
        sendTotalsByNetwork(db, windowStart, end),
        sendTotalsByNetwork(db, previousStart, windowStart),
        countActiveUsers(db, windowStart, end),
        countActiveUsers(db, previousStart, windowStart),
      ]);
      const volumeNow = fiatValue(current, snapshot, currency);
      // Both days at today's prices, so the change is about activity, not about the market.
      const volumeBefore = fiatValue(previous, snapshot, currency);
      const sendsNow = countSends(current);
      const sendsBefore = countSends(previous);
      const average = (volume: number, sends: number) => (sends === 0 ? 0 : volume / sends);
      return {
        currency,
        volume24h: figure(volumeNow, volumeBefore),
        activeUsers: figure(activeNow, activeBefore),
        averageTransaction: figure(average(volumeNow, sendsNow), average(volumeBefore, sendsBefore)),
        tps: { value: sendsNow / DAY_SECONDS, changePercent: percentChange(sendsNow, sendsBefore) },
        transactions24h: sendsNow,
        generatedAt: end.toISOString(),
      };
    },

    async sentiment(tokenId: MarketTokenId): Promise<SentimentView> {
      const snapshot = await prices.getSnapshot();
      const coin = snapshot.prices[tokenId];
      const reading = readSentiment(coin.change24h);
      return {
        token: tokenId,
        label: reading.label,
        prediction: reading.prediction,
        factors: [...reading.factors],
        confidence: reading.confidence,
        change24h: reading.change24h,
        source: coin.figureSources.change24h,
        method: `From the ${TICKER_SYMBOLS[tokenId]} 24h price change: above +5% Bullish, above 0% Mildly Bullish, above −5% Neutral, otherwise Cautious. ${SENTIMENT_CONFIDENCE_METHOD}`,
      };
    },

    async forecasts(currency: DisplayCurrency): Promise<ForecastsResponse> {
      const snapshot = await prices.getSnapshot();
      const forecasts = await Promise.all(
        MARKET_TOKEN_IDS.map(async (tokenId): Promise<ForecastView> => {
          const forecast = await cachedForecast(tokenId, currency);
          const coin = snapshot.prices[tokenId];
          const currentRate = coin.prices[currency];
          const predicted = (change: number) => round4(currentRate * (1 + change));
          return {
            token: tokenId,
            network: NETWORK_BY_TOKEN[tokenId],
            fromCurrency: TICKER_SYMBOLS[tokenId],
            toCurrency: currency.toUpperCase(),
            currency,
            currentRate,
            change24h: round4(currentRate - currentRate / (1 + coin.change24h / 100)),
            change24hPercent: coin.change24h,
            predictedRate24h: predicted(forecast.expectedChange.h24),
            predictedRate7d: predicted(forecast.expectedChange.d7),
            predictedRate30d: predicted(forecast.expectedChange.d30),
            expectedChangePercent: {
              h24: round4(forecast.expectedChange.h24 * 100),
              d7: round4(forecast.expectedChange.d7 * 100),
              d30: round4(forecast.expectedChange.d30 * 100),
            },
            confidence: forecast.confidence,
            backtest: {
              forecastsChecked: forecast.backtest.forecastsChecked,
              meanAbsolutePercentError: Number.isFinite(forecast.backtest.meanAbsolutePercentError)
                ? round4(forecast.backtest.meanAbsolutePercentError)
                : null,
            },
            historyDays: forecast.historyDays,
            timestamp: snapshot.updatedAt.toISOString(),
          };
        }),
      );
      return { method: { ...FORECAST_METHOD }, currency, forecasts };
    },

    async orderBook(tokenId: MarketTokenId, currency: DisplayCurrency): Promise<OrderBookResponse> {
      const point = await prices.latestPoint(tokenId);
      const atMs = point ? point.recordedAt.getTime() : minuteStart(now());
      const midPrice = point ? point[currency] : (await prices.getSnapshot()).prices[tokenId].prices[currency];
      const book = buildOrderBook({ tokenId, currency, midPrice, minuteStartMs: atMs });
      return { token: tokenId, currency, ...book, asOf: new Date(atMs).toISOString(), isSimulated: true };
    },

    async volume(currency: DisplayCurrency): Promise<VolumeResponse> {
      const atMs = now();
      const firstHourMs = Math.floor(atMs / HOUR_MS) * HOUR_MS - (VOLUME_HOURS - 1) * HOUR_MS;
      const [snapshot, rows] = await Promise.all([
        prices.getSnapshot(),
        hourlySendTotals(db, new Date(firstHourMs), new Date(atMs)),
      ]);
      // One set of hourly buckets for both charts: the whole platform's, and the same hours per network.
      const hours = Array.from({ length: VOLUME_HOURS }, (_, i) => {
        const hourStartMs = firstHourMs + i * HOUR_MS;
        return { start: new Date(hourStartMs).toISOString(), rows: rows.filter((row) => row.hourStartMs === hourStartMs) };
      });
      const hourly = hours.map((hour) => ({
        hourStart: hour.start,
        volume: round4(fiatValue(hour.rows, snapshot, currency)),
        transactions: countSends(hour.rows),
      }));
      const byNetwork = hours.map((hour) => {
        const volumes = Object.fromEntries(
          NETWORK_IDS.map((network) => [network, round4(fiatValue(hour.rows.filter((row) => row.network === network), snapshot, currency))]),
        ) as Record<NetworkId, number>;
        return { start: hour.start, volumes, transactions: countSends(hour.rows) };
      });
      return { currency, hourly, byNetwork, generatedAt: new Date(atMs).toISOString() };
    },
  };
}
