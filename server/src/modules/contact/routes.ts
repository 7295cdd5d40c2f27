import { API_ERRORS, contactMessageSchema } from '@fincrypt/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { rateLimited } from '../../errors.ts';
import { type RateLimiter, describeWait } from '../../lib/rate-limiter.ts';
import { insertContactMessage } from './repo.ts';

export const contactRoutes: FastifyPluginAsyncZod<{ database: Database; limiter: RateLimiter; perMinute: number }> = async (
  app,
  options,
) => {
  const rule = { limit: options.perMinute, windowMs: 60_000 };
  app.post(
    '/contact',
    {
      schema: {
        tags: ['public'],
        summary: 'Send a message to the FinCrypt team',
        body: contactMessageSchema,
        response: { 201: z.object({ id: z.uuid() }) },
      },
    },
    async (request, reply) => {
      const verdict = await options.limiter.hit(`contact:ip:${request.ip}`, rule);
      if (!verdict.isAllowed) {
        throw rateLimited(API_ERRORS.RATE_LIMITED.messages.tooManyRequests(describeWait(verdict.retryAfterMs)), verdict.retryAfterMs);
      }
      const saved = await insertContactMessage(options.database.db, request.body);
      return reply.status(201).send(saved);
    },
  );
};
