import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentQuotes, transactions } from '../db/schema.ts';
import { call, signUp } from '../test/auth-client.ts';
import { externalAddress, postSend, walletOn } from '../test/ledger-client.ts';
import { useTestApp } from '../test/test-app.ts';
import { testDatabaseKinds } from '../test/test-database.ts';
import { CHAIN_CLOCK_LOCK_KEY, startClockRunner, type ClockRunner } from './clock-runner.ts';
import { UNUSED_QUOTE_RETENTION_MS } from './quotes.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// The simulated chain clock's runner (Solana Devnet's under `npm start`, every network's with CHAIN=simulated).
describe.each(testDatabaseKinds())('clock runner [%s]', (kind) => {
  const ctx = useTestApp(kind, { chain: 'simulated', config: { chain: { timeScale: 60, tickIntervalMs: 20 } } });
  const start = () =>
    startClockRunner({ database: ctx.database, events: ctx.app.ledger.events, timeScale: 60, tickIntervalMs: 20, leaderRetryMs: 50, log: quiet });

  it('confirms a send to 12 on its own, with the time scale', async () => {
    const runner = start();
    try {
      const user = await signUp(ctx.app);
      const wallet = await walletOn(ctx.app, user, 'solana_devnet');
      const sent = await postSend(ctx.app, user, { walletId: wallet.id, to: externalAddress('solana_devnet'), amount: '1', speed: 'fast' });
      const hash = sent.json().transaction.hash;
      // fast: at most 15 s pending + 11 × 3 s, divided by 60 → under 0.8 s of wall time
      await waitFor(
        async () => (await ctx.database.db.select().from(transactions).where(eq(transactions.hash, hash)))[0]?.confirmations === 12,
        5_000,
        'twelve confirmations',
      );
      expect(runner.isLeader()).toBe(true);
      expect(runner.tickCount()).toBeGreaterThan(1);
    } finally {
      await runner.stop();
    }
  });

  it('forgets unused firm quotes an hour after they expired, in its housekeeping', async () => {
    const user = await signUp(ctx.app);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const body = { walletId: wallet.id, to: externalAddress('eth_sepolia'), amount: '1', senderCurrency: 'inr', recipientCurrency: 'inr' };
    const [stale, fresh] = [
      (await call(ctx.app, 'POST', '/api/quotes', { cookie: user.cookie, body })).json(),
      (await call(ctx.app, 'POST', '/api/quotes', { cookie: user.cookie, body })).json(),
    ];
    await ctx.database.db
      .update(paymentQuotes)
      .set({ expiresAt: new Date(Date.now() - UNUSED_QUOTE_RETENTION_MS - 1_000) })
      .where(eq(paymentQuotes.id, stale.id));
    const runner = start();
    const stored = async (id: string) => (await ctx.database.db.select().from(paymentQuotes).where(eq(paymentQuotes.id, id))).length;
    try {
      await waitFor(async () => (await stored(stale.id)) === 0, 5_000, 'the stale quote to be deleted');
      expect(await stored(fresh.id)).toBe(1);
    } finally {
      await runner.stop();
    }
  });

  // PGlite is one process's own database: which of several processes leads is a question for PostgreSQL only, so
  // the test exists there alone (rather than showing as skipped on PGlite).
  if (kind === 'postgres') {
    it('lets exactly one process lead, and another take over when the leader goes away', async () => {
      const runners: ClockRunner[] = [start(), start(), start()];
      try {
        await waitFor(() => runners.some((runner) => runner.isLeader()), 5_000, 'a leader');
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(runners.filter((runner) => runner.isLeader())).toHaveLength(1);

        const first = runners.find((runner) => runner.isLeader())!;
        await first.stop();
        await waitFor(() => runners.some((runner) => runner !== first && runner.isLeader()), 5_000, 'a new leader after a stop');

        // The leader's connection dies (as when its process is killed): the lock goes with it, and whoever
        // asks next (the old leader on a fresh connection, or the other one) leads; never both.
        const lockHolders = async () =>
          (
            (await ctx.database.db.execute(
              // Advisory locks are per database: other test databases on the same server hold their own.
              sql`select pid from pg_locks where locktype = 'advisory' and objid = ${CHAIN_CLOCK_LOCK_KEY} and granted
                and database = (select oid from pg_database where datname = current_database())`,
            )) as unknown as { rows: { pid: number }[] }
          ).rows;
        const [holder] = await lockHolders();
        await ctx.database.db.execute(sql`select pg_terminate_backend(${holder!.pid})`);
        await waitFor(async () => (await lockHolders()).some((row) => row.pid !== holder!.pid), 5_000, 'a leader after a crash');
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(runners.filter((runner) => runner.isLeader())).toHaveLength(1);
        expect(await lockHolders()).toHaveLength(1);
      } finally {
        await Promise.all(runners.map((runner) => runner.stop()));
      }
    });
  }
});
