import {
  currencyQuerySchema,
  forecastsResponseSchema,
  insightsStatsSchema,
  orderBookResponseSchema,
  sentimentViewSchema,
  tokenCurrencyQuerySchema,
  tokenQuerySchema,
  volumeResponseSchema,
} from '@fincrypt/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { InsightsService } from './service.ts';

/** AI Market Insights, for signed-in users. Fiat figures are in the `currency` asked for (default usd). */
export const insightsRoutes: FastifyPluginAsyncZod<{ insights: InsightsService }> = async (app, { insights }) => {
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/stats',
    {
      schema: {
        tags: ['insights'],
        summary: 'Platform figures from the ledger over the last 24 hours (volume, active users, average transaction, TPS), each with its change against the 24 hours before. Each send is valued in its own asset at the current price (USDC at the usd-coin price).',
        querystring: currencyQuerySchema,
        response: { 200: insightsStatsSchema },
      },
    },
    (request) => insights.stats(request.query.currency),
  );

  app.get(
    '/sentiment',
    {
      schema: {
        tags: ['insights'],
        summary: "Market sentiment from a coin's (ETH, MATIC or SOL) 24h change (above +5% Bullish, above 0% Mildly Bullish, above −5% Neutral, else Cautious), with its confidence and three factors",
        querystring: tokenQuerySchema,
        response: { 200: sentimentViewSchema },
      },
    },
    (request) => insights.sentiment(request.query.token),
  );

  app.get(
    '/forecasts',
    {
      schema: {
        tags: ['insights'],
        summary: "Exchange-rate forecasts (24h, 7d, 30d) for ETH, MATIC and SOL by Holt's damped-trend smoothing, with a backtested confidence",
        querystring: currencyQuerySchema,
        response: { 200: forecastsResponseSchema },
      },
    },
    (request) => insights.forecasts(request.query.currency),
  );

  app.get(
    '/order-book',
    {
      schema: {
        tags: ['insights'],
        summary: 'A simulated order book around the current price of ETH, MATIC or SOL, 100 levels per side, the same for everyone within a minute',
        querystring: tokenCurrencyQuerySchema,
        response: { 200: orderBookResponseSchema },
      },
    },
    (request) => insights.orderBook(request.query.token, request.query.currency),
  );

  app.get(
    '/volume',
    {
      schema: {
        tags: ['insights'],
        summary: 'Ledger volume and transaction counts for each of the last 24 hours, and the same hours per network; every asset of a network valued at its own price',
        querystring: currencyQuerySchema,
        response: { 200: volumeResponseSchema },
      },
    },
    (request) => insights.volume(request.query.currency),
  );
};
