import { z } from 'zod';
import { displayCurrencyInput } from './enum-inputs.ts';
import { displayCurrencySchema, marketTokenIdSchema } from './market-analysis-schemas.ts';
import { PRICE_FEED_SOURCES, PRICE_FIGURES, PRICE_HISTORY_DAYS, DEFAULT_PRICE_HISTORY_DAYS, isPriceHistoryDays } from './market-api.ts';
import { networkIdSchema } from './networks-schemas.ts';
import { PRICE_TOKEN_IDS } from './prices.ts';

/**
 * The prices and insights API's shapes and queries (market-api.ts has the sources, coins and periods they use). The
 * market analysis's answers (sentiment and forecasts) are in market-analysis-schemas.ts.
 */

export const priceTokenIdSchema = z.enum(PRICE_TOKEN_IDS);

const fiatByCurrency = z.record(displayCurrencySchema, z.number());

export const coinPriceSchema = z.object({
  prices: fiatByCurrency,
  /** Percent. */
  change24h: z.number(),
  /** 'live' when every figure is live; otherwise the least trustworthy source among the figures. */
  source: z.enum(PRICE_FEED_SOURCES),
  figureSources: z.record(z.enum(PRICE_FIGURES), z.enum(PRICE_FEED_SOURCES)),
});
export type CoinPriceView = z.infer<typeof coinPriceSchema>;

export const pricesResponseSchema = z.object({
  prices: z.record(priceTokenIdSchema, coinPriceSchema),
  updatedAt: z.iso.datetime(),
});
export type PricesResponseView = z.infer<typeof pricesResponseSchema>;

export const priceHistoryQuerySchema = z.object({
  token: priceTokenIdSchema.default('ethereum'),
  days: z.coerce
    .number()
    .int()
    .refine(isPriceHistoryDays, { message: `days must be one of ${PRICE_HISTORY_DAYS.join(', ')}` })
    .default(DEFAULT_PRICE_HISTORY_DAYS),
  currency: displayCurrencyInput().default('usd'),
});

export const priceHistoryPointSchema = z.object({
  /** Start of the bucket. */
  time: z.iso.datetime(),
  /** The last price recorded in the bucket. */
  price: z.number(),
  source: z.enum(PRICE_FEED_SOURCES),
});
export type PriceHistoryPoint = z.infer<typeof priceHistoryPointSchema>;

export const priceHistoryResponseSchema = z.object({
  token: priceTokenIdSchema,
  currency: displayCurrencySchema,
  days: z.number().int(),
  bucketHours: z.number().int(),
  points: z.array(priceHistoryPointSchema),
});
export type PriceHistoryResponse = z.infer<typeof priceHistoryResponseSchema>;

// ---- Insights (signed in) ----

export const currencyQuerySchema = z.object({ currency: displayCurrencyInput().default('usd') });
export const tokenCurrencyQuerySchema = z.object({
  token: marketTokenIdSchema.default('ethereum'),
  currency: displayCurrencyInput().default('usd'),
});
export const tokenQuerySchema = z.object({ token: marketTokenIdSchema.default('ethereum') });

export const statFigureSchema = z.object({
  value: z.number(),
  /** Against the 24 hours before; null when there was nothing to compare with. */
  changePercent: z.number().nullable(),
});
export type StatFigure = z.infer<typeof statFigureSchema>;

export const insightsStatsSchema = z.object({
  currency: displayCurrencySchema,
  /** Sends (not failed) in the last 24 hours, valued at current prices. */
  volume24h: statFigureSchema,
  /** People who sent or received in the last 24 hours. */
  activeUsers: statFigureSchema,
  /** volume24h ÷ the number of sends. */
  averageTransaction: statFigureSchema,
  /** Sends per second over the last 24 hours. */
  tps: statFigureSchema,
  transactions24h: z.number().int(),
  generatedAt: z.iso.datetime(),
});
export type InsightsStats = z.infer<typeof insightsStatsSchema>;

export const orderBookLevelSchema = z.object({
  price: z.number(),
  /** Coin. */
  amount: z.number(),
  /** price × amount, in the currency. */
  total: z.number(),
  /** Coin offered at this price or better. */
  cumulativeAmount: z.number(),
});
export type OrderBookLevel = z.infer<typeof orderBookLevelSchema>;

export const orderBookResponseSchema = z.object({
  token: marketTokenIdSchema,
  currency: displayCurrencySchema,
  midPrice: z.number(),
  tickSize: z.number(),
  /** The minute this book belongs to: it does not change until the next recorded price. */
  asOf: z.iso.datetime(),
  /** Best (highest) first; MARKET_DEPTH_LEVELS of them, the order book table shows the first 10. */
  bids: z.array(orderBookLevelSchema),
  /** Best (lowest) first. */
  asks: z.array(orderBookLevelSchema),
  isSimulated: z.literal(true),
});
export type OrderBookResponse = z.infer<typeof orderBookResponseSchema>;

export const volumeResponseSchema = z.object({
  currency: displayCurrencySchema,
  /** Oldest first: 24 hours ending with the current one. */
  hourly: z.array(z.object({ hourStart: z.iso.datetime(), volume: z.number(), transactions: z.number().int() })),
  /** The same 24 hours, per network: the same hourly buckets as `hourly`, so both charts read the same hours. */
  byNetwork: z.array(
    z.object({
      start: z.iso.datetime(),
      volumes: z.record(networkIdSchema, z.number()),
      transactions: z.number().int(),
    }),
  ),
  generatedAt: z.iso.datetime(),
});
export type VolumeResponse = z.infer<typeof volumeResponseSchema>;
