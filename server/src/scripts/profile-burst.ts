/**
 * Where a confirmation burst's time goes: `npx tsx server/src/scripts/profile-burst.ts [--rounds=3]`.
 *
 * In this process, on a fresh PostgreSQL database: 100,000 pending transactions (as confirm_burst_ms_100k seeds
 * them: one sender, due at the same instant), then one chain-clock tick that confirms them all, timed. Each round
 * seeds anew. For the Node side: `node --cpu-prof --cpu-prof-dir=DIR --import tsx server/src/scripts/profile-burst.ts`.
 * The benchmark's figure comes from a server process; this isolates the tick from the server around it.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createEmptyPostgresDatabase } from '@fincrypt/test-support';
import { openDatabase } from '../db/database.ts';
import { createEventBus } from '../lib/event-bus.ts';
import { createChainClock } from '../payments/clock.ts';

/** As bench/confirm-lag.ts seeds its burst. */
const BURST_ROWS = 100_000;

const argument = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const rounds = Number(argument('rounds', '3'));

/** The burst's rows, written without triggers or foreign keys (no user or wallet rows are needed for the clock). */
async function seed(client: pg.Client, dueAt: Date): Promise<void> {
  await client.query('truncate transactions, blocks cascade');
  await client.query('set session_replication_role = replica');
  await client.query(
    `insert into transactions (hash, network, asset, type, wallet_id, user_id, from_address, to_address, amount, fee, gas_used,
       effective_gas_price, nonce, speed, status, confirmations, created_at, include_at, next_confirmation_at)
     select '0x' || md5($1::text || i) || md5($1::text || (i + 1)), 'eth_sepolia', 'ETH', 'send', $2::uuid, $3::text,
       '0x0000000000000000000000000000000000000001', '0x0000000000000000000000000000000000000002', 1, 0, 21000, 0, i, 'fast',
       'pending', 0, $4::timestamptz - interval '20 seconds', $4::timestamptz, $4::timestamptz
     from generate_series(1, $5::int) i`,
    [randomUUID(), randomUUID(), randomUUID(), dueAt.toISOString(), BURST_ROWS],
  );
  await client.query('set session_replication_role = origin');
  await client.query('vacuum analyze transactions');
}

const fresh = await createEmptyPostgresDatabase(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
try {
  const { url } = fresh;
  const database = await openDatabase({ kind: 'postgres', url });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const events = createEventBus();
    const clock = createChainClock({ db: database.db, events, timeScale: 1 });
    for (let round = 1; round <= rounds; round += 1) {
      const dueAt = new Date(Date.now() - 1_000);
      await seed(client, dueAt);
      const startedAt = performance.now();
      const result = await clock.tick();
      const tookMs = performance.now() - startedAt;
      process.stdout.write(`round ${round}: ${result.included} included, ${result.advanced} advanced in ${tookMs.toFixed(0)} ms\n`);
    }
  } finally {
    await client.end();
    await database.close();
  }
} finally {
  await fresh.drop();
}
