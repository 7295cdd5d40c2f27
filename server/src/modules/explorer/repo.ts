import type { NetworkId, TimelineReplacement } from '@fincrypt/domain';
import { and, asc, count, desc, eq, gte, inArray, ne, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { newestFirst } from '../../db/newest-first.ts';
import { blocks, simulatedParticipants, transactionReplacements, transactions, walletBalances, wallets } from '../../db/schema.ts';
import type { TransactionRow } from '../../payments/views.ts';
import type { Keyset } from '../../lib/page-cursor.ts';

// Read queries only, over chain rows: sends and mints (a receive mirrors its send). Each one is served by an index of
// migration 0006 (the partial `type <> 'receive'` indexes, blocks' primary key), newest first as those indexes store it.

const isChainRow = ne(transactions.type, 'receive');

const olderThan = (before: Keyset | undefined): SQL | undefined =>
  before
    ? sql`(${transactions.createdAt}, ${transactions.id}) < (${before.createdAt.toISOString()}::timestamptz, ${before.id}::uuid)`
    : undefined;

const byNewest = (a: TransactionRow, b: TransactionRow) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** A transfer's send row, or a faucet's mint row. */
export async function findChainTransaction(db: Db, hash: string): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.hash, hash), inArray(transactions.type, ['send', 'mint'])))
    .limit(1);
  return row;
}

/** The hash that replaced this one by a speed-up (always the newest replacement), if any. */
export async function findReplacement(db: Db, oldHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ newHash: transactionReplacements.newHash })
    .from(transactionReplacements)
    .where(eq(transactionReplacements.oldHash, oldHash));
  return row?.newHash;
}

/** The transactions this one replaced, oldest first: each hash, the speed it had, and when it was replaced. */
export async function replacementsOf(db: Db, hash: string): Promise<TimelineReplacement[]> {
  return db
    .select({ hash: transactionReplacements.oldHash, speed: transactionReplacements.oldSpeed, at: transactionReplacements.replacedAt })
    .from(transactionReplacements)
    .where(eq(transactionReplacements.newHash, hash))
    .orderBy(asc(transactionReplacements.replacedAt), asc(transactionReplacements.oldHash));
}

/** The newest chain rows of each network (one index scan each), merged. */
export async function listLatest(db: Db, networks: readonly NetworkId[], limit: number): Promise<TransactionRow[]> {
  const perNetwork = await Promise.all(
    networks.map((network) =>
      db
        .select()
        .from(transactions)
        .where(and(isChainRow, eq(transactions.network, network)))
        .orderBy(...newestFirst(transactions.createdAt, transactions.id))
        .limit(limit),
    ),
  );
  return perNetwork.flat().sort(byNewest).slice(0, limit);
}

/**
 * An address's chain rows, newest first: what it sent and what it received, each side read through its own index
 * (a self-transfer appears once). Returns up to `limit` rows.
 */
export async function listAddressTransactions(
  db: Db,
  address: string,
  networks: readonly NetworkId[],
  before: Keyset | undefined,
  limit: number,
): Promise<TransactionRow[]> {
  const side = (column: typeof transactions.fromAddress | typeof transactions.toAddress) =>
    db
      .select()
      .from(transactions)
      .where(and(isChainRow, eq(column, address), inArray(transactions.network, [...networks]), olderThan(before)))
      .orderBy(...newestFirst(transactions.createdAt, transactions.id))
      .limit(limit);
  const [sent, received] = await Promise.all([side(transactions.fromAddress), side(transactions.toAddress)]);
  const unique = new Map<string, TransactionRow>();
  for (const row of [...sent, ...received]) unique.set(row.id, row);
  return [...unique.values()].sort(byNewest).slice(0, limit);
}

/**
 * How many chain rows an address sent or received, per network, counting at most `max + 1` rows of each side (in
 * index order, like a page): `isCapped` when a side had more, and the counts are then lower bounds. A busy address's
 * exact count would read every one of its rows from the table.
 */
export async function countAddressTransactions(
  db: Db,
  address: string,
  networks: readonly NetworkId[],
  max: number,
): Promise<{ counts: Map<string, number>; isCapped: boolean }> {
  const side = (condition: SQL | undefined) =>
    db
      .select({ network: transactions.network })
      .from(transactions)
      .where(and(isChainRow, condition, inArray(transactions.network, [...networks])))
      .orderBy(...newestFirst(transactions.createdAt, transactions.id))
      .limit(max + 1);
  const [sent, received] = await Promise.all([
    side(eq(transactions.fromAddress, address)),
    // A transfer to itself is counted once, as sent.
    side(and(eq(transactions.toAddress, address), ne(transactions.fromAddress, address))),
  ]);
  const counts = new Map<string, number>();
  for (const row of [...sent, ...received]) counts.set(row.network, (counts.get(row.network) ?? 0) + 1);
  return { counts, isCapped: sent.length > max || received.length > max };
}

/** The wallets (of any user, connected or not) at this address, and what each holds. */
export async function findAddressBalances(db: Db, address: string, networks: readonly NetworkId[]) {
  const rows = await db
    .select({ walletId: wallets.id, network: wallets.network, asset: walletBalances.asset, balance: walletBalances.balance })
    .from(wallets)
    .leftJoin(walletBalances, eq(walletBalances.walletId, wallets.id))
    .where(and(eq(wallets.address, address), inArray(wallets.network, [...networks])));
  const byNetwork = new Map<string, Record<string, bigint>>();
  for (const row of rows) {
    const balances = byNetwork.get(row.network) ?? {};
    if (row.asset !== null && row.balance !== null) balances[row.asset] = (balances[row.asset] ?? 0n) + row.balance;
    byNetwork.set(row.network, balances);
  }
  return byNetwork;
}

/** A block's chain rows, newest first. */
export async function listBlockTransactions(db: Db, network: NetworkId, number: number, before: Keyset | undefined, limit: number) {
  return db
    .select()
    .from(transactions)
    // By the block the inclusion time falls in (migration 0008's index), of them the rows included so far.
    .where(
      and(
        isChainRow,
        eq(transactions.network, network),
        sql`block_number_at(${transactions.network}, ${transactions.includeAt}) = ${number}`,
        eq(transactions.blockNumber, number),
        olderThan(before),
      ),
    )
    .orderBy(...newestFirst(transactions.createdAt, transactions.id))
    .limit(limit);
}

export async function findBlock(db: Db, network: NetworkId, number: number) {
  const [row] = await db
    .select()
    .from(blocks)
    .where(and(eq(blocks.network, network), eq(blocks.number, number)));
  return row;
}

/** Each network's newest blocks that included something (blocks' primary key, read backwards). */
export async function listLatestBlocks(db: Db, networks: readonly NetworkId[], limit: number) {
  const perNetwork = await Promise.all(
    networks.map((network) => db.select().from(blocks).where(eq(blocks.network, network)).orderBy(desc(blocks.number)).limit(limit)),
  );
  return perNetwork.flat().sort((a, b) => b.producedAt.getTime() - a.producedAt.getTime() || b.number - a.number);
}

/** A network's chain rows sent since `since` (and of them the transfers and their fees), and its pending count. */
export async function networkFigures(db: Db, network: NetworkId, since: Date) {
  const [[window], [pending]] = await Promise.all([
    db
      .select({
        total: count(),
        transfers: sql<string>`count(*) filter (where ${transactions.type} = 'send')`,
        transferFees: sql<string | null>`sum(${transactions.fee}) filter (where ${transactions.type} = 'send')`,
      })
      .from(transactions)
      .where(and(isChainRow, eq(transactions.network, network), gte(transactions.createdAt, since))),
    db
      .select({ total: count() })
      .from(transactions)
      .where(and(isChainRow, not(transactions.isSettled), eq(transactions.status, 'pending'), eq(transactions.network, network))),
  ]);
  return {
    total: Number(window?.total ?? 0),
    transfers: BigInt(window?.transfers ?? 0),
    transferFees: BigInt(window?.transferFees ?? 0),
    pending: Number(pending?.total ?? 0),
  };
}

/** Every simulated participant's wallet address and public label (the demo network's roster is small; capped). */
export async function listLabels(db: Db, max: number) {
  return db
    .select({ network: wallets.network, address: wallets.address, label: simulatedParticipants.label })
    .from(simulatedParticipants)
    .innerJoin(wallets, eq(wallets.userId, simulatedParticipants.userId))
    .orderBy(asc(simulatedParticipants.label), asc(wallets.network), asc(wallets.address))
    .limit(max);
}

/** The public label of the simulated participant at this address; null for everyone else. */
export async function findLabel(db: Db, address: string, networks: readonly NetworkId[]): Promise<string | null> {
  const [row] = await db
    .select({ label: simulatedParticipants.label })
    .from(wallets)
    .innerJoin(simulatedParticipants, eq(simulatedParticipants.userId, wallets.userId))
    .where(and(eq(wallets.address, address), inArray(wallets.network, [...networks])))
    .limit(1);
  return row?.label ?? null;
}
