import {
  API_ERRORS,
  createQuoteRequestSchema,
  isDisplayCurrency,
  paymentQuoteSchema,
  recipientCurrencyQuerySchema,
  recipientCurrencyResponseSchema,
  validateRecipient,
  type RecipientCurrencyResponse,
} from '@fincrypt/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { rateLimited } from '../../errors.ts';
import { type RateLimitRule, type RateLimiter, describeWait } from '../../lib/rate-limiter.ts';
import type { PaymentsEngine } from '../../payments/engine.ts';
import { findRecipientCurrency } from './repo.ts';

const errorResponseSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export interface QuoteRoutesOptions {
  db: Db;
  payments: Pick<PaymentsEngine, 'createQuote'>;
  limiter: RateLimiter;
  /** Firm quotes per user per window. */
  quoteRule: RateLimitRule;
}

/** Cross-border payments (docs/product.md#cross-border-payments): firm quotes, and the recipient's currency to offer. */
export const quoteRoutes: FastifyPluginAsyncZod<QuoteRoutesOptions> = async (app, { db, payments, limiter, quoteRule }) => {
  app.addHook('onRequest', app.requireSession);

  app.post(
    '/quotes',
    {
      schema: {
        tags: ['transactions'],
        summary:
          'A firm quote: the exact asset amount, fee, rates and both sides in fiat, honoured once by a send that carries its id until it expires',
        body: createQuoteRequestSchema,
        response: { 201: paymentQuoteSchema, 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const verdict = await limiter.hit(`quote:user:${request.user.id}`, quoteRule);
      if (!verdict.isAllowed) {
        throw rateLimited(API_ERRORS.RATE_LIMITED.messages.tooMany('quotes', describeWait(verdict.retryAfterMs)), verdict.retryAfterMs);
      }
      const quote = await payments.createQuote(request.user.id, request.body);
      return reply.status(201).send(quote);
    },
  );

  app.get(
    '/recipients/currency',
    {
      schema: {
        tags: ['transactions'],
        summary: "The display currency the owner of a FinCrypt address chose, to offer as \"They receive\"'s currency (null when none); nothing about who they are",
        querystring: recipientCurrencyQuerySchema,
        response: { 200: recipientCurrencyResponseSchema },
      },
    },
    async (request): Promise<RecipientCurrencyResponse> => {
      const { network, address } = request.query;
      const valid = validateRecipient(network, address);
      if (!valid.ok) return { currency: null };
      const currency = await findRecipientCurrency(db, network, valid.address);
      return { currency: isDisplayCurrency(currency) ? currency : null };
    },
  );
};
