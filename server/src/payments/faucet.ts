import { randomUUID } from 'node:crypto';
import { sha512 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import {
  API_ERRORS,
  FAUCET_COOLDOWN_MS,
  listAssets,
  WALLET_MESSAGES,
  type FaucetResponse,
  type Network,
} from '@fincrypt/domain';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { keccak256, toHex } from 'viem';
import { type Chains } from '../chain/chains.ts';
import type { Db } from '../db/database.ts';
import { mints, transactions, wallets } from '../db/schema.ts';
import { AppError, notFound } from '../errors.ts';
import type { EventBus } from '../lib/event-bus.ts';
import { isRetryableConflict } from '../lib/pg-errors.ts';
import { countAttempt, describeWait, type RateLimitRule, verdictOf } from '../lib/rate-limiter.ts';
import { signedGrantRows } from './chain-grants.ts';
import { broadcastCommitted } from './chain-outbox.ts';
import { moveBalances } from './send-store.ts';
import { balanceUpdateOf, networkOf, toExplorerListItem, toTransactionView, toWalletView, type TransactionRow, WITHOUT_QUOTE_OR_VALUE } from './views.ts';
import { toWalletViewRecord, walletViewColumns } from './wallet-store.ts';

export interface FaucetDeps {
  db: Db;
  events: EventBus;
  /** How many claims one user may make per window (each wallet may claim once per FAUCET_COOLDOWN_MS besides). */
  faucetRule: RateLimitRule;
  /** The networks on a real node: there the treasury sends the grant as real transactions (chain-grants.ts). */
  chains: Chains;
}

/** Where test funds come from, as a chain shows a mint: the zero address (EVM), the system program (Solana). */
const MINT_SOURCE: Record<Network['family'], string> = {
  evm: '0x0000000000000000000000000000000000000000',
  solana: '11111111111111111111111111111111',
};

/** A mint's identifier in its network's format: 32-byte keccak hex (EVM), a 64-byte base58 signature-sized id (Solana). */
function mintHash(network: Network, transactionId: string): string {
  const seed = utf8ToBytes(`fincrypt-faucet:${network.id}:${transactionId}`);
  return network.family === 'evm' ? keccak256(toHex(seed)) : base58.encode(sha512(seed));
}

const MAX_CONFLICT_RETRIES = 3;

/** A simulated chain's mints: one per asset, in the next block (the chain clock includes them on its next tick). */
function simulatedMintRows(network: Network, wallet: { id: string; userId: string; address: string }, now: Date): TransactionRow[] {
  return listAssets(network.id).map((asset) => {
    const id = randomUUID();
    return {
      ...WITHOUT_QUOTE_OR_VALUE,
      id,
      hash: mintHash(network, id),
      network: network.id,
      asset: asset.symbol,
      type: 'mint',
      walletId: wallet.id,
      userId: wallet.userId,
      counterpartyWalletId: null,
      fromAddress: MINT_SOURCE[network.family],
      toAddress: wallet.address,
      amount: asset.faucetGrantUnits,
      fee: 0n,
      gasUsed: 0n,
      effectiveGasPrice: 0n,
      nonce: 0,
      speed: 'fast',
      status: 'pending',
      confirmations: 0,
      blockNumber: null,
      createdAt: now,
      includeAt: now,
      nextConfirmationAt: now,
      isSettled: false,
    };
  });
}

/**
 * The test-funds faucet: tops a connected wallet up by each asset's faucet grant (10 of the coin, 500 USDC),
 * at most once per wallet per day and a few times per user per hour. A claim is one database transaction:
 * it stamps the wallet's claim time only if the last claim is a day old (the row lock makes concurrent
 * claims take turns, so exactly one passes), then writes a 'mint' transaction per asset, its mints row and
 * the balance. Events go out once it has committed.
 */
export function createFaucet({ db, events, faucetRule, chains }: FaucetDeps) {
  async function claimOnce(userId: string, walletId: string): Promise<{ response: FaucetResponse; rows: TransactionRow[] }> {
    return db.transaction(async (tx) => {
      const counted = await countAttempt(tx, `faucet:user:${userId}`, faucetRule);
      const verdict = verdictOf(counted.hits, counted.windowStartedAt, faucetRule);
      if (!verdict.isAllowed) {
        // Throwing rolls the count back with everything else: a refused claim costs nothing.
        const message = API_ERRORS.RATE_LIMITED.messages.tooMany('faucet claims', describeWait(verdict.retryAfterMs));
        throw new AppError('RATE_LIMITED', message, { retryAfterMs: verdict.retryAfterMs });
      }

      const dayAgo = sql`now() - make_interval(secs => ${FAUCET_COOLDOWN_MS / 1000})`;
      const [stamped] = await tx
        .update(wallets)
        .set({ faucetClaimedAt: sql`now()` })
        .where(
          and(
            eq(wallets.id, walletId),
            eq(wallets.userId, userId),
            isNull(wallets.disconnectedAt),
            or(isNull(wallets.faucetClaimedAt), lte(wallets.faucetClaimedAt, dayAgo)),
          ),
        )
        .returning({ id: wallets.id, network: wallets.network, address: wallets.address, claimedAt: wallets.faucetClaimedAt });
      if (!stamped) {
        const [wallet] = await tx
          .select({ claimedAt: wallets.faucetClaimedAt })
          .from(wallets)
          .where(and(eq(wallets.id, walletId), eq(wallets.userId, userId), isNull(wallets.disconnectedAt)));
        if (!wallet) throw notFound(WALLET_MESSAGES.walletNotFound);
        const retryAfterMs = Math.max(1_000, (wallet.claimedAt?.getTime() ?? 0) + FAUCET_COOLDOWN_MS - Date.now());
        throw new AppError('FAUCET_COOLDOWN', API_ERRORS.FAUCET_COOLDOWN.messages.claimedRecently(describeWait(retryAfterMs)), {
          retryAfterMs,
        });
      }

      const network = networkOf(stamped.network);
      const now = new Date();
      const chain = chains.get(network.id);
      const grants = listAssets(network.id).map((asset) => ({ asset, units: asset.faucetGrantUnits }));
      const rows: TransactionRow[] = chain
        ? await signedGrantRows(tx, chain, network, { id: stamped.id, userId, address: stamped.address }, grants, now)
        : simulatedMintRows(network, { id: stamped.id, userId, address: stamped.address }, now);
      await tx.insert(transactions).values(rows);
      await tx.insert(mints).values(
        rows.map((row) => ({ walletId: row.walletId, network: row.network, asset: row.asset, amount: row.amount, source: 'faucet' as const, transactionId: row.id })),
      );
      // On a real chain the grant is credited when a block includes it (chain-indexer.ts).
      if (!chain) await moveBalances(tx, rows.map((row) => ({ walletId: row.walletId, asset: row.asset, deltaUnits: row.amount })));

      const [after] = await tx.select(walletViewColumns).from(wallets).where(eq(wallets.id, stamped.id));
      if (!after) throw new Error('the claimed wallet vanished');
      const record = toWalletViewRecord(after);
      const response: FaucetResponse = {
        wallet: toWalletView(record, record.balances, record.incoming),
        transactions: rows.map(toTransactionView),
        nextClaimAt: new Date((stamped.claimedAt ?? now).getTime() + FAUCET_COOLDOWN_MS).toISOString(),
      };
      return { response, rows };
    });
  }

  return {
    /** Test funds for the user's connected wallet; 404 when it is not theirs, 429 within a day of its last claim or over the user's limit. */
    async claim(userId: string, walletId: string): Promise<FaucetResponse> {
      for (let attempt = 1; ; attempt += 1) {
        try {
          const { response, rows } = await claimOnce(userId, walletId);
          broadcastCommitted(chains, rows);
          for (const transaction of response.transactions) {
            events.publish(userId, 'transaction_status', { hash: transaction.hash, network: transaction.network, status: 'pending' });
            events.publish(userId, 'transaction_update', { transaction });
          }
          // A mint is chain data like a transfer: the public explorer's feed shows it arrive (and the clock, its block).
          for (const row of rows) events.publishPublic('explorer_transaction', { transaction: toExplorerListItem(row) });
          events.publish(userId, 'balance_update', balanceUpdateOf(response.wallet, response.wallet.symbol));
          return response;
        } catch (error) {
          if (attempt < MAX_CONFLICT_RETRIES && isRetryableConflict(error)) continue;
          throw error;
        }
      }
    },
  };
}

export type Faucet = ReturnType<typeof createFaucet>;
