import { DEMO_ACCOUNTS, DEMO_PASSWORD, listAssets, NETWORK_IDS, SIMULATED_EMAIL_DOMAIN } from '@fincrypt/domain';
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { mints, simulatedParticipants, transactions, users, wallets } from '../db/schema.ts';
import { call, cookiesFrom, signIn } from '../test/auth-client.ts';
import { expectLedgerBalanced, externalAddress, postSend, walletOn } from '../test/ledger-client.ts';
import { startClockRunner } from '../payments/clock-runner.ts';
import { compareWithChain } from '../payments/ledger-vs-chain.ts';
import { useTestApp } from '../test/test-app.ts';
import { testDatabaseKinds } from '../test/test-database.ts';
import { type DemoNetwork, startDemoNetwork } from './driver.ts';
import { ensureParticipants, readParticipants } from './participants.ts';
import { maxPaymentsBy, seededRandom } from './plan.ts';
import { participantLabel, type RosterEntry, rosterOf } from './roster.ts';

/** 120× chain time: a minute of activity in half a second of wall time. */
const SCALE = 120;
const RATE = 6;
const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testDatabaseKinds())('demo network [%s]', (kind) => {
  // Sepolia's node mines a block every 0.1 s (12 s at this scale), as `npm start`'s does at its own.
  const ctx = useTestApp(kind, {
    shouldSeedDemoAccounts: true,
    chain: { network: 'eth_sepolia', blockTimeSeconds: 0.1 },
    config: { chain: { timeScale: SCALE, tickIntervalMs: 20 } },
  });
  const running: DemoNetwork[] = [];
  const start = (options: { isOn?: boolean; isLeader?: () => boolean; participants?: number; seed?: number } = {}) => {
    const network = startDemoNetwork({
      db: ctx.database.db,
      payments: ctx.app.ledger.payments,
      signUp: ctx.app.signUpAccount,
      settings: { isOn: options.isOn ?? true, paymentsPerMinute: RATE, participants: options.participants ?? 4 },
      timeScale: SCALE,
      isLeader: options.isLeader ?? (() => true),
      log: quiet,
      random: seededRandom(options.seed ?? 7),
      leaderPollMs: 20,
    });
    running.push(network);
    return network;
  };
  const participantSends = async () => {
    const [row] = await ctx.database.db
      .select({ count: count() })
      .from(transactions)
      .where(and(eq(transactions.type, 'send'), inArray(transactions.userId, ctx.database.db.select({ id: simulatedParticipants.userId }).from(simulatedParticipants))));
    return row?.count ?? 0;
  };
  const participantSendsOn = async (network: string) => {
    const [row] = await ctx.database.db
      .select({ count: count() })
      .from(transactions)
      .where(and(eq(transactions.type, 'send'), eq(transactions.network, network), inArray(transactions.userId, ctx.database.db.select({ id: simulatedParticipants.userId }).from(simulatedParticipants))));
    return row?.count ?? 0;
  };
  afterEach(async () => {
    await Promise.all(running.splice(0).map((network) => network.stop()));
  });

  it('does nothing while turned off, and the setting is off under NODE_ENV=test', async () => {
    expect(loadConfig({ NODE_ENV: 'test' }).demoNetwork.isOn).toBe(false);
    const network = start({ isOn: false });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(network.stats()).toMatchObject({ isDriving: false, payments: 0 });
    const [participants] = await ctx.database.db.select({ count: count() }).from(simulatedParticipants);
    expect(participants?.count).toBe(0);
  });

  it('waits while another process leads the chain clock', async () => {
    const network = start({ isLeader: () => false });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(network.stats()).toMatchObject({ isDriving: false, payments: 0 });
    expect(network.participants()).toBeUndefined();
  });

  it('runs minutes of chain time within its rate through the send path, keeping the ledger exact, and stops when told', async () => {
    // The chain clock's leader as main.ts runs it: the simulated clock's ticks, and the local node's index and outbox.
    const runner = startClockRunner({
      database: ctx.database,
      events: ctx.app.ledger.events,
      timeScale: SCALE,
      tickIntervalMs: 20,
      leaderRetryMs: 50,
      log: quiet,
      chains: new Map([['eth_sepolia', ctx.testChain.chain]]),
    });
    try {
      const network = start({ isLeader: () => runner.isLeader() });
      await waitFor(() => network.stats().isDriving, 20_000, 'the participants to be set up');
      // The schedule's own start: a loaded machine may see it running only a few slots later, and those slots count.
      const startedAt = network.stats().drivingSinceMs!;
      expect(startedAt).toBeLessThanOrEqual(Date.now());
      const { db } = ctx.database;
      const participants = await db.select().from(simulatedParticipants);
      expect(participants).toHaveLength(4);
      // Four minutes of chain time (24 slots), and at least a third of them made: a loaded machine may need longer
      // for eight sends, and the bound below counts the slots of however long that took.
      await new Promise((resolve) => setTimeout(resolve, (4 * 60_000) / SCALE));
      await waitFor(() => network.stats().payments >= 8, 20_000, 'eight payments');
      // Some on the real chain, once blocks made the participants' grants theirs.
      await waitFor(async () => (await participantSendsOn('eth_sepolia')) > 0, 20_000, 'a payment on Sepolia');
      await network.stop();
      const stoppedAt = Date.now();
      const made = network.stats().payments;
      const sends = await participantSends();
      // Every payment counted is a send row; the schedule started after the participants were set up.
      expect(sends).toBe(made);
      expect(made).toBeLessThanOrEqual(maxPaymentsBy(startedAt, stoppedAt, RATE, SCALE));
      expect(network.stats().isDriving).toBe(false);

      // Stopped means stopped: no payment after stop() returns.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await participantSends()).toBe(made);

      // Each participant is an account of its own on the reserved domain, in its home currency, with a wallet on every network.
      const accounts = await db
        .select({ email: users.email, currency: users.displayCurrency, label: simulatedParticipants.label, expected: simulatedParticipants.currency })
        .from(simulatedParticipants)
        .innerJoin(users, eq(users.id, simulatedParticipants.userId));
      for (const account of accounts) {
        expect(account.email.endsWith(`@${SIMULATED_EMAIL_DOMAIN}`)).toBe(true);
        expect(account.currency).toBe(account.expected);
        expect(account.label).toMatch(/^Simulated · .+, (remitter|merchant) in .+$/);
      }
      const networks = await db
        .select({ network: wallets.network, count: count() })
        .from(wallets)
        .where(inArray(wallets.userId, participants.map((participant) => participant.userId)))
        .groupBy(wallets.network);
      expect(new Set(networks.map((row) => row.network))).toEqual(new Set(NETWORK_IDS));
      expect(networks.every((row) => row.count === 4)).toBe(true);

      // Mostly USDC, some fixed in the recipient's currency by a firm quote, every send with its idempotency key.
      const sent = await db
        .select({ asset: transactions.asset, quoteId: transactions.quoteId, raw: transactions.rawTransaction })
        .from(transactions)
        .where(and(eq(transactions.type, 'send'), inArray(transactions.userId, participants.map((participant) => participant.userId))));
      expect(sent.filter((row) => row.asset === 'USDC').length).toBeGreaterThan(sent.length / 2);
      expect(sent.some((row) => row.quoteId !== null)).toBe(true);
      expect(sent.every((row) => row.raw !== null)).toBe(true);
      const [keys] = await db.execute(sql`select count(*)::int as count from idempotency_keys`).then((result) => (result as unknown as { rows: { count: number }[] }).rows);
      expect(keys!.count).toBeGreaterThanOrEqual(made);

      await expectLedgerBalanced(db);

      // The public explorer shows the payments and labels every participant's addresses as simulated.
      const feed = await call(ctx.app, 'GET', '/api/explorer/transactions');
      expect(feed.statusCode).toBe(200);
      expect((feed.json().items as { type: string }[]).filter((item) => item.type === 'transfer').length).toBeGreaterThan(0);
      const labels = (await call(ctx.app, 'GET', '/api/explorer/labels')).json().labels as { network: string; label: string }[];
      expect(labels).toHaveLength(4 * NETWORK_IDS.length);
      expect(new Set(labels.map((entry) => entry.label))).toEqual(new Set(accounts.map((account) => account.label)));

      // The insights page now shows activity.
      const demo = cookiesFrom(await signIn(ctx.app, DEMO_ACCOUNTS[0].email, DEMO_PASSWORD));
      const stats = await call(ctx.app, 'GET', '/api/insights/stats?currency=usd', { cookie: demo });
      expect(stats.statusCode).toBe(200);
      expect(stats.json().transactions24h).toBe(made);
      expect(stats.json().activeUsers.value).toBeGreaterThanOrEqual(2);
      expect(stats.json().volume24h.value).toBeGreaterThan(0);
      // Once the node's blocks hold every payment, the book and the chain agree.
      await waitFor(async () => (await compareWithChain(db, ctx.testChain.chain)).pending === 0, 20_000, 'nothing pending on Sepolia');
      expect((await compareWithChain(db, ctx.testChain.chain)).differences).toEqual([]);
    } finally {
      await runner.stop();
    }
    // Confirmations and blocks went on underneath; the ledger still holds.
    await expectLedgerBalanced(ctx.database.db);
  }, 60_000);

  it('finds its participants again after a restart, and drives only while this process leads', async () => {
    let isLeader = false;
    const network = start({ isLeader: () => isLeader, seed: 11 });
    const before = await participantSends();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await participantSends()).toBe(before);
    isLeader = true;
    await waitFor(() => network.stats().payments >= 3, 10_000, 'payments once it leads');
    isLeader = false;
    await waitFor(() => !network.stats().isDriving, 5_000, 'it to stop driving');
    const afterLosing = await participantSends();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await participantSends()).toBe(afterLosing);
    // The same four participants as before: none was signed up twice.
    const [participants] = await ctx.database.db.select({ count: count() }).from(simulatedParticipants);
    expect(participants?.count).toBe(4);
    const [quoted] = await ctx.database.db.select({ count: count() }).from(transactions).where(isNotNull(transactions.quoteId));
    expect(quoted?.count).toBeGreaterThan(0);
    await expectLedgerBalanced(ctx.database.db);
  }, 30_000);

  it("labels a participant as simulated in a demo account's own history, both ways, and nobody else", async () => {
    const [amara] = await ensureParticipants(ctx.database.db, ctx.app.signUpAccount, rosterOf(4), quiet);
    const demo = cookiesFrom(await signIn(ctx.app, DEMO_ACCOUNTS[1].email, DEMO_PASSWORD));
    const demoWallet = await walletOn(ctx.app, { cookie: demo }, 'polygon_amoy');
    const [amaraWallet] = await ctx.database.db
      .select({ id: wallets.id, address: wallets.address })
      .from(wallets)
      .where(and(eq(wallets.userId, amara!.userId), eq(wallets.network, 'polygon_amoy')));
    // Amara pays the demo account through the engine; the demo account pays Amara over HTTP.
    const paid = await ctx.app.ledger.payments.send(amara!.userId, crypto.randomUUID(), {
      walletId: amaraWallet!.id,
      to: demoWallet.address,
      asset: 'USDC',
      amount: '12.50',
      speed: 'fast',
    });
    expect(paid.statusCode).toBe(201);
    const sent = await postSend(ctx.app, { cookie: demo }, { walletId: demoWallet.id, to: amaraWallet!.address, asset: 'USDC', amount: '3', speed: 'fast' });
    expect(sent.statusCode).toBe(201);

    // And a payment between two real people carries no label.
    const other = cookiesFrom(await signIn(ctx.app, DEMO_ACCOUNTS[2].email, DEMO_PASSWORD));
    const otherWallet = await walletOn(ctx.app, { cookie: other }, 'polygon_amoy');
    expect((await postSend(ctx.app, { cookie: demo }, { walletId: demoWallet.id, to: otherWallet.address, amount: '0.5', speed: 'fast' })).statusCode).toBe(201);

    const label = participantLabel(rosterOf(2)[0]!);
    expect(label).toBe('Simulated · Amara Okafor, remitter in Lagos');
    const history = await call(ctx.app, 'GET', '/api/transactions?network=polygon_amoy', { cookie: demo });
    expect(history.statusCode).toBe(200);
    const items = history.json().items as { type: string; amount: string; counterpartyLabel?: string }[];
    expect(items.find((item) => item.type === 'receive' && item.amount === '12.5')?.counterpartyLabel).toBe(label);
    expect(items.find((item) => item.type === 'send' && item.amount === '3')?.counterpartyLabel).toBe(label);
    // The starter mint has no counterparty, so no label.
    expect(items.find((item) => item.type === 'send' && item.amount === '0.5')).toBeDefined();
    expect(items.find((item) => item.type === 'send' && item.amount === '0.5')?.counterpartyLabel).toBeUndefined();
    expect(items.filter((item) => item.type === 'mint').every((item) => item.counterpartyLabel === undefined)).toBe(true);
    const detail = await call(ctx.app, 'GET', `/api/transactions/${(sent.json() as { transaction: { hash: string } }).transaction.hash}`, { cookie: demo });
    expect(detail.json().counterpartyLabel).toBe(label);
    await expectLedgerBalanced(ctx.database.db);
  });

  it("never takes over an account it did not create: a stranger who got a participant's email keeps it, unlabelled and unpaid from", async () => {
    // The roster's last two, whom the other tests here never sign up. Sign-up now refuses the domain (auth.test.ts);
    // an account made before that rule is made here the same way.
    const roster = rosterOf(12).slice(-2);
    const [takenEntry, freeEntry] = roster as [RosterEntry, RosterEntry];
    const takenEmail = `${takenEntry.key}@${SIMULATED_EMAIL_DOMAIN}`;
    const strangerId = await ctx.app.signUpAccount({ name: 'Stranger', email: takenEmail, password: 'strangers-own-pass' });
    const warnings: unknown[] = [];
    const participants = await ensureParticipants(ctx.database.db, ctx.app.signUpAccount, roster, { warn: (...args: unknown[]) => warnings.push(args) });

    expect(participants.map((participant) => participant.entry.key)).toEqual([freeEntry.key]);
    expect(await ctx.database.db.select().from(simulatedParticipants).where(eq(simulatedParticipants.userId, strangerId))).toEqual([]);
    expect(warnings).toEqual([[{ participant: takenEntry.key }, expect.stringContaining('sits out')]]);
    // Asked again (another start), it still sits out, and the stranger still signs in with their own password.
    expect((await ensureParticipants(ctx.database.db, ctx.app.signUpAccount, roster, quiet)).map((participant) => participant.entry.key)).toEqual([freeEntry.key]);
    expect((await signIn(ctx.app, takenEmail, 'strangers-own-pass')).statusCode).toBe(200);
  });

  it('tops a participant running low up through the faucet path', async () => {
    const participants = await ensureParticipants(ctx.database.db, ctx.app.signUpAccount, rosterOf(4), quiet);
    // A wallet whose faucet is still open, drained (out of the system) down to 100 USDC.
    const candidates = (await readParticipants(ctx.database.db, participants)).flatMap((participant) =>
      participant.wallets.filter((wallet) => wallet.faucetClaimedAt === null).map((wallet) => ({ participant, wallet })),
    );
    const { participant, wallet } = candidates.sort((a, b) => Number((b.wallet.balances.USDC ?? 0n) - (a.wallet.balances.USDC ?? 0n)))[0]!;
    const drained = await ctx.app.ledger.payments.send(participant.userId, crypto.randomUUID(), {
      walletId: wallet.id,
      to: externalAddress(wallet.network),
      asset: 'USDC',
      amount: String((wallet.balances.USDC ?? 0n) / 1_000_000n - 100n),
      speed: 'fast',
    });
    expect(drained.statusCode).toBe(201);
    const network = start({ seed: 3 });
    const faucetMints = async () =>
      ctx.database.db.select({ asset: mints.asset }).from(mints).where(and(eq(mints.walletId, wallet.id), eq(mints.source, 'faucet')));
    await waitFor(async () => (await faucetMints()).length > 0, 15_000, 'the faucet claim');
    await network.stop();
    expect(network.stats().faucetClaims).toBeGreaterThanOrEqual(1);
    // A faucet claim mints each asset of the network, as the faucet does for anyone.
    expect(new Set((await faucetMints()).map((row) => row.asset))).toEqual(new Set(listAssets(wallet.network).map((asset) => asset.symbol)));
    await expectLedgerBalanced(ctx.database.db);
  }, 30_000);
});
