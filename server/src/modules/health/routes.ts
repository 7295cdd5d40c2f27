import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../plugins/error-handler.ts';

const healthResponse = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), isAnswering: z.literal(true), latencyMs: z.number() }),
  /** Whether this process advances the chains (one leader per database), and how many ticks it has run. */
  chainClock: z.object({ role: z.enum(['leader', 'follower']), ticks: z.number().int() }).optional(),
});

export interface ChainClockStatus {
  isLeader: boolean;
  ticks: number;
}

export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  version: string;
  /** Absent when no clock runs in this process (tests drive the clock themselves). */
  chainClockStatus?: () => ChainClockStatus;
}> = async (app, options) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Version, database kind and whether the database answers', response: { 200: healthResponse } } },
    async () => {
      const startedAt = performance.now();
      const clockStatus = options.chainClockStatus?.();
      try {
        await options.database.ping();
      } catch {
        throw new AppError('DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);
      }
      return {
        status: 'ok' as const,
        version: options.version,
        database: {
          kind: options.database.kind,
          isAnswering: true as const,
          latencyMs: Math.round((performance.now() - startedAt) * 100) / 100,
        },
        ...(clockStatus ? { chainClock: { role: clockStatus.isLeader ? ('leader' as const) : ('follower' as const), ticks: clockStatus.ticks } } : {}),
      };
    },
  );
};
