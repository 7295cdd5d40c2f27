import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { feeFromReceipt } from '@fincrypt/domain';
import { checkLedger } from '../payments/ledger-check.ts';
import { createEmptyPostgresDatabase, describeEachDatabase } from '../test/test-database.ts';
import { openDatabase, rowsOf, type Database } from './database.ts';
import { createPglite } from './pglite.ts';

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** A copy of the migrations folder that stops before `tag`: the schema as it was before that migration. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-migrations-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const ETH = 10n ** 18n;
const BEFORE_ASSETS = `
  insert into users (id, name, email) values ('u1', 'Earlier', 'earlier@example.com');
  insert into wallets (id, user_id, network, address, public_key, encrypted_private_key, balance) values
    ('00000000-0000-4000-8000-000000000001', 'u1', 'eth_sepolia', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'p', 'k', ${98n * ETH - 21_000n * 30_000_000_000n}),
    ('00000000-0000-4000-8000-000000000002', 'u1', 'solana_devnet', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'p', 'k', ${100n * 10n ** 9n});
  insert into mints (wallet_id, network, amount) values
    ('00000000-0000-4000-8000-000000000001', 'eth_sepolia', ${100n * ETH}),
    ('00000000-0000-4000-8000-000000000002', 'solana_devnet', ${100n * 10n ** 9n});
  insert into transactions (hash, network, type, wallet_id, user_id, from_address, to_address, amount, fee, gas_used,
      effective_gas_price, nonce, speed, status, confirmations, block_number, created_at, include_at)
    values ('0xabc', 'eth_sepolia', 'send', '00000000-0000-4000-8000-000000000001', 'u1',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      ${2n * ETH}, ${21_000n * 30_000_000_000n}, 21000, 30000000000, 0, 'normal', 'confirmed', 12, 7, now(), now());
`;

/** A database at the schema before `tag` holding `earlier` rows, then opened (and so migrated) as the app opens it. */
async function earlierDatabaseMigrated(kind: 'pglite' | 'postgres', tag: string, earlier: string): Promise<{ database: Database; cleanUp: () => Promise<void> }> {
  const before = migrationsBefore(tag);
  if (kind === 'pglite') {
    // In memory: the same client is migrated the rest of the way, as openDatabase would.
    const client = createPglite();
    await migratePglite(drizzlePglite(client), { migrationsFolder: before });
    await client.exec(earlier);
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    const database = { db: drizzlePglite(client) as unknown as Database['db'], close: () => client.close() } as Database;
    return { database, cleanUp: async () => fs.rmSync(before, { recursive: true, force: true }) };
  }
  const empty = await createEmptyPostgresDatabase();
  const pool = new pg.Pool({ connectionString: empty.url });
  await migratePostgres(drizzlePostgres(pool), { migrationsFolder: before });
  await pool.query(earlier);
  await pool.end();
  const database = await openDatabase({ kind: 'postgres', url: empty.url });
  return {
    database,
    cleanUp: async () => {
      await empty.drop();
      fs.rmSync(before, { recursive: true, force: true });
    },
  };
}

describeEachDatabase('migration 0003 (assets) on existing data', (kind) => {
  let cleanUp: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanUp?.();
  });

  it('keeps every balance and transaction, names their coin, and grants each wallet 1,000 USDC once', async () => {
    const migrated = await earlierDatabaseMigrated(kind, '0003_assets', BEFORE_ASSETS);
    const { db } = migrated.database;
    cleanUp = async () => {
      await migrated.database.close();
      await migrated.cleanUp();
    };
    const rows = <T>(query: SQL) => rowsOf<T>(db, query);

    expect(await rows(sql`select wallet_id, asset, balance::text from wallet_balances order by wallet_id, asset`)).toEqual([
      { wallet_id: '00000000-0000-4000-8000-000000000001', asset: 'ETH', balance: String(98n * ETH - 21_000n * 30_000_000_000n) },
      { wallet_id: '00000000-0000-4000-8000-000000000001', asset: 'USDC', balance: '1000000000' },
      { wallet_id: '00000000-0000-4000-8000-000000000002', asset: 'SOL', balance: String(100n * 10n ** 9n) },
      { wallet_id: '00000000-0000-4000-8000-000000000002', asset: 'USDC', balance: '1000000000' },
    ]);
    expect(await rows(sql`select network, asset, source, amount::text from mints order by network, asset`)).toEqual([
      { network: 'eth_sepolia', asset: 'ETH', source: 'opening', amount: String(100n * ETH) },
      { network: 'eth_sepolia', asset: 'USDC', source: 'migration', amount: '1000000000' },
      { network: 'solana_devnet', asset: 'SOL', source: 'opening', amount: String(100n * 10n ** 9n) },
      { network: 'solana_devnet', asset: 'USDC', source: 'migration', amount: '1000000000' },
    ]);
    expect(await rows(sql`select hash, asset, amount::text, status from transactions`)).toEqual([
      { hash: '0xabc', asset: 'ETH', amount: String(2n * ETH), status: 'confirmed' },
    ]);
    // Migration 0006 gives the blocks already included their rows, as the chain clock now writes them.
    expect(await rows(sql`select network, number::int as number, produced_at, transaction_count, total_fees::text as fees from blocks`)).toEqual([
      { network: 'eth_sepolia', number: 7, produced_at: expect.anything(), transaction_count: 1, fees: String(21_000n * 30_000_000_000n) },
    ]);
    const report = await checkLedger(db);
    expect(report.breaches).toEqual([]);
    expect(report.networks.map((totals) => `${totals.network} ${totals.asset}`)).toEqual([
      'eth_sepolia ETH',
      'eth_sepolia USDC',
      'solana_devnet SOL',
      'solana_devnet USDC',
    ]);
  }, 60_000);
});

const MATIC = 10n ** 18n;
const MUMBAI_WALLET = '00000000-0000-4000-8000-000000000003';
const MUMBAI_ADDRESS = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
// A wallet on Mumbai that received 100 MATIC and 1,000 USDC and sent 2 MATIC, included at 10:00:03 on 1 Jan 2024 (block 2).
const BEFORE_AMOY = `
  insert into users (id, name, email) values ('u2', 'Mumbai user', 'mumbai@example.com');
  insert into wallets (id, user_id, network, address, public_key, encrypted_private_key, next_nonce) values
    ('${MUMBAI_WALLET}', 'u2', 'polygon_mumbai', '${MUMBAI_ADDRESS}', 'p', 'k', 1);
  insert into wallet_balances (wallet_id, asset, balance) values
    ('${MUMBAI_WALLET}', 'MATIC', ${98n * MATIC - 21_000n * 100_000_000_000n}), ('${MUMBAI_WALLET}', 'USDC', 1000000000);
  insert into mints (wallet_id, network, asset, amount, source) values
    ('${MUMBAI_WALLET}', 'polygon_mumbai', 'MATIC', ${100n * MATIC}, 'opening'),
    ('${MUMBAI_WALLET}', 'polygon_mumbai', 'USDC', 1000000000, 'opening');
  insert into transactions (hash, network, asset, type, wallet_id, user_id, from_address, to_address, amount, fee, gas_used,
      effective_gas_price, nonce, speed, status, confirmations, block_number, created_at, include_at)
    values ('0xdef', 'polygon_mumbai', 'MATIC', 'send', '${MUMBAI_WALLET}', 'u2', '${MUMBAI_ADDRESS}',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', ${2n * MATIC}, ${21_000n * 100_000_000_000n}, 21000, 100000000000, 0,
      'normal', 'confirmed', 12, 2, '2024-01-01 00:00:02+00', '2024-01-01 00:00:03+00');
  insert into blocks (network, number, produced_at, transaction_count, total_fees) values
    ('polygon_mumbai', 2, '2024-01-01 00:00:02+00', 1, ${21_000n * 100_000_000_000n});
  insert into contacts (user_id, network, address, name) values ('u2', 'polygon_mumbai', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'Ana');
  insert into idempotency_keys (user_id, key, fingerprint, status_code, response) values
    ('u2', 'k1', 'f', 201, '{"network": "polygon_mumbai", "networkLabel": "Polygon Mumbai"}');
`;

describeEachDatabase('migration 0014 (Polygon Amoy) on existing data', (kind) => {
  let cleanUp: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanUp?.();
  });

  it('moves every Mumbai row to Amoy with its address, balances, history and blocks', async () => {
    const migrated = await earlierDatabaseMigrated(kind, '0014_polygon_amoy', BEFORE_AMOY);
    const { db } = migrated.database;
    cleanUp = async () => {
      await migrated.database.close();
      await migrated.cleanUp();
    };
    const rows = <T>(query: SQL) => rowsOf<T>(db, query);

    expect(await rows(sql`select network, address, next_nonce from wallets`)).toEqual([{ network: 'polygon_amoy', address: MUMBAI_ADDRESS, next_nonce: 1 }]);
    for (const table of ['mints', 'transactions', 'blocks', 'contacts']) {
      expect(await rows(sql`select distinct network from ${sql.identifier(table)}`), table).toEqual([{ network: 'polygon_amoy' }]);
    }
    // Amoy keeps Mumbai's 2 s blocks: the row is found in its block by the index's expression.
    expect(await rows(sql`select hash from transactions where network = 'polygon_amoy' and block_number_at(network, include_at) = 2`)).toEqual([{ hash: '0xdef' }]);
    expect(await rows(sql`select response from idempotency_keys`)).toEqual([{ response: { network: 'polygon_amoy', networkLabel: 'Polygon Amoy' } }]);
    const report = await checkLedger(db);
    expect(report.breaches).toEqual([]);
    expect(report.networks.map((totals) => `${totals.network} ${totals.asset}`)).toEqual(['polygon_amoy MATIC', 'polygon_amoy USDC']);
  }, 60_000);
});

const SOL = 10n ** 9n;
const SOLANA_WALLET = '00000000-0000-4000-8000-000000000004';
const SOLANA_ADDRESS = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
// A Solana wallet granted 100 SOL that sent 2 SOL at 1.5 "Gwei" for 21,000 "gas": a fee of 31,500 lamports.
const BEFORE_SOLANA_FEES = `
  insert into users (id, name, email) values ('u3', 'Solana user', 'solana@example.com');
  insert into wallets (id, user_id, network, address, public_key, encrypted_private_key, next_nonce) values
    ('${SOLANA_WALLET}', 'u3', 'solana_devnet', '${SOLANA_ADDRESS}', 'p', 'k', 1);
  insert into wallet_balances (wallet_id, asset, balance) values ('${SOLANA_WALLET}', 'SOL', ${98n * SOL - 31_500n});
  insert into mints (wallet_id, network, asset, amount, source) values ('${SOLANA_WALLET}', 'solana_devnet', 'SOL', ${100n * SOL}, 'opening');
  insert into transactions (hash, network, asset, type, wallet_id, user_id, from_address, to_address, amount, fee, gas_used,
      effective_gas_price, nonce, speed, status, confirmations, block_number, created_at, include_at)
    values ('sig1', 'solana_devnet', 'SOL', 'send', '${SOLANA_WALLET}', 'u3', '${SOLANA_ADDRESS}',
      '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', ${2n * SOL}, 31500, 21000, 1500000000, 0,
      'normal', 'confirmed', 12, 2, '2024-01-01 00:00:02+00', '2024-01-01 00:00:03+00');
  insert into blocks (network, number, produced_at, transaction_count, total_fees) values ('solana_devnet', 2, '2024-01-01 00:00:02+00', 1, 31500);
  insert into payment_quotes (id, user_id, wallet_id, network, asset, to_address, speed, fixed_side, amount, fee, gas_used, gas_price,
      sender_currency, recipient_currency, asset_rate_sender, asset_rate_recipient, asset_rate_usd, fee_rate_sender, fee_rate_usd,
      rate_source, rates_at, sender_amount_minor, sender_fee_minor, recipient_amount_minor, usd_amount_cents, created_at, expires_at)
    values ('00000000-0000-4000-8000-000000000005', 'u3', '${SOLANA_WALLET}', 'solana_devnet', 'SOL',
      '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', 'fast', 'asset', ${SOL}, 42000, 21000, 2000000000, 'USD', 'USD', 1, 1, 1, 1, 1,
      'simulated', now(), 100, 1, 100, 100, now(), now());
`;

describeEachDatabase('migration 0016 (Solana fees) on existing data', (kind) => {
  let cleanUp: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanUp?.();
  });

  it('keeps every Solana fee as charged, now as 5,000 lamports a signature plus a priority fee', async () => {
    const migrated = await earlierDatabaseMigrated(kind, '0016_solana_fees', BEFORE_SOLANA_FEES);
    const { db } = migrated.database;
    cleanUp = async () => {
      await migrated.database.close();
      await migrated.cleanUp();
    };
    const rows = <T>(query: SQL) => rowsOf<T>(db, query);
    // 5,000 + 1,000 units × 26,500,000 micro-lamports = 31,500 lamports, as it was.
    const [send] = await rows<{ fee: string; gas_used: string; effective_gas_price: string }>(
      sql`select fee::text, gas_used::text, effective_gas_price::text from transactions where hash = 'sig1'`,
    );
    expect(send).toEqual({ fee: '31500', gas_used: '1000', effective_gas_price: '26500000' });
    expect(feeFromReceipt(send!.gas_used, send!.effective_gas_price, 'solana_devnet')).toBe(31_500n);
    const [quote] = await rows<{ fee: string; gas_used: string; gas_price: string }>(sql`select fee::text, gas_used::text, gas_price::text from payment_quotes`);
    expect(feeFromReceipt(quote!.gas_used, quote!.gas_price, 'solana_devnet')).toBe(BigInt(quote!.fee));
    expect((await checkLedger(db)).breaches).toEqual([]);
  }, 60_000);
});
