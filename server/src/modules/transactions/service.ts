import { createHash, randomInt } from 'node:crypto';
import {
  checkSend,
  GAS_USED,
  pendingDelayMs,
  sameAddress,
  SEND_MESSAGES,
  validateRecipient,
  WALLET_MESSAGES,
  type SendRequest,
  type SendResponse,
} from '@fincrypt/domain';
import type { EventBus, Outbox } from '../../chain/events.ts';
import { createOutbox } from '../../chain/events.ts';
import type { FeeMarket } from '../../chain/fee-market.ts';
import type { KeyVault } from '../../chain/key-vault.ts';
import { signTransfer } from '../../chain/signing.ts';
import type { Db } from '../../db/database.ts';
import { AppError, errorBody, type ErrorBody } from '../../errors.ts';
import { isRetryableConflict } from '../../lib/pg-errors.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { describeWait } from '../../lib/rate-limiter.ts';
import { BURST_WINDOW_MS, evaluateFraudRules } from '../alerts/fraud-rules.ts';
import { toAlertView } from '../alerts/views.ts';
import { formatBalance, networkOf, toWalletView } from '../wallets/views.ts';
import {
  claimIdempotencyKey,
  creditWallet,
  debitWallet,
  findIdempotencyRecord,
  findSenderWallet,
  findWalletIdByAddress,
  insertFraudAlerts,
  insertTransactionRows,
  loadFraudContext,
  lockWallets,
  saveIdempotentResponse,
} from './repo.ts';
import { toTransactionView } from './views.ts';

export interface SendServiceDeps {
  db: Db;
  events: EventBus;
  vault: KeyVault;
  feeMarket: FeeMarket;
  limiter: RateLimiter;
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

export function createSendService(deps: SendServiceDeps) {
  const { db, events, vault, feeMarket, timeScale } = deps;

  /** Everything a send writes, in the caller's database transaction. Refusals are returned, not thrown, so they can be stored. */
  async function applySend(tx: Db, userId: string, request: SendRequest, outbox: Outbox): Promise<SendOutcome> {
    const nowMs = Date.now();
    const sender = await findSenderWallet(tx, userId, request.walletId);
    if (!sender) return refused(404, SEND_MESSAGES.walletNotFound);
    const network = networkOf(sender.network);
    const charged = feeMarket.feeFor(network.id, request.speed, nowMs, request.quoteId);

    const recipient = validateRecipient(network.id, request.to);
    const recipientWalletId =
      recipient.ok && !sameAddress(recipient.address, sender.address)
        ? await findWalletIdByAddress(tx, network.id, recipient.address)
        : undefined;

    const locked = await lockWallets(tx, recipientWalletId ? [sender.id, recipientWalletId] : [sender.id]);
    const lockedSender = locked.find((wallet) => wallet.id === sender.id);
    // Disconnected between the first read and the lock.
    if (!lockedSender || lockedSender.disconnectedAt !== null || lockedSender.userId !== userId) {
      return refused(404, SEND_MESSAGES.walletNotFound);
    }

    const check = checkSend({
      network: network.id,
      from: lockedSender.address,
      balance: lockedSender.balance,
      amount: request.amount,
      fee: charged.feeUnits,
      to: request.to,
    });
    if (!check.ok) return refused(check.field === 'walletId' ? 404 : 400, check.message);

    const hash = await signTransfer({
      network,
      privateKeyHex: vault.open(lockedSender.encryptedPrivateKey, lockedSender.address),
      from: lockedSender.address,
      to: check.to,
      amountUnits: check.amountUnits,
      gasPriceWei: charged.gasPriceWei,
      nonce: lockedSender.nextNonce,
    });

    const fraudContext = await loadFraudContext(tx, userId, network.id, new Date(nowMs - BURST_WINDOW_MS));
    const debited = await debitWallet(tx, sender.id, check.totalUnits);
    const credited = recipientWalletId ? await creditWallet(tx, recipientWalletId, check.amountUnits) : undefined;

    const createdAt = new Date(nowMs);
    const includeAt = new Date(nowMs + Math.round(pendingDelayMs(request.speed, random01()) / timeScale));
    const common = {
      hash,
      network: network.id,
      fromAddress: lockedSender.address,
      toAddress: check.to,
      amount: check.amountUnits,
      gasUsed: GAS_USED,
      effectiveGasPrice: charged.gasPriceWei,
      nonce: lockedSender.nextNonce,
      speed: request.speed,
      createdAt,
      includeAt,
      nextConfirmationAt: includeAt,
    };
    const [sendRow, receiveRow] = await insertTransactionRows(tx, [
      { ...common, type: 'send', walletId: sender.id, userId, counterpartyWalletId: credited?.id ?? null, fee: charged.feeUnits },
      ...(credited
        ? [{ ...common, type: 'receive' as const, walletId: credited.id, userId: credited.userId, counterpartyWalletId: sender.id, fee: 0n }]
        : []),
    ]);
    if (!sendRow) throw new Error('send row was not written');

    const findings = evaluateFraudRules({ amountUnits: check.amountUnits, to: check.to, ...fraudContext });
    const alertRows = await insertFraudAlerts(
      tx,
      findings.map((finding) => ({ userId, transactionId: sendRow.id, riskLevel: finding.level, reason: finding.reason, createdAt })),
    );
    const alerts = alertRows.map((row) => toAlertView(row, hash));

    const transaction = toTransactionView(sendRow);
    const wallet = toWalletView(debited);
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
    return { statusCode: 201, body: { transaction, wallet, alerts } };
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
      const earlier = await findIdempotencyRecord(db, userId, idempotencyKey);
      if (earlier) return replay(earlier, fingerprint);

      const verdict = await deps.limiter.hit(`send:user:${userId}`, deps.sendRule);
      if (!verdict.isAllowed) {
        throw new AppError(429, 'RATE_LIMITED', `Too many transactions. Please wait ${describeWait(verdict.retryAfterMs)} and try again.`);
      }

      for (let attempt = 1; ; attempt += 1) {
        const outbox = createOutbox();
        try {
          const outcome = await db.transaction(async (tx) => {
            if (!(await claimIdempotencyKey(tx, userId, idempotencyKey, fingerprint))) {
              const holder = await findIdempotencyRecord(tx, userId, idempotencyKey);
              if (!holder) throw new Error('idempotency key claimed but not readable');
              return replay(holder, fingerprint);
            }
            const result = await applySend(tx, userId, request, outbox);
            await saveIdempotentResponse(tx, userId, idempotencyKey, result.statusCode, result.body);
            return result;
          });
          events.publishAll(outbox.events);
          return outcome;
        } catch (error) {
          if (attempt < MAX_CONFLICT_RETRIES && isRetryableConflict(error)) continue;
          throw error;
        }
      }
    },
  };
}

export type SendService = ReturnType<typeof createSendService>;
