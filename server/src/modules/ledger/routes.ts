import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Chains } from '../../chain/chains.ts';
import type { Db } from '../../db/database.ts';
import { checkLedgerAndChains } from '../../payments/ledger-vs-chain.ts';

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
      receivedOutside: z.string(),
      inFlight: z.string(),
      wallets: z.number(),
      sends: z.number(),
    }),
  ),
  breaches: z.array(z.string()),
  checkedAt: z.string(),
  chains: z.array(z.object({ network: z.string(), pending: z.number(), differences: z.array(z.string()) })).optional(),
});

/**
 * The ledger check through a running server (`LEDGER_CHECK_URL=http://127.0.0.1:$ADMIN_PORT npm run ledger:check`).
 * Registered on the admin listener only (admin-app.ts), never on the public port: no header a proxy adds or leaves
 * out can expose it.
 */
export const ledgerRoutes: FastifyPluginAsyncZod<{ db: Db; chains: Chains }> = async (app, { db, chains }) => {
  app.get(
    '/system/ledger',
    {
      schema: {
        tags: ['system'],
        summary: 'Ledger invariants (minted = balances + fees + sent outside, …) and, on a real chain, the book against the chain',
        response: { 200: ledgerReportSchema },
      },
    },
    // With the chains, the book against each of them too (ledger-vs-chain.ts).
    async () => checkLedgerAndChains(db, chains),
  );
};
