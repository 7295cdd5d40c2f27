/**
 * How long migration 0003 (assets: wallet_balances, the asset of every mint and transaction, the USDC grant of
 * existing wallets) takes on a database that already holds 1,000,000 transactions (PostgreSQL).
 *
 * A fresh database is built at the schema before 0003 (migrations 0000–0002, read from
 * server/src/db/migrations), then seeded as bench/api-at-scale.ts seeds: 1,000 users with a wallet on each
 * of the three networks, their opening mints, and 1,000,000 transactions spread over the wallets (so two thirds
 * are on Polygon or Solana, the rows 0003 rewrites), secondary indexes rebuilt, VACUUM ANALYZE. Then 0003 is
 * applied as the server's migrator applies it: its statements in order, in one transaction. The figure is the
 * wall time from BEGIN to COMMIT; each statement's time goes to stderr (and the slowest one into the note).
 *
 *   npx tsx bench/migration-time.ts            (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local default)
 *   npx tsx bench/migration-time.ts --rows=100000
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { withClient, withFreshDatabase } from './lib/postgres.ts';
import { progress, report } from './lib/report.ts';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server/src/db/migrations');
/** The migration measured, and the ones before it (the schema the seed is written for). */
const MEASURED_TAG = '0003_assets';

export interface MigrationBenchOptions {
  transactions: number;
  users: number;
}

interface JournalEntry {
  idx: number;
  tag: string;
}

/** A statement as one line without its comments, for the log. */
const shortText = (statement: string, chars: number) =>
  statement
    .replace(/--[^\n]*\n?/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, chars);

/** A migration's statements, split as drizzle splits them (at `--> statement-breakpoint`). */
export function statementsOf(tag: string): string[] {
  const text = fs.readFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => statement.replace(/--[^\n]*\n?/g, '').trim() !== '');
}

function migrationsBefore(tag: string): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  const measured = journal.entries.find((entry) => entry.tag === tag);
  if (!measured) throw new Error(`migration ${tag} is not in the journal`);
  return journal.entries.filter((entry) => entry.idx < measured.idx).map((entry) => entry.tag);
}

const seconds = (startedAt: number) => (performance.now() - startedAt) / 1000;

async function timedStep(client: pg.Client, label: string, text: string, values: unknown[] = []): Promise<void> {
  const startedAt = performance.now();
  await (values.length ? client.query(text, values) : client.query(text));
  progress(`migration seed: ${label} in ${seconds(startedAt).toFixed(1)} s`);
}

/** The pre-0003 schema with `options.transactions` transactions in it. */
export async function seedBefore(databaseUrl: string, options: MigrationBenchOptions): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    for (const tag of migrationsBefore(MEASURED_TAG)) {
      for (const statement of statementsOf(tag)) await client.query(statement);
      progress(`migration seed: applied ${tag}`);
    }
    await timedStep(
      client,
      `${options.users} users with a wallet on each network and their opening mints`,
      `with u as (
         insert into users (id, name, email)
         select 'mig-' || g, 'Migration ' || g, 'mig-' || g || '@example.com' from generate_series(1, $1::int) g
         returning id),
       w as (
         insert into wallets (user_id, network, address, public_key, encrypted_private_key, balance)
         select u.id, n.network,
           case when n.network = 'solana_devnet' then 'So' || md5(n.network || u.id) else '0x' || md5(n.network || u.id) || substr(md5('v' || n.network || u.id), 1, 8) end,
           '-', '-', case when n.network = 'solana_devnet' then 100000000000 else 100000000000000000000 end
         from u cross join (values ('eth_sepolia'), ('polygon_amoy'), ('solana_devnet')) as n(network)
         returning id, network, balance)
       insert into mints (wallet_id, network, amount) select id, network, balance from w`,
      [options.users],
    );
    const { rows: secondary } = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes
       where schemaname = current_schema() and tablename = 'transactions' and indexname not in ('transactions_pkey', 'transactions_due_idx')`,
    );
    await timedStep(client, `drop ${secondary.length} secondary indexes`, secondary.map((index) => `drop index "${index.indexname}";`).join('\n'));
    // Two halves on two connections, as bench/api-at-scale.ts does: generating rows is CPU-bound.
    const startedAt = performance.now();
    const half = Math.ceil(options.transactions / 2);
    await Promise.all(
      [
        [1, half],
        [half + 1, options.transactions],
      ].map(([first, last]) =>
        withClient(databaseUrl, (part) =>
          part.query(
            `with w as (select id, user_id, network, address, row_number() over (order by user_id, network) - 1 as k from wallets)
             insert into transactions (hash, network, type, wallet_id, user_id, from_address, to_address, amount, fee, gas_used,
               effective_gas_price, nonce, speed, status, confirmations, block_number, created_at, include_at, next_confirmation_at)
             select '0x' || md5('o' || i) || md5('p' || i), w.network, case when i % 3 = 0 then 'receive' else 'send' end, w.id, w.user_id,
               case when i % 3 = 0 then '0x' || md5('x' || i) || substr(md5('y' || i), 1, 8) else w.address end,
               case when i % 3 = 0 then w.address else '0x' || md5('x' || i) || substr(md5('y' || i), 1, 8) end,
               (1 + (i::bigint * 7919) % 1000000)::numeric * 1000, case when i % 3 = 0 then 0 else 21000000000000 end, 21000, 1000000000,
               i, 'normal', 'confirmed', 12, 5000000 + i,
               now() - (i::double precision / $1 * interval '365 days'), now() - (i::double precision / $1 * interval '365 days') + interval '10 seconds', null
             from generate_series($2::int, $3::int) i join w on w.k = i % $4`,
            [options.transactions, first, last, options.users * 3],
          ),
        ),
      ),
    );
    progress(`migration seed: ${options.transactions} transactions in ${seconds(startedAt).toFixed(1)} s`);
    await client.query(`set maintenance_work_mem = '256MB'`);
    await timedStep(client, `rebuild ${secondary.length} secondary indexes`, secondary.map((index) => `${index.indexdef};`).join('\n'));
    await timedStep(client, 'vacuum analyze', 'vacuum analyze users, wallets, mints, transactions');
  });
}

export interface MigrationTiming {
  totalS: number;
  statements: { text: string; seconds: number }[];
}

/** Applies the measured migration as drizzle's migrator does: every statement in order, in one transaction. */
async function applyMeasured(databaseUrl: string): Promise<MigrationTiming> {
  return withClient(databaseUrl, async (client) => {
    const statements: MigrationTiming['statements'] = [];
    const startedAt = performance.now();
    await client.query('begin');
    try {
      for (const text of statementsOf(MEASURED_TAG)) {
        const statementStartedAt = performance.now();
        await client.query(text);
        statements.push({ text, seconds: seconds(statementStartedAt) });
      }
      const commitStartedAt = performance.now();
      await client.query('commit');
      statements.push({ text: 'COMMIT', seconds: seconds(commitStartedAt) });
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
    return { totalS: seconds(startedAt), statements };
  });
}

/** Checks the end state: every wallet has its native and USDC rows, every transaction an asset. */
async function checkAfter(databaseUrl: string, options: MigrationBenchOptions): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ balances: string; usdc_mints: string; without_asset: string; sol_rows: string }>(
      `select (select count(*) from wallet_balances) as balances,
              (select count(*) from mints where asset = 'USDC' and source = 'migration') as usdc_mints,
              (select count(*) from transactions where asset is null) as without_asset,
              (select count(*) from transactions where network = 'solana_devnet' and asset <> 'SOL') as sol_rows`,
    );
    const row = rows[0]!;
    const wallets = options.users * 3;
    if (Number(row.balances) !== 2 * wallets || Number(row.usdc_mints) !== wallets || Number(row.without_asset) !== 0 || Number(row.sol_rows) !== 0) {
      throw new Error(`unexpected state after ${MEASURED_TAG}: ${JSON.stringify(row)}`);
    }
  });
}

export async function benchMigrationTime(pgServerUrl: string, options: MigrationBenchOptions): Promise<MigrationTiming> {
  return withFreshDatabase(pgServerUrl, async (databaseUrl) => {
    const seedStartedAt = performance.now();
    await seedBefore(databaseUrl, options);
    progress(`migration seed: ${options.transactions} transactions at the schema before ${MEASURED_TAG} in ${seconds(seedStartedAt).toFixed(1)} s`);
    const timing = await applyMeasured(databaseUrl);
    for (const statement of timing.statements) {
      progress(`migration ${MEASURED_TAG}: ${statement.seconds.toFixed(3)} s  ${shortText(statement.text, 110)}`);
    }
    await checkAfter(databaseUrl, options);
    const slowest = [...timing.statements].sort((a, b) => b.seconds - a.seconds)[0]!;
    const scale = options.transactions.toLocaleString('en');
    report(
      `migration_0003_s_${options.transactions >= 1_000_000 ? `${options.transactions / 1_000_000}m` : options.transactions}`,
      timing.totalS,
      's',
      `${MEASURED_TAG} in one transaction on ${scale} transactions, ${(options.users * 3).toLocaleString('en')} wallets; slowest statement ${slowest.seconds.toFixed(1)} s: ${shortText(slowest.text, 80)}`,
    );
    return timing;
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { resolvePostgresServer } = await import('./lib/postgres.ts');
  const { keepStdoutForFigures } = await import('./lib/report.ts');
  const { installSignalCleanup, runAllCleanups } = await import('./lib/cleanup.ts');
  keepStdoutForFigures();
  installSignalCleanup();
  const rowsArg = process.argv.find((arg) => arg.startsWith('--rows='));
  const transactions = rowsArg ? Number(rowsArg.slice('--rows='.length)) : 1_000_000;
  try {
    const serverUrl = await resolvePostgresServer();
    if (!serverUrl) throw new Error('no PostgreSQL server (BENCH_DATABASE_URL / TEST_DATABASE_URL / postgres://postgres@127.0.0.1:5432/postgres)');
    await benchMigrationTime(serverUrl, { transactions, users: 1000 });
  } finally {
    await runAllCleanups();
  }
  process.exit();
}
