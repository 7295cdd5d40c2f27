import { listAssets, NETWORKS, type NetworkId } from '@fincrypt/domain';
import { base64 } from '@scure/base';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { SolanaChain } from '../chain/chains.ts';
import { genesisRuntime, runtimeFromBytes, type SolanaRuntime } from '../chain/solana-runtime.ts';
import type { Db } from '../db/database.ts';
import { solanaRuntime, transactions, walletBalances, wallets } from '../db/schema.ts';
import type { EventBus } from '../lib/event-bus.ts';
import { createChainClock } from './clock.ts';

/**
 * The Solana runtime's state in the database (issue 50, decision 052): the blockhash every process signs with, and the
 * snapshot a leader restores the runtime from before it executes anything. The leader writes it (solana-executor.ts).
 */

/** The treasury's float at genesis: it pays grants' fees and their token accounts' rent. */
export const TREASURY_GENESIS_LAMPORTS = 1_000_000_000n * 1_000_000_000n;

/** The tokens of `network` as SPL mints at their registry addresses. */
const mintsOf = (network: NetworkId) =>
  listAssets(network).flatMap((asset) => (asset.kind === 'token' && asset.address ? [{ address: asset.address, decimals: asset.decimals }] : []));

/**
 * The blockhash to sign a Solana transaction with, read `for share` in the caller's database transaction: the leader
 * rotates it `for update`, so it waits for this transaction to commit, and executes what it wrote before the old
 * blockhash expires. Take it before any wallet lock (the rotation books balances while it holds its own).
 */
export async function lockSolanaBlockhash(tx: Db, network: NetworkId): Promise<string> {
  const [row] = await tx.select({ blockhash: solanaRuntime.blockhash }).from(solanaRuntime).where(eq(solanaRuntime.network, network)).for('share');
  if (!row) throw new Error(`the Solana runtime of ${network} has no genesis yet: prepareSolanaRuntime writes it at start`);
  return row.blockhash;
}

/**
 * The runtime's genesis, written once per database (the first process to start wins): the treasury's float, each token
 * as an SPL mint, and, for an install that ran on the simulated chain, the book as it stands (the clock first takes every
 * simulated transaction to its last confirmation), so the runtime holds what the book holds.
 */
export async function prepareSolanaRuntime(db: Db, chain: SolanaChain, events: EventBus): Promise<{ adopted: number }> {
  const [met] = await db.select({ network: solanaRuntime.network }).from(solanaRuntime).where(eq(solanaRuntime.network, chain.network));
  if (met) return { adopted: 0 };
  await createChainClock({ db, events, timeScale: 1, networks: [chain.network] }).tick(Date.now() + 24 * 60 * 60_000);
  const runtime = genesisRuntime({ treasury: chain.treasury.address, treasuryLamports: TREASURY_GENESIS_LAMPORTS, mints: mintsOf(chain.network) });
  const rows = await db
    .select({ address: wallets.address, asset: walletBalances.asset, units: sql<string>`sum(${walletBalances.balance})::text` })
    .from(walletBalances)
    .innerJoin(wallets, eq(wallets.id, walletBalances.walletId))
    .where(eq(wallets.network, chain.network))
    .groupBy(wallets.address, walletBalances.asset);
  const coin = NETWORKS[chain.network].symbol;
  const tokens = new Map(listAssets(chain.network).flatMap((asset) => (asset.address ? [[asset.symbol, asset.address]] : [])));
  for (const owner of new Set(rows.map((row) => row.address))) {
    const own = rows.filter((row) => row.address === owner);
    const lamports = BigInt(own.find((row) => row.asset === coin)?.units ?? '0');
    const held = own.flatMap((row) => (tokens.has(row.asset) ? [{ mint: tokens.get(row.asset)!, units: BigInt(row.units) }] : []));
    await runtime.setBalances(owner, lamports, held);
  }
  await db.insert(solanaRuntime).values(snapshotValues(chain.network, runtime, new Date())).onConflictDoNothing();
  return { adopted: new Set(rows.map((row) => row.address)).size };
}

function snapshotValues(network: NetworkId, runtime: SolanaRuntime, now: Date) {
  return { network, blockhash: runtime.latestBlockhash(), snapshot: base64.encode(runtime.toBytes()), snapshotSlot: runtime.slot(), savedAt: now };
}

/** Publishes the runtime's blockhash and snapshot, in the leader's transaction that executed everything before it. */
export async function saveSolanaSnapshot(tx: Db, network: NetworkId, runtime: SolanaRuntime, now: Date): Promise<void> {
  const { blockhash, snapshot, snapshotSlot, savedAt } = snapshotValues(network, runtime, now);
  await tx.update(solanaRuntime).set({ blockhash, snapshot, snapshotSlot, savedAt }).where(eq(solanaRuntime.network, network));
}

export interface RestoredRuntime {
  runtime: SolanaRuntime;
  /** When the snapshot was saved: the slots since then are counted from it. */
  savedAt: Date;
  replayed: number;
  /** Transactions whose result on replay differs from the one booked (always 0 unless the book was changed by hand). */
  disagreements: string[];
}

/**
 * The runtime as the book last left it: the snapshot, then every transaction booked in a slot after it, executed again
 * in the order the leader executed them (slot, then the book's order). A refused transaction (never in a slot) changed
 * nothing and is not executed again.
 */
export async function restoreSolanaRuntime(db: Db, network: NetworkId): Promise<RestoredRuntime> {
  const [state] = await db.select().from(solanaRuntime).where(eq(solanaRuntime.network, network));
  if (!state) throw new Error(`the Solana runtime of ${network} has no genesis yet`);
  const runtime = runtimeFromBytes(base64.decode(state.snapshot));
  const booked = await db
    .select({ hash: transactions.hash, raw: transactions.rawTransaction, status: transactions.status, blockNumber: transactions.blockNumber })
    .from(transactions)
    .where(and(eq(transactions.network, network), ne(transactions.type, 'receive'), eq(transactions.isOnChain, true), gt(transactions.blockNumber, Number(state.snapshotSlot))))
    .orderBy(asc(transactions.blockNumber), asc(transactions.createdAt), asc(transactions.id));
  const disagreements: string[] = [];
  for (const row of booked) {
    if (row.raw === null || row.blockNumber === null) continue;
    runtime.warpToSlot(BigInt(row.blockNumber));
    const outcome = runtime.execute(row.raw).outcome;
    if ((outcome === 'executed') !== (row.status === 'confirmed')) disagreements.push(`${row.hash}: booked ${row.status}, executed again ${outcome}`);
  }
  return { runtime, savedAt: state.savedAt, replayed: booked.length, disagreements };
}
