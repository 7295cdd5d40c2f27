import { and, eq } from 'drizzle-orm';
import { transactions } from '../db/schema.ts';
import { signUp, type TestUser } from './auth-client.ts';
import { walletOn } from './ledger-client.ts';
import { indexAll } from './local-chain.ts';
import type { TestContext } from './test-app.ts';

/** A new user whose grants on the test chain's network a block has included, and the index has read. */
export async function fundedUser(ctx: TestContext): Promise<{ user: TestUser; walletId: string; address: string; grants: string[] }> {
  const { network } = ctx.testChain.chain;
  const user = await signUp(ctx.app);
  const wallet = await walletOn(ctx.app, user, network);
  const grants = await ctx.database.db
    .select({ hash: transactions.hash })
    .from(transactions)
    .where(and(eq(transactions.walletId, wallet.id), eq(transactions.type, 'mint')));
  await ctx.testChain.untilKnown(grants.map((grant) => grant.hash));
  await ctx.testChain.mine();
  await indexAll(ctx.database.db, ctx.testChain.chain, ctx.app.ledger.events);
  return { user, walletId: wallet.id, address: wallet.address, grants: grants.map((grant) => grant.hash) };
}
