import {
  API_ERRORS,
  createPaymentRequestSchema,
  paymentRequestListSchema,
  paymentRequestViewSchema,
  publicPaymentRequestSchema,
} from '@fincrypt/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, rateLimited } from '../../errors.ts';
import { type RateLimitRule, type RateLimiter, describeWait } from '../../lib/rate-limiter.ts';
import type { PaymentsEngine } from '../../payments/engine.ts';

const errorResponseSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** Any text up to a bound: a malformed id answers 404 like an unknown one, never a validation message. */
const idParams = z.object({ id: z.string().max(64) });

type RequestsEngine = Pick<PaymentsEngine, 'createPaymentRequest' | 'listPaymentRequests' | 'cancelPaymentRequest' | 'findPublicPaymentRequest'>;

export interface PaymentRequestRoutesOptions {
  payments: RequestsEngine;
  limiter: RateLimiter;
  /** Requests one user may create per window. */
  createRule: RateLimitRule;
}

const notFound = () => new AppError('PAYMENT_REQUEST_NOT_FOUND', API_ERRORS.PAYMENT_REQUEST_NOT_FOUND.messages.notFound);

/** The owner's routes (docs/product.md#payment-requests): create, list, cancel. Signed in only. */
export const paymentRequestRoutes: FastifyPluginAsyncZod<PaymentRequestRoutesOptions> = async (app, { payments, limiter, createRule }) => {
  app.addHook('onRequest', app.requireSession);

  app.post(
    '/payment-requests',
    {
      schema: {
        tags: ['payment-requests'],
        summary:
          'Ask for an amount into one of your wallets, in its asset or in a currency (paid at the rate quoted when paid): the standard URI (EIP-681 / Solana Pay) with a reference, and the /pay/{id} link. 409 past the open-request limit.',
        body: createPaymentRequestSchema,
        response: { 201: paymentRequestViewSchema, 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const verdict = await limiter.hit(`payment-request:user:${request.user.id}`, createRule);
      if (!verdict.isAllowed) {
        throw rateLimited(API_ERRORS.RATE_LIMITED.messages.tooMany('payment requests', describeWait(verdict.retryAfterMs)), verdict.retryAfterMs);
      }
      return reply.status(201).send(await payments.createPaymentRequest(request.user.id, request.body));
    },
  );

  app.get(
    '/payment-requests',
    {
      schema: {
        tags: ['payment-requests'],
        summary: 'Your payment requests, newest first (at most 100): open, paid (with the paying transaction’s hash), expired, cancelled',
        response: { 200: paymentRequestListSchema },
      },
    },
    async (request) => ({ requests: await payments.listPaymentRequests(request.user.id) }),
  );

  app.post(
    '/payment-requests/:id/cancel',
    {
      schema: {
        tags: ['payment-requests'],
        summary: 'Cancel your open request: it can no longer be paid. 404 unknown or not yours; 409 paid, cancelled or expired.',
        params: idParams,
        response: { 200: paymentRequestViewSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => payments.cancelPaymentRequest(request.user.id, request.params.id),
  );
};

export interface PayPageRoutesOptions {
  payments: RequestsEngine;
  limiter: RateLimiter;
  /** Reads per IP per window. */
  readRule: RateLimitRule;
}

/** The public side of a request: what its link shows to anyone, signed in or not. */
export const payPageRoutes: FastifyPluginAsyncZod<PayPageRoutesOptions> = async (app, { payments, limiter, readRule }) => {
  app.get(
    '/pay/:id',
    {
      schema: {
        tags: ['public'],
        summary:
          'A payment request as its link shows it: the name, note, amount, asset, network, address, reference, URI, expiry and status the requester chose to share; nothing else about them. 404 for an unknown or malformed id.',
        params: idParams,
        response: { 200: publicPaymentRequestSchema, 404: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const verdict = await limiter.hit(`pay-page:ip:${request.ip}`, readRule);
      if (!verdict.isAllowed) {
        throw rateLimited(API_ERRORS.RATE_LIMITED.messages.tooManyRequests(describeWait(verdict.retryAfterMs)), verdict.retryAfterMs);
      }
      const found = await payments.findPublicPaymentRequest(request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );
};
