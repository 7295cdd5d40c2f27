import { randomBytes } from 'node:crypto';
import { seededRandom, type SendResponse } from '@fincrypt/domain';
import { count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { queryMetrics, runScoped, setScoping } from '../db/query-metrics.ts';
import { fraudAlerts, transactions, wallets } from '../db/schema.ts';
import { call, signUp } from '../test/auth-client.ts';
import { claimFaucet, expectLedgerBalanced, externalAddress, postSend, storedBalances, walletOn } from '../test/ledger-client.ts';
import { useTestApp } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';

/** Runs one request with its database statements counted (query-metrics.ts's scope): the answer and the count. */
async function countedStatements<T = LightMyRequestResponse>(request: () => Promise<T>): Promise<{ response: T; statements: number }> {
  setScoping(true);
  try {
    const before = queryMetrics().scopedStatements;
    const response = await new Promise<T>((resolve, reject) =>
      runScoped((done) => {
        request().then((answer) => {
          done();
          resolve(answer);
        }, reject);
      }),
    );
    return { response, statements: queryMetrics().scopedStatements - before };
  } finally {
    setScoping(false);
  }
}

describeEachDatabase('a plain send in one round trip', (kind) => {
  const ctx = useTestApp(kind);
  const sendCount = async (walletId: string) =>
    (await ctx.database.db.select({ count: count() }).from(transactions).where(eq(transactions.walletId, walletId)))[0]!.count;
  const send = (app: FastifyInstance, cookie: string, walletId: string, to: string, amount = '0.01') =>
    postSend(app, { cookie }, { walletId, to, amount, speed: 'fast' });

  it('takes one statement, session included, once the server holds the wallet state, to any outside recipient', async () => {
    const user = await signUp(ctx.app);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const to = externalAddress('eth_sepolia');
    expect((await send(ctx.app, user.cookie, wallet.id, to)).statusCode).toBe(201);

    const again = await countedStatements(() => send(ctx.app, user.cookie, wallet.id, to));
    expect(again.response.statusCode).toBe(201);
    expect(again.statements).toBe(1);

    // The state kept holds only the sender's wallet: it is the state for any address that is not one of ours.
    const elsewhere = await countedStatements(() => send(ctx.app, user.cookie, wallet.id, externalAddress('eth_sepolia')));
    expect(elsewhere.response.statusCode).toBe(201);
    expect(elsewhere.statements).toBe(1);

    // Each send signed with the nonce after the one before: the state the server kept moved with the sends.
    const nonces = await ctx.database.db.select({ nonce: transactions.nonce }).from(transactions).where(eq(transactions.walletId, wallet.id));
    expect(nonces.map((row) => row.nonce).sort()).toEqual([0, 1, 2]);
    await expectLedgerBalanced(ctx.database.db);
  });

  it("takes one statement for a wallet's first send once the user's wallets were listed: the listing read its state ahead", async () => {
    const user = await signUp(ctx.app);
    const wallet = await walletOn(ctx.app, user, 'solana_devnet');

    // The listing started the read without waiting for it: waiting for it here reads nothing more.
    const joined = await countedStatements(() => ctx.app.ledger.payments.readSendStatesAhead(user.id, [wallet.id]));
    expect(joined.statements).toBe(0);

    const first = await countedStatements(() => send(ctx.app, user.cookie, wallet.id, externalAddress('solana_devnet')));
    expect(first.response.statusCode).toBe(201);
    expect(first.statements).toBe(1);
    // The state the send left is kept, not the one read ahead: the next send is one statement too.
    const second = await countedStatements(() => send(ctx.app, user.cookie, wallet.id, externalAddress('solana_devnet')));
    expect(second.response.statusCode).toBe(201);
    expect(second.statements).toBe(1);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('pays a wallet of ours right after paying outside addresses: the call answers the state with that wallet, and the send is made from it', async () => {
    const user = await signUp(ctx.app);
    const friend = await signUp(ctx.app);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const friendWallet = await walletOn(ctx.app, friend, 'eth_sepolia');
    expect((await send(ctx.app, user.cookie, wallet.id, externalAddress('eth_sepolia'))).statusCode).toBe(201);
    const before = await storedBalances(ctx.database.db, [friendWallet.id], 'ETH');

    const toFriend = await countedStatements(() => send(ctx.app, user.cookie, wallet.id, friendWallet.address, '0.5'));
    expect(toFriend.response.statusCode).toBe(201);
    // The first call found the friend's wallet in the state and wrote nothing; the second was decided from that state.
    expect(toFriend.statements).toBe(2);
    const after = await storedBalances(ctx.database.db, [friendWallet.id], 'ETH');
    expect(after.get(friendWallet.id)! - before.get(friendWallet.id)!).toBe(500_000_000_000_000_000n);
    const received = await ctx.database.db.select({ id: transactions.id }).from(transactions).where(eq(transactions.walletId, friendWallet.id));
    expect(received).toHaveLength(1);

    // The state kept now names the friend's wallet: the next send to it is one statement again.
    const again = await countedStatements(() => send(ctx.app, user.cookie, wallet.id, friendWallet.address, '0.5'));
    expect(again.response.statusCode).toBe(201);
    expect(again.statements).toBe(1);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('sends right when the state changed elsewhere since the server kept it: a credit, a faucet claim', async () => {
    const user = await signUp(ctx.app);
    const friend = await signUp(ctx.app);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const friendWallet = await walletOn(ctx.app, friend, 'eth_sepolia');
    const to = externalAddress('eth_sepolia');
    const first: SendResponse = (await send(ctx.app, user.cookie, wallet.id, to)).json();

    // Another user's send credits the wallet, and the faucet tops it up: the state the server kept is stale twice over.
    expect((await send(ctx.app, friend.cookie, friendWallet.id, wallet.address, '2')).statusCode).toBe(201);
    expect((await claimFaucet(ctx.app, user, wallet.id)).statusCode).toBe(201);

    // The call answers the state it found under the lock; the send is decided again from it and called once more.
    const { response: second, statements } = await countedStatements(() => send(ctx.app, user.cookie, wallet.id, to));
    expect(second.statusCode).toBe(201);
    expect(statements).toBe(2);
    const sent: SendResponse = second.json();
    const stored = (await storedBalances(ctx.database.db, [wallet.id], 'ETH')).get(wallet.id)!;
    expect(BigInt(sent.wallet.balanceUnits)).toBe(stored);
    expect(BigInt(sent.wallet.balanceUnits)).toBeGreaterThan(BigInt(first.wallet.balanceUnits));
    const [row] = await ctx.database.db.select({ nonce: wallets.nextNonce }).from(wallets).where(eq(wallets.id, wallet.id));
    expect(row!.nonce).toBe(2);
    expect(sent.transaction.hash).not.toBe(first.transaction.hash);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('answers after each send the exact state the next one finds, over random sends', async () => {
    // Were the state the call answers not what the next send's lock finds, byte for byte, that send's md5 would not
    // match and it would take a second statement.
    const random = seededRandom(12);
    const users = [await signUp(ctx.app), await signUp(ctx.app)];
    const senders = [];
    for (const user of users) {
      for (const network of ['eth_sepolia', 'polygon_mumbai', 'solana_devnet'] as const) {
        senders.push({ user, network, wallet: await walletOn(ctx.app, user, network), paid: [] as string[], sends: 0 });
      }
    }
    /** Each user's wallet that sent last: a send from another wallet of theirs changes this one's state (its latest sends). */
    const lastFrom = new Map<string, string>();
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    let sender = pick(senders);
    let oneStatementSends = 0;
    for (let i = 0; i < 40; i += 1) {
      if (i === 25) {
        // A send of theirs dated later than any other (as another process's clock ahead would date it): from now on
        // this wallet's sends are not the newest on their network, and their latest sends must still come out in order.
        sender = senders.reduce((most, candidate) => (candidate.sends > most.sends ? candidate : most));
        await ctx.database.db.execute(sql`update transactions set created_at = now() + interval '1 hour'
          where id = (select id from transactions where wallet_id = ${sender.wallet.id} and type = 'send' order by created_at desc limit 1)`);
        lastFrom.delete(sender.user.id);
      } else if (random() < 0.4) {
        sender = pick(senders);
      }
      const to = sender.paid.length > 0 && random() < 0.4 ? pick(sender.paid) : externalAddress(sender.network);
      const isToken = random() < 0.3;
      const body = { walletId: sender.wallet.id, to, amount: isToken ? '1' : '0.001', speed: 'fast' as const, ...(isToken ? { asset: 'USDC' } : {}) };
      const { response, statements } = await countedStatements(() => postSend(ctx.app, sender.user, body));
      expect(response.statusCode, `send ${i}`).toBe(201);
      // Counted when the wallet's kept state is surely current: it sent last of its user's wallets (a send from another
      // of their wallets changes this one's latest sends, so the state read ahead at the listing may be stale).
      if (lastFrom.get(sender.user.id) === sender.wallet.id) {
        expect(statements, `send ${i} from ${sender.network}, after ${sender.sends}`).toBe(1);
        oneStatementSends += 1;
      }
      lastFrom.set(sender.user.id, sender.wallet.id);
      sender.sends += 1;
      sender.paid.push(to);
    }
    expect(oneStatementSends).toBeGreaterThan(15);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('answers 401 and writes nothing once the session the server remembered has ended', async () => {
    const user = await signUp(ctx.app);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const to = externalAddress('eth_sepolia');
    expect((await send(ctx.app, user.cookie, wallet.id, to)).statusCode).toBe(201);
    expect((await call(ctx.app, 'POST', '/api/auth/sign-out', { cookie: user.cookie, body: {} })).statusCode).toBe(200);

    const plain = await send(ctx.app, user.cookie, wallet.id, to);
    expect(plain.statusCode).toBe(401);
    // A send carrying a reference goes in a transaction, which checks the remembered session first.
    const withReference = await postSend(ctx.app, user, { walletId: wallet.id, to, amount: '0.01', speed: 'fast', reference: randomBytes(32).toString('hex') });
    expect(withReference.statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/wallets', { cookie: user.cookie })).statusCode).toBe(401);
    expect(await sendCount(wallet.id)).toBe(1);
    await expectLedgerBalanced(ctx.database.db);
  });

  it("inserts every column of the schema's transactions and fraud alerts that the server writes", async () => {
    const result = (await ctx.database.db.execute(sql`select prosrc from pg_proc where proname = 'send_in_one_call'`)) as unknown as {
      rows: { prosrc: string }[];
    };
    const source = result.rows[0]!.prosrc;
    const insertedInto = (table: string) =>
      new RegExp(`INSERT INTO ${table} \\(([^)]*)\\)`)
        .exec(source)![1]!
        .split(',')
        .map((column) => column.trim())
        .sort();
    const written = (table: typeof transactions | typeof fraudAlerts) =>
      Object.values(getTableColumns(table))
        .filter((column) => !column.generated)
        .map((column) => column.name)
        .sort();
    expect(insertedInto('transactions')).toEqual(written(transactions));
    expect(insertedInto('fraud_alerts')).toEqual(written(fraudAlerts));
  });
});
