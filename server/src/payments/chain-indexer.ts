import { randomUUID } from 'node:crypto';
import { MAX_CONFIRMATIONS } from '@fincrypt/domain';
import { and, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Address, type Hex, getAddress, parseTransaction } from 'viem';
import { type FollowedBlock, type SeenBlock, TAIL_BLOCKS, followStep } from '../chain/block-follower.ts';
import { transfersIn } from '../chain/block-transfers.ts';
import type { EvmChain } from '../chain/evm-chains.ts';
import type { Db } from '../db/database.ts';
import { blocks, transactions, wallets } from '../db/schema.ts';
import { createOutbox, type EventBus, type Outbox } from '../lib/event-bus.ts';
import { addBalanceEvents, addRowEvents, type StepChanges, updateRow } from './chain-booking.ts';
import { effectOfChange, netted } from './chain-book-effects.ts';
import { moveBalances } from './send-store.ts';
import { networkOf, toExplorerBlockSummary, type TransactionRow, WITHOUT_QUOTE_OR_VALUE } from './views.ts';

/**
 * The indexer of a real chain (issue 49, items 6 and 7; decision 047): the chain clock's leader runs one step per
 * tick and network. A step reads the blocks after the ones it remembers (chain/block-follower.ts), then, in one
 * database transaction: rolls back what a reorganisation undid, writes every new block, books the transactions the
 * blocks included (ours by hash; money from outside to our addresses; sends from our addresses by another client),
 * and counts confirmations from the head. Events go out after the commit.
 */

/** A reverted transaction's reason: the node includes it, charges its fee and undoes the rest; receipts carry no message. */
const REVERTED = 'Reverted by the chain: the node included it and charged its fee, but undid the transfer';

/** What one step did. */
export interface IndexStepResult {
  blocks: number;
  /** Rows whose status changed (included, reverted, rolled back) or that a block brought in. */
  booked: number;
  rolledBackFrom?: number;
}

async function readTail(db: Db, network: string): Promise<SeenBlock[]> {
  const rows = await db
    .select({ number: blocks.number, hash: blocks.hash, parentHash: blocks.parentHash })
    .from(blocks)
    .where(and(eq(blocks.network, network), isNotNull(blocks.hash)))
    .orderBy(desc(blocks.number))
    .limit(TAIL_BLOCKS);
  return rows.reverse().map((row) => ({ number: BigInt(row.number), hash: row.hash as Hex, parentHash: row.parentHash as Hex }));
}

/** A send the app signed, pending again: its fee back to the cap it was signed with. */
function capOf(row: TransactionRow): Pick<TransactionRow, 'fee' | 'gasUsed' | 'effectiveGasPrice'> {
  if (row.type !== 'send' || row.rawTransaction === null) return { fee: row.fee, gasUsed: row.gasUsed, effectiveGasPrice: row.effectiveGasPrice };
  const signed = parseTransaction(row.rawTransaction as Hex);
  const gas = signed.gas ?? 0n;
  const price = signed.maxFeePerGas ?? signed.gasPrice ?? 0n;
  return { fee: gas * price, gasUsed: gas, effectiveGasPrice: price };
}

/** Rows included at or after `fromNumber` go back to pending, and those blocks are forgotten: the chain no longer has them. */
async function rollBack(tx: Db, network: string, fromNumber: number, now: Date, changes: StepChanges): Promise<void> {
  const undone = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.network, network), gte(transactions.blockNumber, fromNumber)));
  for (const row of undone) {
    // Money coming in stays counted (the outbox hands its bytes over again); a foreign row's is taken back.
    const isBooked = row.isForeign ? false : row.isBooked;
    const after: TransactionRow = { ...row, ...capOf(row), status: 'pending', blockNumber: null, confirmations: 0, nextConfirmationAt: now, isBooked };
    await updateRow(tx, row, after, changes);
  }
  await tx.delete(blocks).where(and(eq(blocks.network, network), gte(blocks.number, fromNumber)));
}

async function writeBlock(tx: Db, network: string, block: FollowedBlock, outbox: Outbox): Promise<void> {
  const values = {
    network,
    number: Number(block.number),
    producedAt: new Date(Number(block.timestamp) * 1000),
    transactionCount: block.transactions.length,
    totalFees: block.receipts.reduce((sum, receipt) => sum + receipt.gasUsed * receipt.effectiveGasPrice, 0n),
    hash: block.hash,
    parentHash: block.parentHash,
    gasLimit: block.gasLimit,
    gasUsed: block.gasUsed,
    baseFeePerGas: block.baseFeePerGas,
  };
  const [row] = await tx
    .insert(blocks)
    .values(values)
    .onConflictDoUpdate({ target: [blocks.network, blocks.number], set: values })
    .returning();
  if (row) outbox.addPublic('explorer_block', { block: toExplorerBlockSummary(row) });
}

/** Our rows of the transactions the block included: each moves to confirmed (or failed, reverted) with the receipt's figures. */
async function bookOurRows(tx: Db, network: string, block: FollowedBlock, now: Date, changes: StepChanges): Promise<Set<string>> {
  const receipts = new Map(block.receipts.map((receipt) => [receipt.transactionHash, receipt]));
  if (receipts.size === 0) return new Set();
  const ours = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.network, network), inArray(transactions.hash, [...receipts.keys()])));
  for (const row of ours) {
    const receipt = receipts.get(row.hash as Hex)!;
    if (row.blockNumber === Number(block.number) && row.status !== 'pending') continue;
    const fee = row.type === 'send' ? receipt.gasUsed * receipt.effectiveGasPrice : row.fee;
    const after: TransactionRow = {
      ...row,
      status: receipt.status === 'success' ? 'confirmed' : 'failed',
      blockNumber: Number(block.number),
      isBooked: true,
      failureReason: receipt.status === 'success' ? null : REVERTED,
      confirmations: 1,
      nextConfirmationAt: now,
      fee,
      gasUsed: receipt.gasUsed,
      effectiveGasPrice: receipt.effectiveGasPrice,
    };
    await updateRow(tx, row, after, changes);
  }
  return new Set(ours.map((row) => row.hash));
}

type OurWallet = { id: string; userId: string; address: string };

async function walletsAt(tx: Db, network: string, addresses: readonly string[]): Promise<Map<string, OurWallet>> {
  if (addresses.length === 0) return new Map();
  const rows = await tx
    .select({ id: wallets.id, userId: wallets.userId, address: wallets.address, createdAt: wallets.createdAt })
    .from(wallets)
    .where(and(eq(wallets.network, network), inArray(wallets.address, [...new Set(addresses)])))
    .orderBy(desc(wallets.createdAt));
  const byAddress = new Map<string, OurWallet>();
  // The newest wallet at an address takes what arrives there (an address had one wallet per network, decision 044).
  for (const row of rows) if (!byAddress.has(row.address)) byAddress.set(row.address, row);
  return byAddress;
}

/** A row for money a block moved that the app did not write: into our address from outside, or out of it by another client. */
function foreignRow(
  network: string,
  block: FollowedBlock,
  now: Date,
  move: { hash: string; type: 'send' | 'receive'; wallet: OurWallet; from: Address; to: Address; asset: string; amount: bigint; fee: bigint; nonce: number },
  receipt: FollowedBlock['receipts'][number],
): TransactionRow {
  const producedAt = new Date(Number(block.timestamp) * 1000);
  return {
    ...WITHOUT_QUOTE_OR_VALUE,
    id: randomUUID(),
    hash: move.hash,
    network,
    type: move.type,
    asset: move.asset,
    walletId: move.wallet.id,
    userId: move.wallet.userId,
    counterpartyWalletId: null,
    fromAddress: move.from,
    toAddress: move.to,
    amount: move.amount,
    fee: move.fee,
    gasUsed: receipt.gasUsed,
    effectiveGasPrice: receipt.effectiveGasPrice,
    nonce: move.nonce,
    speed: 'normal',
    status: receipt.status === 'success' ? 'confirmed' : 'failed',
    failureReason: receipt.status === 'success' ? null : REVERTED,
    confirmations: 1,
    blockNumber: Number(block.number),
    // When the app learned of it: a block's timestamp has whole seconds, and history lists by this.
    createdAt: now,
    includeAt: producedAt,
    nextConfirmationAt: now,
    isSettled: false,
    isForeign: true,
    isOnChain: true,
    isBooked: true,
  };
}

/**
 * What the block moved that the app did not write: transfers into our addresses from any other client (item 7), and
 * transactions sent from our addresses by another client holding the key (one row each, with its fee; the wallet's
 * next nonce moves past it so the app's next send does not reuse it).
 */
async function bookForeign(tx: Db, network: string, block: FollowedBlock, known: Set<string>, now: Date, changes: StepChanges): Promise<void> {
  const coin = networkOf(network).symbol;
  const transfers = transfersIn(block, networkOf(network).id, coin).filter((transfer) => !known.has(transfer.hash));
  const foreignTransactions = block.transactions.filter((transaction) => !known.has(transaction.hash));
  const ours = await walletsAt(tx, network, [...transfers.map((transfer) => transfer.to), ...foreignTransactions.map((transaction) => getAddress(transaction.from))]);
  if (ours.size === 0) return;
  const receipts = new Map(block.receipts.map((receipt) => [receipt.transactionHash, receipt]));
  const rows: TransactionRow[] = [];
  for (const transfer of transfers) {
    const wallet = ours.get(transfer.to);
    const transaction = block.transactions.find((candidate) => candidate.hash === transfer.hash);
    if (!wallet || !transaction) continue;
    const move = { ...transfer, type: 'receive' as const, wallet, amount: transfer.amountUnits, fee: 0n, nonce: transaction.nonce };
    rows.push(foreignRow(network, block, now, move, receipts.get(transfer.hash)!));
  }
  for (const transaction of foreignTransactions) {
    const from = getAddress(transaction.from);
    const wallet = ours.get(from);
    const receipt = receipts.get(transaction.hash);
    if (!wallet || !receipt) continue;
    // What it moved out of the address: the first transfer from it (a coin value or a registry token), or nothing.
    const moved = transfersIn(block, networkOf(network).id, coin).find((transfer) => transfer.hash === transaction.hash && transfer.from === from);
    const to = moved?.to ?? (transaction.to ? getAddress(transaction.to) : from);
    const move = { hash: transaction.hash, type: 'send' as const, wallet, from, to, asset: moved?.asset ?? coin, amount: moved?.amountUnits ?? 0n, fee: receipt.gasUsed * receipt.effectiveGasPrice, nonce: transaction.nonce };
    rows.push(foreignRow(network, block, now, move, receipt));
    await tx.update(wallets).set({ nextNonce: sql`greatest(${wallets.nextNonce}, ${transaction.nonce + 1})` }).where(eq(wallets.id, wallet.id));
  }
  if (rows.length === 0) return;
  // Keyed by (hash, type): a transaction read again (a step retried) books once.
  const written = await tx.insert(transactions).values(rows).onConflictDoNothing().returning();
  for (const row of written) {
    const nothing = { ...row, isBooked: false };
    changes.balanceChanges.push(...effectOfChange(nothing, row));
    changes.changed.push(row);
  }
}

/** Confirmations from the head: included rows count the head's blocks above theirs, settled at MAX_CONFIRMATIONS. */
async function countConfirmations(tx: Db, network: string, head: number, now: Date): Promise<TransactionRow[]> {
  const depth = sql`least(${MAX_CONFIRMATIONS}, ${head} - ${transactions.blockNumber} + 1)`;
  return tx
    .update(transactions)
    .set({ confirmations: sql`${depth}`, nextConfirmationAt: sql`case when ${depth} >= ${MAX_CONFIRMATIONS} then null else ${now.toISOString()}::timestamptz end` })
    .where(
      and(
        eq(transactions.network, network),
        sql`not ${transactions.isSettled}`,
        isNotNull(transactions.blockNumber),
        isNotNull(transactions.nextConfirmationAt),
        sql`${transactions.confirmations} < ${depth}`,
      ),
    )
    .returning();
}

/** One step of the indexer on `chain`'s network, booked in `db` (the leader's connection). */
export async function indexStep(db: Db, chain: EvmChain, events: EventBus): Promise<IndexStepResult> {
  const network = chain.network;
  const tail = await readTail(db, network);
  const startAt = tail.length > 0 || chain.isLocal ? 0n : await chain.client.getBlockNumber({ cacheTime: 0 });
  const step = await followStep(chain.client, tail, startAt);
  if (step.rolledBackFrom === undefined && step.added.length === 0) return { blocks: 0, booked: 0 };
  const head = Number(step.added.at(-1)?.number ?? (step.rolledBackFrom ?? 1n) - 1n);
  const now = new Date();
  const changes: StepChanges = { balanceChanges: [], changed: [], outbox: createOutbox() };
  await db.transaction(async (tx) => {
    if (step.rolledBackFrom !== undefined) await rollBack(tx, network, Number(step.rolledBackFrom), now, changes);
    for (const block of step.added) {
      await writeBlock(tx, network, block, changes.outbox);
      const known = await bookOurRows(tx, network, block, now, changes);
      await bookForeign(tx, network, block, known, now, changes);
    }
    const confirmed = await countConfirmations(tx, network, head, now);
    const balanceChanges = netted(changes.balanceChanges);
    if (balanceChanges.length > 0) await moveBalances(tx, balanceChanges);
    addRowEvents(changes, confirmed);
    await addBalanceEvents(tx, balanceChanges, changes.outbox);
  });
  events.publishOutbox(changes.outbox);
  const result: IndexStepResult = { blocks: step.added.length, booked: changes.changed.length };
  return step.rolledBackFrom === undefined ? result : { ...result, rolledBackFrom: Number(step.rolledBackFrom) };
}
