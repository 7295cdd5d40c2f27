import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkLedger } from '../../payments/ledger-check.ts';
import type { Db } from '../../db/database.ts';

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

/**
 * The ledger check through a running server (`LEDGER_CHECK_URL=http://127.0.0.1:$ADMIN_PORT npm run ledger:check`).
 * Registered on the admin listener only (admin-app.ts), never on the public port: no header a proxy adds or leaves
 * out can expose it.
 */
export const ledgerRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/system/ledger',
    {
      schema: {
        tags: ['system'],
        summary: 'Ledger invariants (minted = balances + fees + sent outside, …)',
        response: { 200: ledgerReportSchema },
      },
    },
    async () => checkLedger(db),
  );
};
