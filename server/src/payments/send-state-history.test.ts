import { type SQL, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rowsOf } from '../db/database.ts';
import { EARLIER_SENDS_COMPARED, PAYEES_KNOWN } from './fraud-rules.ts';
import { fraudHistorySql, readFraudHistory } from './send-state.ts';
import { signUp, type TestUser } from '../test/auth-client.ts';
import { externalAddress, postSend, walletOn } from '../test/ledger-client.ts';
import { fundedUser } from '../test/chain-steps.ts';
import { useTestApp } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';
import { insertTransactionCopies } from '../test/transaction-copies.ts';

/**
 * What a send decides from (its sender's history, send-state.ts) must not cost more as that history grows (the indexes of migrations 0011, 0012),
 * whatever the planner's statistics say. With 0011's indexes the planner chose among four indexes leading with
 * user_id by its estimate for the sender, and a wrong estimate (statistics older than a burst of the sender's sends, or
 * networks where the sender has wallets but no sends) made it read far more of the history than the latest sends.
 */
describeEachDatabase('fraud history: the same cost for a long history as for a short one', (kind) => {
  const ctx = useTestApp(kind);
  const rows = <T>(query: SQL) => rowsOf<T>(ctx.database.db, query);

  /** `count` more sends like the user's first, each a second older than the last and to one of 40 addresses. */
  async function addSends(user: TestUser, count: number) {
    const [{ id: templateId } = { id: '' }] = await rows<{ id: string }>(
      sql`select id from transactions where user_id = ${user.id} and type = 'send' order by created_at limit 1`,
    );
    const [{ offset } = { offset: 0 }] = await rows<{ offset: number }>(sql`select count(*)::int as offset from transactions where user_id = ${user.id}`);
    await insertTransactionCopies(
      ctx.database.db,
      templateId,
      `jsonb_build_object('id', gen_random_uuid(), 'hash', '0x' || md5(gen_random_uuid()::text) || md5(n::text), ` +
        `'to_address', 'payee' || ((n + ${offset}) % 40), 'created_at', now() - make_interval(secs => n + ${offset}))`,
      `generate_series(1, ${count}) n`,
    );
  }

  /** Buffers PostgreSQL touched reading the sender's history; the least of three. */
  async function stateBuffers(user: TestUser, walletId: string): Promise<number> {
    const touched: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const [row] = await rows<{ 'QUERY PLAN': unknown }>(
        sql`explain (analyze, buffers, format json) ${fraudHistorySql(user.id, walletId)}`,
      );
      const plan = (typeof row!['QUERY PLAN'] === 'string' ? JSON.parse(row!['QUERY PLAN']) : row!['QUERY PLAN']) as { Plan: Record<string, number> }[];
      touched.push(plan[0]!.Plan['Shared Hit Blocks']! + plan[0]!.Plan['Shared Read Blocks']!);
    }
    return Math.min(...touched);
  }

  it('reads about as much for a sender of 3,000 sends as for one of 100, before and after ANALYZE', async () => {
    const { user: sender } = await fundedUser(ctx);
    const { user: other } = await fundedUser(ctx);
    const wallet = await walletOn(ctx.app, sender, 'eth_sepolia');
    for (const user of [sender, other]) {
      const from = user === sender ? wallet : await walletOn(ctx.app, user, 'eth_sepolia');
      const sent = await postSend(ctx.app, user, { walletId: from.id, to: externalAddress('eth_sepolia'), amount: '0.01', speed: 'fast' });
      expect(sent.statusCode).toBe(201);
    }
    // The statistics know another user's history and the sender's one send only.
    await addSends(other, 300);
    await ctx.database.db.execute(sql`analyze transactions`);

    await addSends(sender, 99);
    const short = await stateBuffers(sender, wallet.id);
    await addSends(sender, 2_900);
    const long = await stateBuffers(sender, wallet.id);
    // Reading every send of the sender would be thousands of buffers more.
    expect(long - short).toBeLessThan(100);

    await ctx.database.db.execute(sql`analyze transactions`);
    const analyzed = await stateBuffers(sender, wallet.id);
    expect(analyzed - short).toBeLessThan(100);

    // The walk lists every payee (the copies' 40 addresses and the first send's); the latest sends stop at their bound.
    const history = await readFraudHistory(ctx.database.db, sender.id, wallet.id);
    expect({ paid: history.paidAddresses.length, earlier: history.earlierSends.length }).toEqual({ paid: 41, earlier: EARLIER_SENDS_COMPARED });
  });

  it('knows at most PAYEES_KNOWN addresses a user paid, in address order', async () => {
    const sender = await signUp(ctx.app);
    const wallet = await walletOn(ctx.app, sender, 'polygon_amoy');
    const sent = await postSend(ctx.app, sender, { walletId: wallet.id, to: externalAddress('polygon_amoy'), amount: '0.01', speed: 'fast' });
    expect(sent.statusCode).toBe(201);
    const [{ id: templateId } = { id: '' }] = await rows<{ id: string }>(sql`select id from transactions where user_id = ${sender.id} and type = 'send'`);
    await insertTransactionCopies(
      ctx.database.db,
      templateId,
      `jsonb_build_object('id', gen_random_uuid(), 'hash', '0x' || md5(n::text), 'to_address', 'addr' || lpad(n::text, 4, '0'))`,
      `generate_series(1, ${PAYEES_KNOWN + 20}) n`,
    );
    const history = await readFraudHistory(ctx.database.db, sender.id, wallet.id);
    expect(history.paidAddresses).toHaveLength(PAYEES_KNOWN);
    expect(history.paidAddresses).toEqual([...history.paidAddresses].sort());
    // The real send's 0x… address sorts first; the walk then stops PAYEES_KNOWN addresses in.
    expect(history.paidAddresses.slice(1, 3)).toEqual(['addr0001', 'addr0002']);
    expect(history.paidAddresses.at(-1)).toBe(`addr${String(PAYEES_KNOWN - 1).padStart(4, '0')}`);
  });
});
