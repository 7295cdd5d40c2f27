import { createHash, randomInt, randomUUID } from 'node:crypto';
import {
  checkSend,
  GAS_USED,
  NETWORK_IDS,
  pendingDelayMs,
  sameAddress,
  SEND_MESSAGES,
  validateRecipient,
  WALLET_MESSAGES,
  type SendRequest,
  type SendResponse,
} from '@fincrypt/domain';
import type { EventBus, Outbox } from '../../lib/event-bus.ts';
import { createOutbox } from '../../lib/event-bus.ts';
import type { FeeMarket } from '../../chain/fee-market.ts';
import type { KeyVault } from '../../chain/key-vault.ts';
import { signTransfer } from '../../chain/signing.ts';
import type { Db } from '../../db/database.ts';
import type { fraudAlerts } from '../../db/schema.ts';
import { AppError, errorBody, type ErrorBody } from '../../errors.ts';
import { isRetryableConflict } from '../../lib/pg-errors.ts';
import { describeWait, type RateLimitRule, verdictOf } from '../../lib/rate-limiter.ts';
import { BURST_WINDOW_MS, evaluateFraudRules } from '../alerts/fraud-rules.ts';
import { toAlertView } from '../alerts/views.ts';
import { formatBalance, networkOf, toWalletView } from '../wallets/views.ts';
import {
  type BalanceChange,
  claimKeyAndCountSend,
  findIdempotencyRecord,
  lockWalletsAndReadHistory,
  saveIdempotentResponse,
  writeSend,
} from './repo.ts';
import { type TransactionRow, toTransactionView } from './views.ts';

type FraudAlertRow = typeof fraudAlerts.$inferSelect;

export interface SendServiceDeps {
  db: Db;
  events: EventBus;
  vault: KeyVault;
  feeMarket: FeeMarket;
  sendRule: RateLimitRule;
  /** Chain time runs this many times faster than the wall clock (pending delays shrink by it). */
  timeScale: number;
}

/** A uniform number in [0, 1) from the OS's randomness: where in its speed's window a send gets included. */
const random01 = () => randomInt(0, 2 ** 47) / 2 ** 47;

/** The answer to a send, stored with its Idempotency-Key and replayed for a retry with the same key. */
export type SendOutcome = { statusCode: 201; body: SendResponse } | { statusCode: 400 | 404 | 422; body: ErrorBody };

const SEND_ERROR_CODES: Record<string, string> = {
  [SEND_MESSAGES.walletNotFound]: 'WALLET_NOT_FOUND',
  [SEND_MESSAGES.invalidAmount]: 'INVALID_AMOUNT',
  [SEND_MESSAGES.insufficientBalance]: 'INSUFFICIENT_BALANCE',
  [SEND_MESSAGES.invalidRecipient]: 'INVALID_RECIPIENT',
  [SEND_MESSAGES.sameWallet]: 'SAME_WALLET',
};

const refused = (statusCode: 400 | 404, message: string): SendOutcome => ({
  statusCode,
  body: errorBody(SEND_ERROR_CODES[message] ?? 'INVALID_AMOUNT', message),
});

/** The request as parsed, in a fixed key order: the same key with another body is a different request. */
export function sendFingerprint(request: SendRequest): string {
  const canonical = JSON.stringify([request.walletId, request.to, request.amount, request.speed, request.quoteId ?? null]);
  return createHash('sha256').update(canonical).digest('hex');
}

const MAX_CONFLICT_RETRIES = 3;

/** Thrown to roll a transaction back once it has found the stored answer for its key. */
class Replayed extends Error {
  constructor(readonly outcome: SendOutcome) {
    super('replayed');
  }
}

export function createSendService(deps: SendServiceDeps) {
  const { db, events, vault, feeMarket, timeScale } = deps;

  /**
   * Everything a send writes, in the caller's database transaction. Refusals are returned, not thrown, so
   * they can be stored. Two round trips: lock the wallets (reading the fraud history with them), then write it all.
   */
  async function applySend(tx: Db, userId: string, idempotencyKey: string, request: SendRequest, outbox: Outbox): Promise<SendOutcome> {
    const nowMs = Date.now();
    // The recipient may be one of our wallets on any network the address is valid for; the sender's network decides.
    const candidates = NETWORK_IDS.flatMap((networkId) => {
      const valid = validateRecipient(networkId, request.to);
      return valid.ok ? [{ network: networkId, address: valid.address }] : [];
    });
    const { locked, history } = await lockWalletsAndReadHistory(tx, {
      userId,
      senderWalletId: request.walletId,
      recipientCandidates: candidates,
      burstSince: new Date(nowMs - BURST_WINDOW_MS),
    });
    const sender = locked.find((wallet) => wallet.id === request.walletId);
    if (!sender || sender.userId !== userId || sender.disconnectedAt !== null) return refused(404, SEND_MESSAGES.walletNotFound);
    const network = networkOf(sender.network);
    const charged = feeMarket.feeFor(network.id, request.speed, nowMs, request.quoteId);
    const recipientAddress = candidates.find((candidate) => candidate.network === network.id)?.address;
    const recipient =
      recipientAddress === undefined || sameAddress(recipientAddress, sender.address)
        ? undefined
        : locked.find((wallet) => wallet.network === network.id && wallet.address === recipientAddress && wallet.id !== sender.id);

    const check = checkSend({
      network: network.id,
      from: sender.address,
      balance: sender.balance,
      amount: request.amount,
      fee: charged.feeUnits,
      to: request.to,
    });
    if (!check.ok) return refused(check.field === 'walletId' ? 404 : 400, check.message);

    const hash = await signTransfer({
      network,
      privateKeyHex: vault.open(sender.encryptedPrivateKey, sender.address),
      from: sender.address,
      to: check.to,
      amountUnits: check.amountUnits,
      gasPriceWei: charged.gasPriceWei,
      nonce: sender.nextNonce,
    });

    // The rows are locked: their balances after this transfer are known exactly before it is written.
    const debited = { ...sender, balance: sender.balance - check.totalUnits };
    const credited = recipient ? { ...recipient, balance: recipient.balance + check.amountUnits } : undefined;
    const balanceChanges: BalanceChange[] = [
      { walletId: sender.id, deltaUnits: -check.totalUnits, isSigner: true },
      ...(recipient ? [{ walletId: recipient.id, deltaUnits: check.amountUnits, isSigner: false }] : []),
    ];

    const createdAt = new Date(nowMs);
    const includeAt = new Date(nowMs + Math.round(pendingDelayMs(request.speed, random01()) / timeScale));
    const common = {
      hash,
      network: network.id,
      fromAddress: sender.address,
      toAddress: check.to,
      amount: check.amountUnits,
      gasUsed: GAS_USED,
      effectiveGasPrice: charged.gasPriceWei,
      nonce: sender.nextNonce,
      speed: request.speed,
      status: 'pending' as const,
      confirmations: 0,
      blockNumber: null,
      createdAt,
      includeAt,
      nextConfirmationAt: includeAt,
    };
    const sendRow: TransactionRow = {
      ...common,
      id: randomUUID(),
      type: 'send',
      walletId: sender.id,
      userId,
      counterpartyWalletId: credited?.id ?? null,
      fee: charged.feeUnits,
    };
    const receiveRow: TransactionRow | undefined = credited
      ? { ...common, id: randomUUID(), type: 'receive', walletId: credited.id, userId: credited.userId, counterpartyWalletId: sender.id, fee: 0n }
      : undefined;

    const findings = evaluateFraudRules({ amountUnits: check.amountUnits, to: check.to, ...history });
    const alertRows: FraudAlertRow[] = findings.map((finding) => ({
      id: randomUUID(),
      userId,
      transactionId: sendRow.id,
      riskLevel: finding.level,
      reason: finding.reason,
      createdAt,
    }));
    const alerts = alertRows.map((row) => toAlertView(row, hash));
    const transaction = toTransactionView(sendRow);
    const wallet = toWalletView(debited);
    const outcome: SendOutcome = { statusCode: 201, body: { transaction, wallet, alerts } };
    await writeSend(tx, {
      balanceChanges,
      transactionRows: receiveRow ? [sendRow, receiveRow] : [sendRow],
      alertRows,
      userId,
      idempotencyKey,
      statusCode: outcome.statusCode,
      response: outcome.body,
    });

    outbox.add(userId, 'transaction_status', { hash, network: network.id, status: 'pending' });
    outbox.add(userId, 'transaction_update', { transaction });
    outbox.add(userId, 'balance_update', { walletId: wallet.id, network: network.id, newBalance: wallet.balance, newBalanceUnits: wallet.balanceUnits });
    for (const alert of alerts) outbox.add(userId, 'fraud_alert', { message: alert.reason, level: alert.riskLevel, alert });
    if (credited && receiveRow) {
      outbox.add(credited.userId, 'transaction_status', { hash, network: network.id, status: 'pending' });
      outbox.add(credited.userId, 'transaction_update', { transaction: toTransactionView(receiveRow) });
      outbox.add(credited.userId, 'balance_update', {
        walletId: credited.id,
        network: network.id,
        newBalance: formatBalance(credited.balance, network.id),
        newBalanceUnits: credited.balance.toString(),
      });
    }
    return outcome;
  }

  const replay = (record: { fingerprint: string; statusCode: number | null; response: unknown }, fingerprint: string): SendOutcome => {
    if (record.fingerprint !== fingerprint) {
      return { statusCode: 422, body: errorBody('IDEMPOTENCY_KEY_REUSED', WALLET_MESSAGES.idempotencyKeyReused) };
    }
    if (record.statusCode === null) throw new Error('idempotency record committed without a response');
    return { statusCode: record.statusCode, body: record.response } as SendOutcome;
  };

  return {
    /**
     * One send under an Idempotency-Key: the first request with a key writes to the ledger (or is refused)
     * and its answer is stored in the same database transaction; later ones with the key get that answer.
     */
    async send(userId: string, idempotencyKey: string, request: SendRequest): Promise<SendOutcome> {
      const fingerprint = sendFingerprint(request);
      for (let attempt = 1; ; attempt += 1) {
        const outbox = createOutbox();
        try {
          const outcome = await db.transaction(async (tx) => {
            const claim = await claimKeyAndCountSend(
              tx,
              { userId, key: idempotencyKey, fingerprint },
              { key: `send:user:${userId}`, rule: deps.sendRule },
            );
            if (!claim.claimed) {
              const holder = await findIdempotencyRecord(tx, userId, idempotencyKey);
              if (!holder) throw new Error('idempotency key claimed but not readable');
              // Rolling back takes back the count: a replay is free.
              throw new Replayed(replay(holder, fingerprint));
            }
            const verdict = verdictOf(claim.hits, claim.windowStartedAt, deps.sendRule);
            if (!verdict.isAllowed) {
              throw new AppError(429, 'RATE_LIMITED', `Too many transactions. Please wait ${describeWait(verdict.retryAfterMs)} and try again.`);
            }
            const result = await applySend(tx, userId, idempotencyKey, request, outbox);
            if (result.statusCode !== 201) await saveIdempotentResponse(tx, userId, idempotencyKey, result.statusCode, result.body);
            return result;
          });
          events.publishAll(outbox.events);
          return outcome;
        } catch (error) {
          if (error instanceof Replayed) return error.outcome;
          if (attempt < MAX_CONFLICT_RETRIES && isRetryableConflict(error)) continue;
          throw error;
        }
      }
    },
  };
}

export type SendService = ReturnType<typeof createSendService>;
