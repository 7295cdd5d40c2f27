import { randomBytes } from 'node:crypto';
import { CONFIRMATION_INTERVAL_MS, confirmationsAt, GAS_SPEEDS, MAX_CONFIRMATIONS, type GasSpeed } from '@fincrypt/domain';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blocks, transactions } from '../db/schema.ts';
import { signUp, type TestUser } from '../test/auth-client.ts';
import { expectLedgerBalanced, externalAddress, postSend, walletOn } from '../test/ledger-client.ts';
import { useTestApp } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';
import { blockNumberAt, blockTimeOf } from '../chain/blocks.ts';
import { createChainClock, progressAt, PUBLIC_INCLUSIONS_PER_BATCH, TRANSACTION_UPDATES_PER_USER_PER_BATCH } from './clock.ts';
import type { UserEvent } from '../lib/event-bus.ts';

describe('progressAt', () => {
  it('follows confirmationsAt in chain time and always schedules the next look strictly later', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GAS_SPEEDS),
        fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 }),
        fc.integer({ min: 0, max: 10 * 60_000 }),
        fc.constantFrom(1, 60, 0.5, 7.3, 1000),
        (speed, includedAtMs, elapsedMs, timeScale) => {
          const nowMs = includedAtMs + elapsedMs;
          const step = progressAt({ network: 'eth_sepolia', speed, includeAt: new Date(includedAtMs) }, nowMs, timeScale);
          expect(step.confirmations).toBe(confirmationsAt(speed, includedAtMs, includedAtMs + elapsedMs * timeScale));
          expect(step.blockNumber).toBe(blockNumberAt('eth_sepolia', includedAtMs));
          if (step.confirmations === MAX_CONFIRMATIONS) {
            expect(step.nextConfirmationAt).toBeNull();
          } else {
            const next = step.nextConfirmationAt!.getTime();
            expect(next).toBeGreaterThan(nowMs);
            const later = progressAt({ network: 'eth_sepolia', speed, includeAt: new Date(includedAtMs) }, next, timeScale);
            expect(later.confirmations).toBeGreaterThan(step.confirmations);
          }
        },
      ),
    );
  });
});

// The simulated chain clock (Solana Devnet's under `npm start`, every network's with CHAIN=simulated), on Sepolia rows.
describeEachDatabase('chain clock', (kind) => {
  const ctx = useTestApp(kind, { chain: 'simulated' });

  async function sendOne(user: TestUser, speed: GasSpeed, to?: string) {
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const response = await postSend(ctx.app, user, { walletId: wallet.id, to: to ?? externalAddress('eth_sepolia'), amount: '0.01', speed });
    expect(response.statusCode).toBe(201);
    const hash: string = response.json().transaction.hash;
    const rows = await ctx.database.db.select().from(transactions).where(eq(transactions.hash, hash));
    return { hash, rows, includeAtMs: rows[0]!.includeAt.getTime(), createdAtMs: rows[0]!.createdAt.getTime() };
  }
  const rowsOf = (hash: string) => ctx.database.db.select().from(transactions).where(eq(transactions.hash, hash));

  const queryRows = async <Row>(query: SQL) => ((await ctx.database.db.execute(query)) as unknown as { rows: Row[] }).rows;

  it('writes only columns no index holds, so each of its updates is HOT (migration 0008)', async () => {
    const clockColumns = ['status', 'confirmations', 'block_number', 'next_confirmation_at'];
    const rows = await queryRows<{ name: string; definition: string }>(
      sql`select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as definition from pg_index where indrelid = 'transactions'::regclass`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const { name, definition } of rows) {
      for (const column of clockColumns) expect(definition, name).not.toMatch(new RegExp(`\\b${column}\\b`));
    }
  });

  it('finds a block by block_number_at in SQL exactly where chain/blocks.ts puts it, to the millisecond', async () => {
    const samples = fc.sample(
      fc.record({
        network: fc.constantFrom('eth_sepolia', 'polygon_amoy', 'solana_devnet' as const),
        atMs: fc.oneof(
          fc.integer({ min: Date.UTC(2023, 6, 1), max: Date.UTC(2031, 0, 1) }),
          // Either side of a block boundary.
          fc.tuple(fc.integer({ min: 1, max: 400_000_000 }), fc.integer({ min: -1, max: 0 })).map(([block, offset]) => Date.UTC(2024, 0, 1) + block * 400 + offset),
        ),
        micros: fc.integer({ min: 0, max: 999 }),
      }),
      200,
    );
    for (const { network, atMs, micros } of samples) {
      // PostgreSQL keeps microseconds; a row written by SQL (seeds, now()) can carry them, a Date cannot.
      const at = `${new Date(atMs).toISOString().slice(0, -1)}${String(micros).padStart(3, '0')}Z`;
      const [row] = await queryRows<{ block: string }>(sql`select block_number_at(${network}, ${at}::timestamptz)::text as block`);
      expect(Number(row!.block), `${network} ${at}`).toBe(blockNumberAt(network, atMs));
    }
  });

  it('keeps a transaction pending inside its speed window, then confirms it and adds one confirmation per interval up to 12', async () => {
    const user = await signUp(ctx.app);
    const { hash, includeAtMs, createdAtMs } = await sendOne(user, 'fast');
    expect(includeAtMs - createdAtMs).toBeGreaterThanOrEqual(5_000);
    expect(includeAtMs - createdAtMs).toBeLessThanOrEqual(15_000);
    const clock = ctx.app.ledger.clock;
    const events: UserEvent[] = [];
    const unsubscribe = ctx.app.ledger.events.subscribe((event) => events.push(event));

    await clock.tick(includeAtMs - 1);
    expect((await rowsOf(hash))[0]).toMatchObject({ status: 'pending', confirmations: 0, blockNumber: null });
    await clock.tick(includeAtMs);
    expect((await rowsOf(hash))[0]).toMatchObject({ status: 'confirmed', confirmations: 1, blockNumber: blockNumberAt('eth_sepolia', includeAtMs) });
    const interval = CONFIRMATION_INTERVAL_MS.fast;
    await clock.tick(includeAtMs + interval - 1);
    expect((await rowsOf(hash))[0]?.confirmations).toBe(1);
    await clock.tick(includeAtMs + interval);
    expect((await rowsOf(hash))[0]?.confirmations).toBe(2);
    await clock.tick(includeAtMs + 11 * interval);
    expect((await rowsOf(hash))[0]).toMatchObject({ confirmations: 12, nextConfirmationAt: null });
    await clock.tick(includeAtMs + 100 * interval);
    expect((await rowsOf(hash))[0]?.confirmations).toBe(12);
    unsubscribe();

    const mine = events.filter((event) => event.userId === user.id);
    expect(mine.filter((event) => event.event === 'transaction_status').map((event) => event.payload)).toEqual([
      { hash, network: 'eth_sepolia', status: 'confirmed' },
    ]);
    const updates = mine.filter((event) => event.event === 'transaction_update').map((event) => (event.payload as { transaction: { confirmations: number } }).transaction.confirmations);
    expect(updates).toEqual([1, 2, 12]);
  });

  it('catches up in one tick after a long pause, and moves both sides of an internal transfer in step', async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const bobWallet = await walletOn(ctx.app, bob, 'eth_sepolia');
    const { hash, rows, includeAtMs } = await sendOne(alice, 'slow', bobWallet.address);
    expect(rows.map((row) => row.type).sort()).toEqual(['receive', 'send']);
    const result = await ctx.app.ledger.clock.tick(includeAtMs + 60 * 60_000);
    expect(result.advanced).toBeGreaterThanOrEqual(2);
    const after = await rowsOf(hash);
    expect(after.map((row) => [row.type, row.status, row.confirmations, row.blockNumber])).toEqual(
      expect.arrayContaining([
        ['send', 'confirmed', 12, blockNumberAt('eth_sepolia', includeAtMs)],
        ['receive', 'confirmed', 12, blockNumberAt('eth_sepolia', includeAtMs)],
      ]),
    );
  });

  it('resumes after a restart exactly where an uninterrupted clock would be', async () => {
    const user = await signUp(ctx.app);
    const { hash, includeAtMs } = await sendOne(user, 'normal');
    const interval = CONFIRMATION_INTERVAL_MS.normal;
    await ctx.app.ledger.clock.tick(includeAtMs + 4 * interval + 10);
    expect((await rowsOf(hash))[0]?.confirmations).toBe(5);
    // A new process: a new clock over the same stored schedule.
    const restarted = createChainClock({ db: ctx.database.db, events: ctx.app.ledger.events, timeScale: 1 });
    const later = includeAtMs + 7 * interval + 2_000;
    await restarted.tick(later);
    expect((await rowsOf(hash))[0]?.confirmations).toBe(confirmationsAt('normal', includeAtMs, later));
    // A late tick with an earlier time never takes confirmations back.
    await ctx.app.ledger.clock.tick(includeAtMs + interval);
    expect((await rowsOf(hash))[0]?.confirmations).toBe(8);
  });

  it('advances thousands of due transactions in one tick, batch by batch', async () => {
    const user = await signUp(ctx.app);
    const { rows } = await sendOne(user, 'fast');
    const template = rows[0]!;
    const now = Date.now();
    // Batches of 1,100 and 200: the first returns its rows in a burst's eleven columns, the second whole.
    const count = 1_300;
    const hashes = Array.from({ length: count }, () => `0x${randomBytes(32).toString('hex')}`);
    await ctx.database.db.insert(transactions).values(
      hashes.map((hash, i) => ({
        ...template,
        id: undefined,
        hash,
        nonce: 1000 + i,
        includeAt: new Date(now - 10_000 - i),
        nextConfirmationAt: new Date(now - 10_000 - i),
        status: 'pending' as const,
        confirmations: 0,
      })),
    );
    const clock = createChainClock({ db: ctx.database.db, events: ctx.app.ledger.events, timeScale: 1, batchSize: 1_100 });
    const received: UserEvent[] = [];
    const unsubscribe = ctx.app.ledger.events.subscribe((event) => {
      if (event.userId === user.id) received.push(event);
    });
    const result = await clock.tick(now);
    unsubscribe();
    expect(result.included).toBeGreaterThanOrEqual(count);
    // Hundreds of one user's rows in each batch: one transactions_changed per batch instead of a view per row, and
    // still every status one by one.
    const changed = received.filter((event) => event.event === 'transactions_changed').map((event) => (event.payload as { count: number }).count);
    expect(changed.length).toBe(Math.ceil(result.advanced / 1_100));
    for (const batchCount of changed) expect(batchCount).toBeGreaterThan(TRANSACTION_UPDATES_PER_USER_PER_BATCH);
    expect(changed.reduce((sum, batchCount) => sum + batchCount, 0)).toBe(result.advanced);
    expect(received.filter((event) => event.event === 'transaction_update')).toHaveLength(0);
    const confirmedHashes = new Set(
      received.filter((event) => event.event === 'transaction_status').map((event) => (event.payload as { hash: string }).hash),
    );
    for (const hash of hashes) expect(confirmedHashes.has(hash)).toBe(true);
    const pending = await ctx.database.db.select({ id: transactions.id }).from(transactions).where(eq(transactions.status, 'pending'));
    expect(pending.filter((row) => row.id !== template.id)).toHaveLength(0);
    // Every chain row in a block is counted in it, once: the burst's batches as the steady ones.
    const [counted] = await queryRows<{ in_blocks: string; included: string }>(sql`
      select (select coalesce(sum(transaction_count), 0) from blocks)::text as in_blocks,
        (select count(*) from transactions where type <> 'receive' and block_number is not null)::text as included`);
    expect(Number(counted!.in_blocks)).toBe(Number(counted!.included));
    // The fabricated rows moved no money: remove them, and the blocks counted from what remains, and the ledger holds again.
    await ctx.database.db.delete(transactions).where(inArray(transactions.hash, hashes));
    await ctx.database.db.execute(sql`delete from blocks`);
    await ctx.database.db.execute(sql`
      insert into blocks (network, number, produced_at, transaction_count, total_fees)
      select network, block_number, now(), count(*), sum(fee) from transactions
      where type <> 'receive' and block_number is not null group by network, block_number`);
    await expectLedgerBalanced(ctx.database.db);
  });
});

// The simulated chain clock (Solana Devnet's under `npm start`, every network's with CHAIN=simulated), on Sepolia rows.
describe('chain clock with a time scale [pglite]', () => {
  const ctx = useTestApp('pglite', { chain: 'simulated', config: { chain: { timeScale: 60, tickIntervalMs: 20 } } });

  it('shrinks the pending wait and the confirmation interval by the scale', async () => {
    const user = await signUp(ctx.app);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const response = await postSend(ctx.app, user, { walletId: wallet.id, to: externalAddress('eth_sepolia'), amount: '1', speed: 'slow' });
    const [row] = await ctx.database.db.select().from(transactions).where(eq(transactions.hash, response.json().transaction.hash));
    const waitMs = row!.includeAt.getTime() - row!.createdAt.getTime();
    expect(waitMs).toBeGreaterThanOrEqual(30_000 / 60);
    expect(waitMs).toBeLessThanOrEqual(60_000 / 60);
    const includeAtMs = row!.includeAt.getTime();
    const scaledIntervalMs = CONFIRMATION_INTERVAL_MS.slow / 60;
    await ctx.app.ledger.clock.tick(includeAtMs + Math.ceil(scaledIntervalMs));
    const [after] = await ctx.database.db.select().from(transactions).where(eq(transactions.id, row!.id));
    expect(after?.confirmations).toBe(2);
    expect(after?.nextConfirmationAt?.getTime()).toBe(includeAtMs + Math.ceil(2 * scaledIntervalMs));
    await expectLedgerBalanced(ctx.database.db);
  });
});

// The simulated chain clock (Solana Devnet's under `npm start`, every network's with CHAIN=simulated), on Sepolia rows.
describeEachDatabase('chain clock blocks', (kind) => {
  const ctx = useTestApp(kind, { chain: 'simulated' });

  it('counts every inclusion in its block exactly once, even when two clocks tick at the same moment', async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const hashes: string[] = [];
    for (const network of ['eth_sepolia', 'polygon_amoy', 'solana_devnet'] as const) {
      const from = await walletOn(ctx.app, alice, network);
      const to = await walletOn(ctx.app, bob, network);
      for (let i = 0; i < 4; i += 1) {
        // Half to Bob (a send and a receive row: the block counts the send only), half outside.
        const response = await postSend(ctx.app, alice, { walletId: from.id, to: i % 2 ? to.address : externalAddress(network), amount: '0.001', speed: 'fast' });
        expect(response.statusCode).toBe(201);
        hashes.push(response.json().transaction.hash);
      }
    }
    const events = { publish: () => {}, publishOutbox: () => {} } as unknown as Parameters<typeof createChainClock>[0]['events'];
    const published: string[] = [];
    const counting = { ...events, publishOutbox: (outbox: { publicEvents: { event: string }[] }) => published.push(...outbox.publicEvents.map((item) => item.event)) } as typeof events;
    const clocks = [
      createChainClock({ db: ctx.database.db, events: counting, timeScale: 1, batchSize: 3 }),
      createChainClock({ db: ctx.database.db, events: counting, timeScale: 1, batchSize: 5 }),
    ];
    const later = Date.now() + 10 * 60_000;
    await Promise.all(clocks.map((clock) => clock.tick(later)));

    const rows = await ctx.database.db.select().from(transactions).where(inArray(transactions.hash, hashes));
    const chainRows = rows.filter((row) => row.type !== 'receive');
    expect(chainRows).toHaveLength(12);
    const expected = new Map<string, { count: number; fees: bigint }>();
    for (const row of chainRows) {
      expect(row.blockNumber).not.toBeNull();
      const key = `${row.network}/${row.blockNumber}`;
      const entry = expected.get(key) ?? { count: 0, fees: 0n };
      expected.set(key, { count: entry.count + 1, fees: entry.fees + row.fee });
    }
    const stored = await ctx.database.db.select().from(blocks);
    expect(new Map(stored.map((block) => [`${block.network}/${block.number}`, { count: block.transactionCount, fees: block.totalFees }]))).toEqual(expected);
    for (const block of stored) expect(block.producedAt.getTime()).toBe(blockTimeOf(block.network as 'eth_sepolia', block.number).getTime());
    // One public inclusion event per chain row, whichever clock included it.
    expect(published.filter((event) => event === 'explorer_transaction')).toHaveLength(12);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('announces at most PUBLIC_INCLUSIONS_PER_BATCH inclusions of a burst one by one, and every block it grew', async () => {
    const carol = await signUp(ctx.app);
    const wallet = await walletOn(ctx.app, carol, 'solana_devnet');
    const due = new Date(Date.now() - 1_000);
    // A burst: 120 pending transfers due at the same moment (written directly: their ledger side is not the point).
    await ctx.database.db.execute(sql`
      insert into transactions (hash, network, asset, type, wallet_id, user_id, from_address, to_address, amount, fee, gas_used,
        effective_gas_price, nonce, speed, status, confirmations, created_at, include_at, next_confirmation_at)
      select 'burst' || md5(random()::text || g), 'solana_devnet', 'SOL', 'send', ${wallet.id}::uuid, ${carol.id}, ${wallet.address},
        ${wallet.address}, 1, 5000, 1, 5000, g, 'fast', 'pending', 0, ${due.toISOString()}::timestamptz - make_interval(secs => g),
        ${due.toISOString()}::timestamptz, ${due.toISOString()}::timestamptz
      from generate_series(1, 120) g`);
    const published: { event: string; payload: unknown }[] = [];
    const events = {
      publishOutbox: (outbox: { publicEvents: { event: string; payload: unknown }[] }) => published.push(...outbox.publicEvents),
    } as unknown as Parameters<typeof createChainClock>[0]['events'];
    const result = await createChainClock({ db: ctx.database.db, events, timeScale: 1 }).tick(Date.now());
    expect(result.included).toBe(120);
    const announced = published.filter((item) => item.event === 'explorer_transaction');
    expect(announced).toHaveLength(PUBLIC_INCLUSIONS_PER_BATCH);
    const number = blockNumberAt('solana_devnet', due.getTime());
    expect(published.filter((item) => item.event === 'explorer_block')).toEqual([
      { event: 'explorer_block', payload: { block: expect.objectContaining({ network: 'solana_devnet', number, transactionCount: 120, totalFeesUnits: '600000' }) } },
    ]);
  });
});
