import { API_ERRORS, isPriceHistoryDays, priceHistoryQuerySchema, priceHistoryResponseSchema, pricesResponseSchema } from '@fincrypt/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../errors.ts';
import type { PriceService } from './price-service.ts';

/** Market prices are public (the home page ticker shows them to visitors). */
export const priceRoutes: FastifyPluginAsyncZod<{ prices: PriceService }> = async (app, { prices }) => {
  app.get(
    '/prices',
    {
      schema: {
        tags: ['prices'],
        summary:
          'ETH, MATIC, SOL and USDC (CoinGecko ids ethereum, matic-network, solana, usd-coin) in INR, USD, EUR, GBP and JPY with the 24h change, saying where each figure came from (live feed, simulated feed or fixed fallback; USDC falls back to 1 USD). Refreshed upstream at most every 15 s.',
        response: { 200: pricesResponseSchema },
      },
    },
    async (_request, reply) => {
      const snapshot = await prices.getSnapshot();
      reply.header('cache-control', 'no-cache');
      return { prices: snapshot.prices, updatedAt: snapshot.updatedAt.toISOString() };
    },
  );

  app.get(
    '/prices/history',
    {
      schema: {
        tags: ['prices'],
        summary: 'Price history of one coin (or USDC) in one currency over 7, 14, 30 or 90 days (one point per 1, 2, 6 or 24 hours)',
        querystring: priceHistoryQuerySchema,
        response: { 200: priceHistoryResponseSchema },
      },
    },
    async (request) => {
      const { token, days, currency } = request.query;
      if (!isPriceHistoryDays(days)) throw badRequest(API_ERRORS.VALIDATION_ERROR.messages.invalidHistoryDays);
      return prices.history({ token, days, currency });
    },
  );
};
