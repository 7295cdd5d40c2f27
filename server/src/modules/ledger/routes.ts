import { API_ERRORS } from '@fincrypt/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkLedger } from '../../payments/ledger-check.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Asked on this machine, not through a proxy: a reverse proxy on the same machine also connects from
 * loopback, but says whom it forwards for.
 */
function isFromThisMachine(request: FastifyRequest): boolean {
  const isForwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !isForwarded && LOOPBACK.has(request.socket.remoteAddress ?? '') && LOOPBACK.has(request.ip);
}

const ledgerReportSchema = z.object({
  isBalanced: z.boolean(),
  networks: z.array(
    z.object({
      network: z.string(),
      asset: z.string(),
      minted: z.string(),
      balances: z.string(),
      fees: z.string(),
      sentOutside: z.string(),
      wallets: z.number(),
      sends: z.number(),
    }),
  ),
  breaches: z.array(z.string()),
  checkedAt: z.string(),
});

/** The ledger check through a running server (`LEDGER_CHECK_URL=… npm run ledger:check`); answers on loopback only. */
export const ledgerRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/system/ledger',
    {
      schema: {
        tags: ['system'],
        summary: 'Ledger invariants (minted = balances + fees + sent outside, …); from this machine only',
        response: { 200: ledgerReportSchema },
      },
    },
    async (request) => {
      if (!isFromThisMachine(request)) throw new AppError('FORBIDDEN', API_ERRORS.FORBIDDEN.messages.localOnly);
      return checkLedger(db);
    },
  );
};
