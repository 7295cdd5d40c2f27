import {
  API_ERRORS,
  canSpeedUpOn,
  feeExact,
  getAsset,
  isFasterSpeed,
  pendingDelayMs,
  SEND_MESSAGES,
  speedUpPrice,
  GAS_SPEEDS,
  type GasSpeed,
  type ServerErrorCode,
  type SpeedUpRequest,
  type SpeedUpResponse,
} from '@fincrypt/domain';
import { asc, sql } from 'drizzle-orm';
import { type Chains } from '../chain/chains.ts';
import type { FeeMarket } from '../chain/fee-market.ts';
import type { KeyVault } from '../chain/key-vault.ts';
import { signTransfer } from '../chain/signing.ts';
import { type Db, rowsOf } from '../db/database.ts';
import { transactionReplacements, transactions } from '../db/schema.ts';
import { errorBody, type ErrorBody } from '../errors.ts';
import { createOutbox, type EventBus, type Outbox } from '../lib/event-bus.ts';
import { isRetryableConflict } from '../lib/pg-errors.ts';
import { broadcastCommitted } from './chain-outbox.ts';
import { balancesAfter, MAX_CONFLICT_RETRIES, random01 } from './send.ts';
import { type LockedWallet, lockWallets } from './send-state.ts';
import { balanceMovesSql, type BalanceChange } from './send-store.ts';
import { balanceUpdateOf, networkOf, toExplorerListItem, toTransactionView, toWalletView, type TransactionRow } from './views.ts';

/**
 * Speeding up a pending transaction (docs/product.md#speed-up): the same transfer, with the same nonce, re-signed at a
 * higher gas price, takes the place of the pending one — a new hash and signed transaction — and is included sooner.
 * The only writer of `transaction_replacements`.
 *
 * Like a send (decision 004), after BEGIN it is three statements and COMMIT: lock the sender's wallet and the
 * recipient's when it is ours (the send path's order: wallet id, then asset, with their balances), lock and re-read both
 * rows of the transfer, then write it all in one statement — the fee difference debited from the native coin, both rows
 * re-pointed to the new hash, and the replacement recorded (older hashes of the same transfer re-pointed to the newest,
 * so any old hash finds the transaction in one lookup). The ledger check sums fees from the rows, so it still balances.
 *
 * Idempotent without a key: asking again for a speed the transaction already reached by speed-ups (by its old or its new
 * hash) answers 200 with it as it is and a fee difference of 0; the difference is charged once.
 */

export interface SpeedUpDeps {
  db: Db;
  events: EventBus;
  vault: KeyVault;
  feeMarket: FeeMarket;
  /** Chain time runs this many times faster than the wall clock (pending delays shrink by it). */
  timeScale: number;
  /** The networks on a real node: there the node decides inclusion, and a replacement is handed to it once committed. */
  chains: Chains;
}

export type SpeedUpOutcome = { statusCode: 200; body: SpeedUpResponse } | { statusCode: 400 | 403 | 404 | 409; body: ErrorBody };

const refused = (code: ServerErrorCode, message: string): SpeedUpOutcome =>
  ({ statusCode: API_ERRORS[code].status, body: errorBody(code, message) }) as SpeedUpOutcome;

const NOT_FOUND = () => refused('NOT_FOUND', API_ERRORS.NOT_FOUND.messages.transactionNotFound);

/** The hash a stored hash stands for now: its newest replacement's, or itself (every old hash points at the newest). */
export const currentHashOf = (hash: string) =>
  sql`coalesce((select ${transactionReplacements.newHash} from ${transactionReplacements} where ${transactionReplacements.oldHash} = ${hash}), ${hash})`;

/**
 * Locks the wallets of the user's send that `hash` names (old or current hash): the sender's and the recipient's when
 * it is ours, with their balance rows, in the send path's order (send-state.ts), so a speed-up and a send (or another
 * speed-up) of the same wallets queue rather than deadlock.
 */
async function lockWalletsOfSend(tx: Db, userId: string, hash: string): Promise<LockedWallet[]> {
  const parties = await rowsOf<{ id: string }>(
    tx,
    sql`select party.id from ${transactions} sent
          cross join lateral (values (sent.wallet_id), (sent.counterparty_wallet_id)) as party(id)
        where sent.hash = ${currentHashOf(hash)} and sent.type = 'send' and sent.user_id = ${userId} and party.id is not null`,
  );
  return lockWallets(
    tx,
    parties.map((party) => party.id),
  );
}

interface LockedTransfer {
  send: TransactionRow;
  receive: TransactionRow | undefined;
  /** The hashes this transfer replaced, oldest first, with the speed each had. */
  replaced: { hash: string; speed: GasSpeed }[];
}

/**
 * Locks both rows of the transfer (after the wallets) and reads them as they are now: a speed-up that committed while
 * this one waited for the wallets has moved it to a newer hash, which this statement's snapshot already sees. The
 * chain clock writes these rows without wallet locks; once locked here it waits, and if it got here first the row
 * reads as included.
 */
async function lockTransfer(tx: Db, hash: string): Promise<LockedTransfer | undefined> {
  const rows = await tx
    .select({
      row: transactions,
      replaced: sql<unknown>`(select coalesce(json_agg(json_build_array(r.old_hash, r.old_speed) order by r.replaced_at, r.old_hash), '[]')
        from ${transactionReplacements} r where r.new_hash = ${transactions.hash})`,
    })
    .from(transactions)
    .where(sql`${transactions.hash} = ${currentHashOf(hash)} and ${transactions.type} in ('send', 'receive')`)
    .orderBy(asc(transactions.id))
    .for('update', { of: [transactions] });
  const send = rows.find(({ row }) => row.type === 'send');
  if (!send) return undefined;
  const list = typeof send.replaced === 'string' ? (JSON.parse(send.replaced) as [string, GasSpeed][]) : (send.replaced as [string, GasSpeed][]);
  return {
    send: send.row,
    receive: rows.find(({ row }) => row.type === 'receive')?.row,
    replaced: list.map(([oldHash, speed]) => ({ hash: oldHash, speed })),
  };
}

/** The slowest speed a transfer had: it was sent at it, and every speed-up since went faster. */
function originalSpeed(transfer: LockedTransfer): GasSpeed {
  const speeds = [transfer.send.speed, ...transfer.replaced.map((step) => step.speed)];
  return speeds.reduce((slowest, speed) => (GAS_SPEEDS.indexOf(speed) < GAS_SPEEDS.indexOf(slowest) ? speed : slowest));
}

interface Replacement {
  oldHash: string;
  hash: string;
  raw: string;
  gasPriceWei: bigint;
  feeUnits: bigint;
  speed: GasSpeed;
  includeAt: Date;
  replacedAt: Date;
}

/**
 * Everything a speed-up writes, in one statement: the fee difference off the sender's native balance (a debit past zero
 * breaks the balance CHECK and fails it all), both rows moved to the new hash (the fee on the send row only), the
 * replacement recorded and every older hash of the transfer re-pointed to the newest.
 */
async function writeReplacement(
  tx: Db,
  transfer: LockedTransfer,
  replacement: Replacement,
  difference: BalanceChange,
): Promise<void> {
  const ids = [transfer.send.id, ...(transfer.receive ? [transfer.receive.id] : [])];
  const moves = balanceMovesSql(tx, [difference]);
  const idList = sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);
  const result = (await tx.execute(sql`
    with ${moves.ctes},
    moved_rows as (
      update ${transactions} set
        hash = ${replacement.hash},
        raw_transaction = ${replacement.raw},
        effective_gas_price = ${replacement.gasPriceWei.toString()}::numeric,
        fee = case when type = 'send' then ${replacement.feeUnits.toString()}::numeric else fee end,
        speed = ${replacement.speed},
        include_at = ${replacement.includeAt.toISOString()}::timestamptz,
        next_confirmation_at = ${replacement.includeAt.toISOString()}::timestamptz
      where id in (${idList}) and status = 'pending'
      returning 1),
    repointed as (
      update ${transactionReplacements} set new_hash = ${replacement.hash} where new_hash = ${replacement.oldHash} returning 1),
    recorded as (
      insert into ${transactionReplacements} (old_hash, network, new_hash, old_speed, old_fee, replaced_at)
      values (${replacement.oldHash}, ${transfer.send.network}, ${replacement.hash}, ${transfer.send.speed},
        ${transfer.send.fee.toString()}::numeric, ${replacement.replacedAt.toISOString()}::timestamptz)
      returning 1)
    select ${moves.moved} as moved, (select count(*) from moved_rows)::int as rows, (select count(*) from recorded)::int as recorded,
      (select count(*) from repointed)::int as repointed`)) as unknown as { rows: { moved: unknown; rows: unknown; recorded: unknown }[] };
  const written = result.rows[0];
  // Both rows and the wallets are locked by this transaction and were pending when read: anything else is a bug, and rolls back.
  if (Number(written?.moved) !== moves.expected) throw new Error('the speed-up could not debit its fee difference');
  if (Number(written?.rows) !== ids.length) throw new Error('the speed-up could not move both rows to the new hash');
  if (Number(written?.recorded) !== 1) throw new Error('the speed-up could not record its replacement');
}

/** The answer for a transfer already at (or past) the asked speed through speed-ups: as it is, nothing charged. */
function alreadyDone(transfer: LockedTransfer, sender: LockedWallet, askedHash: string): SpeedUpOutcome {
  const network = networkOf(transfer.send.network);
  const askedOld = transfer.replaced.find((step) => step.hash === askedHash);
  return {
    statusCode: 200,
    body: {
      transaction: toTransactionView(transfer.send),
      wallet: toWalletView(sender, sender.balances, sender.incoming),
      replacedHash: askedOld?.hash ?? transfer.replaced.at(-1)?.hash ?? transfer.send.hash,
      feeDifference: feeExact(0n, network.id),
      feeDifferenceUnits: '0',
    },
  };
}

/** The events of a replacement: each party's copy moves to the new hash (not a new payment), the public feed learns it. */
function addReplacementEvents(outbox: Outbox, rows: { send: TransactionRow; receive: TransactionRow | undefined }, oldHash: string, senderWallet: ReturnType<typeof toWalletView>): void {
  const { send, receive } = rows;
  outbox.add(send.userId, 'transaction_update', { transaction: toTransactionView(send), replaces: oldHash });
  outbox.add(send.userId, 'balance_update', balanceUpdateOf(senderWallet, networkOf(send.network).symbol));
  // The recipient's balance does not move (it was credited when sent): only its copy of the transfer changes hash.
  if (receive) outbox.add(receive.userId, 'transaction_update', { transaction: toTransactionView(receive), replaces: oldHash });
  outbox.addPublic('explorer_transaction', { transaction: toExplorerListItem(send), replaces: oldHash });
}

/** The speed-up itself, in the caller's database transaction. Refusals are answered before anything is written. */
async function applySpeedUp(
  deps: SpeedUpDeps,
  tx: Db,
  call: { userId: string; askedHash: string; request: SpeedUpRequest },
  outbox: Outbox,
  written: TransactionRow[],
): Promise<SpeedUpOutcome> {
  const { userId, askedHash, request } = call;
  const locked = await lockWalletsOfSend(tx, userId, askedHash);
  if (locked.length === 0) {
    // Not a send of theirs: the recipient is told only the sender can; anyone else learns nothing.
    const [theirs] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(sql`${transactions.hash} = ${currentHashOf(askedHash)} and ${transactions.userId} = ${userId}`)
      .limit(1);
    return theirs ? refused('SPEED_UP_NOT_SENDER', API_ERRORS.SPEED_UP_NOT_SENDER.messages.notSender) : NOT_FOUND();
  }
  const transfer = await lockTransfer(tx, askedHash);
  if (!transfer || transfer.send.userId !== userId) return NOT_FOUND();
  const { send } = transfer;
  const network = networkOf(send.network);
  const sender = locked.find((wallet) => wallet.id === send.walletId);
  if (!sender) return NOT_FOUND();
  if (!canSpeedUpOn(network.id)) return refused('SPEED_UP_UNSUPPORTED', API_ERRORS.SPEED_UP_UNSUPPORTED.messages.solana);

  // Asked again for a speed it reached by speed-ups: the same request, answered as it now is.
  if (isFasterSpeed(request.speed, originalSpeed(transfer)) && !isFasterSpeed(request.speed, send.speed)) return alreadyDone(transfer, sender, askedHash);

  const nowMs = Date.now();
  // On a real node only the chain says when it is included; on a simulated chain its inclusion time has come.
  const isDue = !deps.chains.has(network.id) && send.includeAt.getTime() <= nowMs;
  if (send.status !== 'pending' || send.confirmations > 0 || isDue) {
    return refused('SPEED_UP_NOT_PENDING', API_ERRORS.SPEED_UP_NOT_PENDING.messages.notPending);
  }
  if (!isFasterSpeed(request.speed, send.speed)) return refused('SPEED_UP_NOT_FASTER', API_ERRORS.SPEED_UP_NOT_FASTER.messages.notFaster(send.speed));
  // Its key signs the replacement: a wallet disconnected since is no longer one to sign with.
  if (sender.disconnectedAt !== null) return refused('WALLET_NOT_FOUND', SEND_MESSAGES.walletNotFound);

  const market = deps.feeMarket.feeFor(userId, network.id, request.speed, nowMs, request.feeQuoteId, send.gasUsed);
  const price = speedUpPrice({
    network: network.id,
    gasUsed: send.gasUsed,
    oldGasPriceWei: send.effectiveGasPrice,
    oldFeeUnits: send.fee,
    marketGasPriceWei: market.gasPriceWei,
  });
  if ((sender.balances[network.symbol] ?? 0n) < price.differenceUnits) {
    return refused('INSUFFICIENT_FEE_BALANCE', API_ERRORS.INSUFFICIENT_FEE_BALANCE.messages.notEnoughForFee(network.id));
  }

  const { hash, raw } = await signTransfer({
    network,
    privateKeyHex: deps.vault.open(sender.encryptedPrivateKey, sender.address),
    from: send.fromAddress,
    to: send.toAddress,
    amountUnits: send.amount,
    gasPriceWei: price.gasPriceWei,
    nonce: send.nonce,
    asset: getAsset(network.id, send.asset),
  });
  // Included sooner: within the faster speed's window from now, and never later than it already would have been.
  const fasterAt = nowMs + Math.round(pendingDelayMs(request.speed, random01()) / deps.timeScale);
  const includeAt = new Date(Math.min(send.includeAt.getTime(), fasterAt));
  const replacement: Replacement = {
    oldHash: send.hash,
    hash,
    raw,
    gasPriceWei: price.gasPriceWei,
    feeUnits: price.feeUnits,
    speed: request.speed,
    includeAt,
    replacedAt: new Date(nowMs),
  };
  const difference: BalanceChange = { walletId: sender.id, asset: network.symbol, deltaUnits: -price.differenceUnits };
  await writeReplacement(tx, transfer, replacement, difference);

  const moved = { hash, rawTransaction: raw, effectiveGasPrice: price.gasPriceWei, speed: request.speed, includeAt, nextConfirmationAt: includeAt };
  const rows = {
    send: { ...send, ...moved, fee: price.feeUnits },
    receive: transfer.receive ? { ...transfer.receive, ...moved } : undefined,
  };
  const wallet = toWalletView(sender, balancesAfter(sender, [difference]), sender.incoming);
  addReplacementEvents(outbox, rows, send.hash, wallet);
  written.push(rows.send);
  return {
    statusCode: 200,
    body: {
      transaction: toTransactionView(rows.send),
      wallet,
      replacedHash: send.hash,
      feeDifference: feeExact(price.differenceUnits, network.id),
      feeDifferenceUnits: price.differenceUnits.toString(),
    },
  };
}

export function createSpeedUpService(deps: SpeedUpDeps) {
  return {
    /** Speeds up the user's pending transaction `hash` (its current or an older hash) to `request.speed`. */
    async speedUp(userId: string, hash: string, request: SpeedUpRequest): Promise<SpeedUpOutcome> {
      for (let attempt = 1; ; attempt += 1) {
        const outbox = createOutbox();
        const written: TransactionRow[] = [];
        try {
          const outcome = await deps.db.transaction((tx) => applySpeedUp(deps, tx, { userId, askedHash: hash, request }, outbox, written));
          deps.events.publishOutbox(outbox);
          broadcastCommitted(deps.chains, written);
          return outcome;
        } catch (error) {
          if (attempt < MAX_CONFLICT_RETRIES && isRetryableConflict(error)) continue;
          throw error;
        }
      }
    },
  };
}

export type SpeedUpService = ReturnType<typeof createSpeedUpService>;
