import { z } from 'zod';
import { DISPLAY_CURRENCIES } from './currency.ts';
import { MARKET_TOKEN_IDS, PRICE_FEED_SOURCES } from './market-api.ts';
import { networkIdSchema } from './networks-schemas.ts';

/**
 * The market analysis's answers (sentiment and forecasts) and the coin and currency they name: a module apart from
 * market-api-schemas.ts, so that the dashboard's analysis card builds these schemas alone. zod builds every schema of
 * a module when the module loads, and building the whole market API's took about 75 ms of a phone's main thread.
 */

export const marketTokenIdSchema = z.enum(MARKET_TOKEN_IDS);

export const displayCurrencySchema = z.enum(DISPLAY_CURRENCIES);

export const sentimentViewSchema = z.object({
  token: marketTokenIdSchema,
  label: z.enum(['Bullish', 'Mildly Bullish', 'Neutral', 'Cautious']),
  prediction: z.string(),
  factors: z.array(z.string()).length(3),
  /** 50–95, percent. */
  confidence: z.number().int(),
  /** The 24h change (percent) it was read from, and where that figure came from. */
  change24h: z.number(),
  source: z.enum(PRICE_FEED_SOURCES),
  method: z.string(),
});
export type SentimentView = z.infer<typeof sentimentViewSchema>;

const byHorizon = z.object({ h24: z.number(), d7: z.number(), d30: z.number() });

export const forecastViewSchema = z.object({
  token: marketTokenIdSchema,
  network: networkIdSchema,
  /** 'ETH' */
  fromCurrency: z.string(),
  /** 'USD' */
  toCurrency: z.string(),
  currency: displayCurrencySchema,
  currentRate: z.number(),
  /** The 24h change in the currency, and in percent. */
  change24h: z.number(),
  change24hPercent: z.number(),
  predictedRate24h: z.number(),
  predictedRate7d: z.number(),
  predictedRate30d: z.number(),
  /** Percent, per horizon. */
  expectedChangePercent: byHorizon,
  /** 0 to 1, from the backtest error. */
  confidence: z.number(),
  backtest: z.object({
    forecastsChecked: z.number().int(),
    /** Mean absolute percentage error of the backtest's forecasts; null when none could be checked. */
    meanAbsolutePercentError: z.number().nullable(),
  }),
  historyDays: z.number().int(),
  timestamp: z.iso.datetime(),
});
export type ForecastView = z.infer<typeof forecastViewSchema>;

export const forecastsResponseSchema = z.object({
  method: z.object({ name: z.string(), description: z.string() }),
  currency: displayCurrencySchema,
  forecasts: z.array(forecastViewSchema),
});
export type ForecastsResponse = z.infer<typeof forecastsResponseSchema>;
