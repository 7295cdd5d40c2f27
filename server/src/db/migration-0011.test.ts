import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { type NetworkId, seededRandom } from '@fincrypt/domain';
import { type SQL, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUp, type TestUser } from '../test/auth-client.ts';
import { externalAddress, postSend, walletOn } from '../test/ledger-client.ts';
import { useTestApp } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';
import { insertTransactionCopies } from '../test/transaction-copies.ts';
import { rowsOf } from './database.ts';

/**
 * Migration 0011 rewrites functions of migration 0009 to run faster: send_state (PL/pgSQL, read through two indexes
 * instead of every send of the user, its wallets found by id), lock_send_state (its wallets found by id) and
 * count_attempt (PL/pgSQL). Their answers must not change: a server compares send_state's md5 with the one it kept,
 * byte for byte. So the tests install 0009's send_state and count_attempt, as that file has them, under other names,
 * and compare; lock_send_state answers send_state, and the concurrency tests cover its locks.
 */
function definitionIn0009(name: string): string {
  const migration = fs.readFileSync(new URL('./migrations/0009_send_in_one_call.sql', import.meta.url), 'utf8');
  const start = migration.indexOf(`CREATE FUNCTION "${name}"`);
  const end = migration.indexOf('$$;', start);
  if (start < 0 || end < 0) throw new Error(`migration 0009 no longer holds ${name}`);
  return migration.slice(start, end + 3).replace(`CREATE FUNCTION "${name}"`, `CREATE FUNCTION "${name}_0009"`);
}

const NETWORKS: NetworkId[] = ['eth_sepolia', 'polygon_mumbai', 'solana_devnet'];
const TYPES = ['send', 'send', 'send', 'receive', 'mint'] as const;

/** The tests' choices from `seededRandom`, so a failure repeats with its seed. */
function randomFrom(seed: number) {
  const next = seededRandom(seed);
  return { int: (below: number) => Math.floor(next() * below), pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

describeEachDatabase('migration 0011: functions that answer as 0009 did', (kind) => {
  const ctx = useTestApp(kind);
  const rows = <T>(query: SQL) => rowsOf<T>(ctx.database.db, query);

  async function expectSameState(user: TestUser, walletIds: string[], candidates: string) {
    for (const walletId of walletIds) {
      for (const recent of [1, 10]) {
        const [pair] = await rows<{ now: string; then: string }>(
          sql`select send_state(${user.id}, ${walletId}::uuid, ${candidates}::jsonb, ${recent})::text as now,
                     send_state_0009(${user.id}, ${walletId}::uuid, ${candidates}::jsonb, ${recent})::text as then`,
        );
        expect(pair!.now).toBe(pair!.then);
      }
    }
  }

  it('answers what migration 0009 answered, over random histories of sends, receives and mints on every network', async () => {
    await ctx.database.db.execute(sql.raw(definitionIn0009('send_state')));

    const user = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const wallets = await Promise.all(NETWORKS.map((network) => walletOn(ctx.app, user, network)));
    const otherWallet = await walletOn(ctx.app, other, 'eth_sepolia');
    const sent = await postSend(ctx.app, user, { walletId: wallets[0]!.id, to: externalAddress('eth_sepolia'), amount: '0.01', speed: 'fast' });
    expect(sent.statusCode).toBe(201);
    const [template] = await rows<{ id: string }>(sql`select id from transactions where user_id = ${user.id} and type = 'send'`);

    const random = randomFrom(20261130);
    // Few timestamps, so rows tie on created_at and the id decides (amounts differ, so the order shows); addresses that differ only in case (Solana's
    // are case-sensitive) and repeat, so DISTINCT and the walk over the index must agree.
    const instants = Array.from({ length: 12 }, (_, index) => new Date(Date.UTC(2026, 10, 1, 12, 0, index)).toISOString());
    const payees = [...Array.from({ length: 10 }, (_, index) => `Payee${index}`), 'payeeA', 'PAYEEA', 'PayeeA', 'z', 'Z', '0x'];
    // Recipient candidates: none; another user's wallet; the sender's own wallet again; addresses no wallet has.
    const candidateSets = [
      [],
      [{ network: 'eth_sepolia', address: otherWallet.address }],
      [{ network: 'eth_sepolia', address: wallets[0]!.address }, { network: 'polygon_mumbai', address: wallets[1]!.address }],
      [{ network: 'eth_sepolia', address: wallets[1]!.address }, { network: 'eth_sepolia', address: externalAddress('eth_sepolia') }],
    ].map((set) => JSON.stringify(set));
    for (let round = 0; round < 12; round += 1) {
      for (let index = 0; index < 30; index += 1) {
        const at = random.int(NETWORKS.length);
        const mine = random.int(5) > 0;
        const patch = {
          id: randomUUID(),
          hash: `0x${randomUUID().replaceAll('-', '')}`,
          network: NETWORKS[at],
          type: random.pick(TYPES),
          wallet_id: mine ? wallets[at]!.id : otherWallet.id,
          user_id: mine ? user.id : other.id,
          to_address: random.pick(payees),
          amount: String(1 + random.int(1_000_000)),
          created_at: random.pick(instants),
        };
        await insertTransactionCopies(ctx.database.db, template!.id, `'${JSON.stringify(patch).replaceAll("'", "''")}'::jsonb`);
      }
      await expectSameState(user, wallets.map((wallet) => wallet.id), candidateSets[round % candidateSets.length]!);
    }

    // Past 500 distinct payees both keep the first 500 in address order.
    for (const network of ['eth_sepolia', 'polygon_mumbai'] as const) {
      const wallet = wallets[NETWORKS.indexOf(network)]!;
      await insertTransactionCopies(
        ctx.database.db,
        template!.id,
        `jsonb_build_object('id', gen_random_uuid(), 'hash', md5(n::text || '${network}'), 'network', '${network}', ` +
          `'wallet_id', '${wallet.id}', 'to_address', 'addr' || lpad(n::text, 4, '0'))`,
        'generate_series(1, 520) n',
      );
    }
    const [paid] = await rows<{ count: number }>(
      sql`select jsonb_array_length(send_state(${user.id}, ${wallets[0]!.id}::uuid, '[]'::jsonb, 10)->'paid') as count`,
    );
    expect(Number(paid!.count)).toBe(500);
    for (const candidates of candidateSets) await expectSameState(user, wallets.map((wallet) => wallet.id), candidates);
  });

  it('count_attempt counts as 0009 did: a new counter, hits within the window, a new window once it expired', async () => {
    await ctx.database.db.execute(sql.raw(definitionIn0009('count_attempt')));
    const random = randomFrom(11);
    for (let round = 0; round < 40; round += 1) {
      const key = `k${random.int(3)}`;
      if (random.int(4) === 0) {
        // The window started a while ago, for both counters alike.
        const seconds = random.int(5);
        await ctx.database.db.execute(
          sql`update rate_limit_counters set window_started_at = window_started_at - make_interval(secs => ${seconds})
              where key in (${`now:${key}`}, ${`then:${key}`})`,
        );
        continue;
      }
      const windowSeconds = 1 + random.int(3);
      const [pair] = await rows<{ now: number; now_fresh: boolean; then: number; then_fresh: boolean }>(
        sql`select a.hits as now, a.window_started_at = now() as now_fresh, b.hits as then, b.window_started_at = now() as then_fresh
            from count_attempt(${`now:${key}`}, ${windowSeconds}::float8) a, count_attempt_0009(${`then:${key}`}, ${windowSeconds}::float8) b`,
      );
      expect([Number(pair!.now), pair!.now_fresh]).toEqual([Number(pair!.then), pair!.then_fresh]);
    }
  });
});
