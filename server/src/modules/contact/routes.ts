import { contactMessageSchema } from '@fincrypt/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { insertContactMessage } from './repo.ts';

export const contactRoutes: FastifyPluginAsyncZod<{ database: Database; perMinute: number }> = async (app, options) => {
  app.post(
    '/contact',
    {
      config: { rateLimit: { max: options.perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['public'],
        summary: 'Send a message to the FinCrypt team',
        body: contactMessageSchema,
        response: { 201: z.object({ id: z.uuid() }) },
      },
    },
    async (request, reply) => {
      const saved = await insertContactMessage(options.database.db, request.body);
      return reply.status(201).send(saved);
    },
  );
};
