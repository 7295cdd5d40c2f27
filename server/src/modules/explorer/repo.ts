import type { NetworkId, TimelineReplacement } from '@fincrypt/domain';
import { and, asc, between, count, desc, eq, gte, inArray, isNotNull, ne, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { newestFirst } from '../../db/newest-first.ts';
import { blocks, chainAccounts, simulatedParticipants, transactionReplacements, transactions, walletBalances, wallets } from '../../db/schema.ts';
import type { BlockRow, TransactionRow } from '../../payments/views.ts';
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

/** What `transaction_replacements` keeps of a hash a speed-up replaced: the hash it points to now (the newest), the speed it had, when. */
export async function findReplacementRecord(db: Db, oldHash: string) {
  const [row] = await db.select().from(transactionReplacements).where(eq(transactionReplacements.oldHash, oldHash));
  return row;
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

/**
 * How far around a block's time its rows are looked for first (listRealBlockTransactions): a send is written just
 * before it goes to the node and a node includes it within a few blocks; a row from outside is written when the
 * indexer reads the block, seconds later. A block whose rows are not all in the window is read without it.
 */
export const BLOCK_ROWS_WINDOW = { beforeMs: 5 * 60_000, afterMs: 2 * 60_000 } as const;

const isOlderThan = (row: TransactionRow, before: Keyset | undefined) =>
  before === undefined || byNewest(row, { ...row, createdAt: before.createdAt, id: before.id }) > 0;

/**
 * A real chain's block's chain rows, newest first, found by their real `block_number`. No index holds block_number
 * (the writes that set it stay HOT, migration 0008), so the rows are first looked for in a window of time around the
 * block (the network's index by time: the few rows of a few minutes). The block counts every transaction it holds:
 * when the window holds that many of ours it holds them all, and the page is cut from them; otherwise (someone else's
 * transaction in the block, or a row written long before or after) they are read by network and number alone, which
 * reads the network's rows.
 */
export async function listRealBlockTransactions(
  db: Db,
  block: Pick<BlockRow, 'network' | 'number' | 'producedAt' | 'transactionCount'>,
  before: Keyset | undefined,
  limit: number,
): Promise<TransactionRow[]> {
  if (block.transactionCount === 0) return [];
  const atBlock = and(isChainRow, eq(transactions.network, block.network), eq(transactions.blockNumber, block.number));
  const produced = block.producedAt.getTime();
  const windowed = await db
    .select()
    .from(transactions)
    .where(
      and(
        atBlock,
        between(transactions.createdAt, new Date(produced - BLOCK_ROWS_WINDOW.beforeMs), new Date(produced + BLOCK_ROWS_WINDOW.afterMs)),
      ),
    );
  if (windowed.length >= block.transactionCount) {
    return windowed
      .filter((row) => isOlderThan(row, before))
      .sort(byNewest)
      .slice(0, limit);
  }
  return db
    .select()
    .from(transactions)
    .where(and(atBlock, olderThan(before)))
    .orderBy(...newestFirst(transactions.createdAt, transactions.id))
    .limit(limit);
}

/**
 * The network's newest block when it runs on a real chain now, else undefined. A real chain's blocks have a hash (the
 * indexer's); a simulated chain's have none. The newest block by number says which, except on an install whose
 * simulated history (block numbers from its clock, far above a node's) came before its node: there, once the
 * database has met a node of the network (`chain_accounts`), the newest hashed block decides when it was produced
 * after the newest simulated one.
 */
export async function findRealChainHead(db: Db, network: NetworkId): Promise<BlockRow | undefined> {
  const [[top], [met]] = await Promise.all([
    db.select().from(blocks).where(eq(blocks.network, network)).orderBy(desc(blocks.number)).limit(1),
    db.select({ network: chainAccounts.network }).from(chainAccounts).where(eq(chainAccounts.network, network)).limit(1),
  ]);
  if (top === undefined || top.hash !== null) return top;
  if (met === undefined) return undefined;
  const [hashed] = await db
    .select()
    .from(blocks)
    .where(and(eq(blocks.network, network), isNotNull(blocks.hash)))
    .orderBy(desc(blocks.number))
    .limit(1);
  return hashed !== undefined && hashed.producedAt > top.producedAt ? hashed : undefined;
}

/** A real chain's newest blocks up to `head`, every one (empty ones too), newest first; its genesis (0) is left out. */
export async function listRealChainBlocks(db: Db, network: NetworkId, head: number, limit: number): Promise<BlockRow[]> {
  return db
    .select()
    .from(blocks)
    .where(and(eq(blocks.network, network), between(blocks.number, 1, head)))
    .orderBy(desc(blocks.number))
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
