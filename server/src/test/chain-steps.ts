import { and, eq, isNull } from 'drizzle-orm';
import { transactions } from '../db/schema.ts';
import { signUp, type TestUser } from './auth-client.ts';
import { walletOn } from './ledger-client.ts';
import { indexAll } from './local-chain.ts';
import type { TestContext } from './test-app.ts';

/** What these steps need of a test app: a file's own, or one a test built on a local node itself. */
export type ChainApp = Pick<TestContext, 'app' | 'database' | 'testChain'>;

/**
 * What a block does on the test chain's network, as the leader would see it: every pending transaction there reaches
 * the node (the hand-over after a commit does not wait for it), `blocks` blocks are mined, and the index reads them.
 */
export async function includePending(ctx: ChainApp, blocks = 1): Promise<void> {
  const { network } = ctx.testChain.chain;
  const pending = await ctx.database.db
    .selectDistinct({ hash: transactions.hash })
    .from(transactions)
    .where(and(eq(transactions.network, network), eq(transactions.status, 'pending'), isNull(transactions.blockNumber)));
  await ctx.testChain.untilKnown(pending.map((row) => row.hash));
  await ctx.testChain.mine(blocks);
  await indexAll(ctx.database.db, ctx.testChain.chain, ctx.app.ledger.events);
}

/** A new user whose grants on the test chain's network a block has included, and the index has read. */
export async function fundedUser(ctx: ChainApp, profile: Parameters<typeof signUp>[1] = {}): Promise<{ user: TestUser; walletId: string; address: string; grants: string[] }> {
  const user = await signUp(ctx.app, profile);
  const wallet = await walletOn(ctx.app, user, ctx.testChain.chain.network);
  const grants = await ctx.database.db
    .select({ hash: transactions.hash })
    .from(transactions)
    .where(and(eq(transactions.walletId, wallet.id), eq(transactions.type, 'mint')));
  await includePending(ctx);
  return { user, walletId: wallet.id, address: wallet.address, grants: grants.map((grant) => grant.hash) };
}
