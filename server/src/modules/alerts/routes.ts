import { alertListSchema, riskScore, riskViewSchema } from '@fincrypt/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { networkOf } from '../../payments/views.ts';
import { listUserAlerts, recentSendsForRisk } from './repo.ts';
import { toAlertView } from '../../payments/views.ts';

export const ALERT_PAGE_LIMITS = { defaultLimit: 20, maxLimit: 100 } as const;

export const alertRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/alerts',
    {
      schema: {
        tags: ['alerts'],
        summary: 'Your fraud alerts, newest first',
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(ALERT_PAGE_LIMITS.maxLimit).default(ALERT_PAGE_LIMITS.defaultLimit),
        }),
        response: { 200: alertListSchema },
      },
    },
    async (request) => {
      const rows = await listUserAlerts(db, request.user.id, request.query.limit);
      return { alerts: rows.map((row) => toAlertView(row.alert, row.transactionHash)) };
    },
  );

  app.get(
    '/risk',
    {
      schema: {
        tags: ['alerts'],
        summary: 'Risk score over your 10 most recent sends: +10 per amount above 10, +15 per send within 5 min of the one before, +5 per distinct recipient, 0–100; Low below 30, Medium below 70, else High',
        response: { 200: riskViewSchema },
      },
    },
    async (request) => {
      const sends = await recentSendsForRisk(db, request.user.id);
      const score = riskScore(
        sends.map((send) => ({
          amount: { units: send.amount, decimals: networkOf(send.network).decimals },
          timestamp: send.createdAt,
          toAddress: send.toAddress,
        })),
      );
      return { ...score, transactionsConsidered: sends.length };
    },
  );
};
