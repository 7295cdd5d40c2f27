import { createHash, randomInt, randomUUID } from 'node:crypto';
import {
  API_ERRORS,
  assetForSend,
  checkSend,
  findAsset,
  NETWORK_IDS,
  NETWORKS,
  type NetworkDefinition,
  type RecipientResult,
  pendingDelayMs,
  sameAddress,
  SEND_MESSAGES,
  validateRecipient,
  usdValueE8,
  WALLET_MESSAGES,
  DEFAULT_DISPLAY_CURRENCY,
  isDisplayCurrency,
  parseAmount,
  type Asset,
  type DisplayCurrency,
  type Network,
  type PriceTokenId,
  type SendRefusal,
  type SendRequest,
  type SendResponse,
  type ValueAtSend,
} from '@fincrypt/domain';
import { type Chains } from '../chain/chains.ts';
import type { ChargedFee, FeeMarket } from '../chain/fee-market.ts';
import type { KeyVault } from '../chain/key-vault.ts';
import { generateKeyPair } from '../chain/keys.ts';
import { signTransfer } from '../chain/signing.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { wallets } from '../db/schema.ts';
import { AppError, errorBody, type ErrorBody } from '../errors.ts';
import { createOutbox, type EventBus, type Outbox } from '../lib/event-bus.ts';
import { isRetryableConflict } from '../lib/pg-errors.ts';
import { describeWait, type RateLimitRule, verdictOf } from '../lib/rate-limiter.ts';
import { broadcastCommitted } from './chain-outbox.ts';
import { BURST_WINDOW_MS, evaluateFraudRules, type FraudFinding } from './fraud-rules.ts';
import {
  lockRequestByReference,
  paidRow,
  paymentRequestRefusal,
  type PaymentRequestRow,
  toOwnerView,
} from './payment-requests.ts';
import { lockQuote, type PricesAtHand, QUOTE_REFUSALS, type QuoteRow, quoteRefusal, valuesFromPrices, valuesFromQuote } from './quotes.ts';
import { lockSolanaBlockhash } from './solana-state.ts';
import { type LockedWallet, lockSendState, type RecipientCandidate, type SendState, sendsSince } from './send-state.ts';
import { type BalanceChange, claimKeyAndCountSend, findIdempotencyRecord, saveIdempotentResponse, writeSend } from './send-store.ts';
import {
  balanceUpdateOf,
  type Balances,
  type FraudAlertRow,
  networkOf,
  toAlertView,
  toExplorerListItem,
  toTransactionView,
  toWalletView,
  type TransactionRow,
} from './views.ts';

export interface SendServiceDeps {
  db: Db;
  events: EventBus;
  vault: KeyVault;
  feeMarket: FeeMarket;
  sendRule: RateLimitRule;
  /** Chain time runs this many times faster than the wall clock (pending delays shrink by it). */
  timeScale: number;
  /** The USD price of one whole unit of an asset at hand (never waits for the feed): the fraud rules compare values. */
  usdPriceOf: (priceTokenId: PriceTokenId) => number;
  /** The prices at hand (never waits for the feed): a send without a quote keeps its value at send time with them. */
  pricesAtHand: () => PricesAtHand;
  /** The networks on a real node: a send there is handed to its node once committed (chain-outbox.ts). */
  chains: Chains;
}

/** A uniform number in [0, 1) from the OS's randomness: where in its speed's window a send gets included. */
export const random01 = () => randomInt(0, 2 ** 47) / 2 ** 47;

/** The answer to a send, stored with its Idempotency-Key and replayed for a retry with the same key. */
export type SendOutcome = { statusCode: 201; body: SendResponse } | { statusCode: 400 | 404 | 409 | 422; body: ErrorBody };

/**
 * A send's answer as the route gets it: with, when this request committed, the instant the commit was acknowledged
 * (epoch milliseconds, sub-millisecond), taken before its events go out; the route passes it on as Server-Timing.
 */
export type SendResult = SendOutcome & { committedAt?: number };

/** A refusal by the send rules, answered with its code's status (404 for the wallet, 400 for the rest). */
const refused = ({ code, message }: Pick<SendRefusal, 'code' | 'message'>): SendOutcome => ({
  statusCode: API_ERRORS[code].status,
  body: errorBody(code, message),
});

/**
 * The request as parsed, in a fixed key order: the same key with another body is a different request. The payment
 * request's reference is added only when there is one, so a send without one keeps the fingerprint it always had.
 */
export function sendFingerprint(request: SendRequest): string {
  const canonical = JSON.stringify([
    request.walletId,
    request.to,
    request.amount,
    request.speed,
    request.feeQuoteId ?? null,
    request.asset ?? null,
    request.quoteId ?? null,
    ...(request.reference === undefined ? [] : [request.reference]),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** A transaction that lost a serialization or deadlock race is retried this many times in all. */
export const MAX_CONFLICT_RETRIES = 3;

/**
 * Thrown to roll a transaction back and answer `outcome`: the stored answer for a key already used, or a quote
 * the send cannot honour (refused changing nothing: not even the key is kept, so the same key may carry a new quote).
 */
class RolledBack extends Error {
  constructor(readonly outcome: SendOutcome) {
    super('rolled back');
  }
}

/**
 * The recipient may be one of our wallets on any network the address is valid for; the sender's network decides.
 * Validity and the canonical form depend on the network's family only, so each family checks it once.
 */
function recipientCandidates(to: string): RecipientCandidate[] {
  const byFamily = new Map<NetworkDefinition['family'], RecipientResult>();
  return NETWORK_IDS.flatMap((networkId) => {
    const { family } = NETWORKS[networkId];
    const valid = byFamily.get(family) ?? validateRecipient(networkId, to);
    byFamily.set(family, valid);
    return valid.ok ? [{ network: networkId, address: valid.address }] : [];
  });
}

/** Who a send is between, among the wallets it locked. */
interface Parties {
  sender: LockedWallet;
  network: Network;
  /** The recipient when the address names another of our wallets on the sender's network; otherwise the money leaves the system. */
  recipient: LockedWallet | undefined;
}

/** The sender (undefined unless it is the user's own, connected wallet) and the recipient wallet of ours, if any. */
function resolveParties(
  locked: readonly LockedWallet[],
  candidates: readonly RecipientCandidate[],
  userId: string,
  senderWalletId: string,
): Parties | undefined {
  const sender = locked.find((wallet) => wallet.id === senderWalletId);
  if (!sender || sender.userId !== userId || sender.disconnectedAt !== null) return undefined;
  const network = networkOf(sender.network);
  const recipientAddress = candidates.find((candidate) => candidate.network === network.id)?.address;
  const recipient =
    recipientAddress === undefined || sameAddress(recipientAddress, sender.address)
      ? undefined
      : locked.find((wallet) => wallet.network === network.id && wallet.address === recipientAddress && wallet.id !== sender.id);
  return { sender, network, recipient };
}

/** A checked and signed transfer: what its rows, its answer and its events are made of. */
interface SignedTransfer {
  parties: Parties;
  asset: Asset;
  hash: string;
  /** The signed transaction (transactions.raw_transaction). */
  raw: string;
  /** The recipient address in canonical form. */
  to: string;
  /** In the asset's smallest unit. */
  amountUnits: bigint;
  /** What leaves the sender in the native coin: amount + fee for a coin transfer, the fee for a token. */
  nativeDebitUnits: bigint;
  charged: ChargedFee;
  request: SendRequest;
  createdAt: Date;
  /** When the chain clock includes it in a block (pending until then). */
  includeAt: Date;
  /** The firm quote it honours, if any. */
  quote: QuoteRow | undefined;
  /** Its fiat values now (from the quote, or the prices at hand); null when they could not be priced. */
  valueAtSend: ValueAtSend | null;
  /** On a network with a real node: the recipient is credited when a block includes it, not now. */
  isOnChain: boolean;
}

interface TransferRows {
  sendRow: TransactionRow;
  /** The recipient's side, when the recipient is one of our wallets. */
  receiveRow: TransactionRow | undefined;
  balanceChanges: BalanceChange[];
}

/** The send row, the receive row for a wallet of ours, and what each side's balance moves by. */
function buildTransferRows(userId: string, transfer: SignedTransfer): TransferRows {
  const { sender, network, recipient } = transfer.parties;
  const common = {
    hash: transfer.hash,
    network: network.id,
    asset: transfer.asset.symbol,
    fromAddress: sender.address,
    toAddress: transfer.to,
    amount: transfer.amountUnits,
    gasUsed: transfer.charged.gasUsed,
    effectiveGasPrice: transfer.charged.gasPriceWei,
    nonce: sender.nextNonce,
    speed: transfer.request.speed,
    status: 'pending' as const,
    confirmations: 0,
    blockNumber: null,
    createdAt: transfer.createdAt,
    includeAt: transfer.includeAt,
    nextConfirmationAt: transfer.includeAt,
    isSettled: false,
    quoteId: transfer.quote?.id ?? null,
    senderCurrency: transfer.valueAtSend?.senderCurrency ?? null,
    senderValueMinor: transfer.valueAtSend ? BigInt(transfer.valueAtSend.senderMinor) : null,
    recipientCurrency: transfer.valueAtSend?.recipientCurrency ?? null,
    recipientValueMinor: transfer.valueAtSend ? BigInt(transfer.valueAtSend.recipientMinor) : null,
    usdValueCents: transfer.valueAtSend ? BigInt(transfer.valueAtSend.usdCents) : null,
    valueSource: transfer.valueAtSend?.source ?? null,
    paymentReference: transfer.request.reference ?? null,
    rawTransaction: transfer.raw,
    failureReason: null,
    isForeign: false,
    isOnChain: transfer.isOnChain,
    isBooked: false,
  };
  const sendRow: TransactionRow = {
    ...common,
    id: randomUUID(),
    type: 'send',
    walletId: sender.id,
    userId,
    counterpartyWalletId: recipient?.id ?? null,
    fee: transfer.charged.feeUnits,
  };
  const receiveRow: TransactionRow | undefined = recipient
    ? { ...common, id: randomUUID(), type: 'receive', walletId: recipient.id, userId: recipient.userId, counterpartyWalletId: sender.id, fee: 0n }
    : undefined;
  const { asset } = transfer;
  const balanceChanges: BalanceChange[] = [
    { walletId: sender.id, asset: network.symbol, deltaUnits: -transfer.nativeDebitUnits },
    ...(asset.kind === 'token' ? [{ walletId: sender.id, asset: asset.symbol, deltaUnits: -transfer.amountUnits }] : []),
    // On a real chain the recipient's money arrives with its block (chain-indexer.ts books it then).
    ...(recipient && !transfer.isOnChain ? [{ walletId: recipient.id, asset: asset.symbol, deltaUnits: transfer.amountUnits }] : []),
  ];
  return { sendRow, receiveRow, balanceChanges };
}

/** A wallet's balances once `changes` are applied to it. */
export function balancesAfter(wallet: LockedWallet, changes: readonly BalanceChange[]): Balances {
  const balances = { ...wallet.balances };
  for (const change of changes) {
    if (change.walletId === wallet.id) balances[change.asset] = (balances[change.asset] ?? 0n) + change.deltaUnits;
  }
  return balances;
}

/** One stored alert per finding of the fraud rules, on the send row. */
function buildAlertRows(findings: readonly FraudFinding[], userId: string, sendRow: TransactionRow): FraudAlertRow[] {
  return findings.map((finding) => ({
    id: randomUUID(),
    userId,
    transactionId: sendRow.id,
    riskLevel: finding.level,
    reason: finding.reason,
    createdAt: sendRow.createdAt,
  }));
}

/**
 * The sender's answer: the transaction, the wallet after the debit and the alerts. The wallet rows are
 * locked, so the balances after this transfer are known exactly before it is written.
 */
function buildSendResponse(transfer: SignedTransfer, rows: TransferRows, alertRows: readonly FraudAlertRow[]): SendResponse {
  const { sender } = transfer.parties;
  return {
    transaction: toTransactionView(rows.sendRow),
    wallet: toWalletView(sender, balancesAfter(sender, rows.balanceChanges), sender.incoming),
    alerts: alertRows.map((row) => toAlertView(row, transfer.hash)),
  };
}

/** The events a send raises, for the sender and for the recipient when it is ours, published once committed. */
function addSendEvents(outbox: Outbox, userId: string, transfer: SignedTransfer, rows: TransferRows, response: SendResponse): void {
  const { hash, asset } = transfer;
  const { network, recipient } = transfer.parties;
  outbox.add(userId, 'transaction_status', { hash, network: network.id, status: 'pending' });
  outbox.add(userId, 'transaction_update', { transaction: response.transaction });
  outbox.add(userId, 'balance_update', balanceUpdateOf(response.wallet, asset.symbol));
  outbox.addPublic('explorer_transaction', { transaction: toExplorerListItem(rows.sendRow) });
  for (const alert of response.alerts) outbox.add(userId, 'fraud_alert', { message: alert.reason, level: alert.riskLevel, alert });
  if (recipient && rows.receiveRow) {
    outbox.add(recipient.userId, 'transaction_status', { hash, network: network.id, status: 'pending' });
    outbox.add(recipient.userId, 'transaction_update', { transaction: toTransactionView(rows.receiveRow) });
    // On a real chain the payment is on its way in until a block includes it; elsewhere it is in the balance already.
    const incoming = transfer.isOnChain ? { ...recipient.incoming, [asset.symbol]: (recipient.incoming[asset.symbol] ?? 0n) + transfer.amountUnits } : recipient.incoming;
    outbox.add(recipient.userId, 'balance_update', balanceUpdateOf(toWalletView(recipient, balancesAfter(recipient, rows.balanceChanges), incoming), asset.symbol));
  }
}

/** The stored answer for a key, or a refusal when the key came with another request. */
function replay(record: { fingerprint: string; statusCode: number | null; response: unknown }, fingerprint: string): SendOutcome {
  if (record.fingerprint !== fingerprint) {
    return { statusCode: API_ERRORS.IDEMPOTENCY_KEY_REUSED.status, body: errorBody('IDEMPOTENCY_KEY_REUSED', WALLET_MESSAGES.idempotencyKeyReused) };
  }
  if (record.statusCode === null) throw new Error('idempotency record committed without a response');
  return { statusCode: record.statusCode, body: record.response } as SendOutcome;
}

const asCurrency = (value: string | null): DisplayCurrency | undefined => (isDisplayCurrency(value) ? value : undefined);

/**
 * A send without a quote keeps its value with the prices at hand: in the sender's chosen currency (INR until they
 * choose one) and in the recipient wallet owner's chosen one (the sender's when the owner chose none or the
 * money leaves the system).
 */
function valuesAtSendWithoutQuote(deps: SendServiceDeps, parties: Parties, asset: Asset, amountUnits: bigint): ValueAtSend | null {
  const senderCurrency = asCurrency(parties.sender.ownerCurrency) ?? DEFAULT_DISPLAY_CURRENCY;
  const recipientCurrency = asCurrency(parties.recipient?.ownerCurrency ?? null) ?? senderCurrency;
  return valuesFromPrices(deps.pricesAtHand(), parties.network, asset, amountUnits, senderCurrency, recipientCurrency);
}

/**
 * Reads and locks the quote a send carries (the wallets are locked already, so two sends of one quote queue
 * there and the second finds it used), and throws a refusal that rolls everything back when it cannot be
 * honoured: unknown or another user's, used, expired, or for another payment.
 */
async function honourQuote(
  tx: Db,
  quoteId: string,
  send: { userId: string; sender: LockedWallet; network: Network; asset: Asset; request: SendRequest; nowMs: number },
): Promise<QuoteRow> {
  const { request, network, asset } = send;
  const quote = await lockQuote(tx, quoteId);
  const recipient = validateRecipient(network.id, request.to);
  const amount = parseAmount(request.amount, asset.decimals);
  const code = quoteRefusal(quote, {
    userId: send.userId,
    walletId: send.sender.id,
    asset: asset.symbol,
    to: recipient.ok ? recipient.address : undefined,
    amountUnits: amount.ok ? amount.units : undefined,
    speed: request.speed,
    nowMs: send.nowMs,
  });
  if (code !== undefined || !quote) {
    const refusal = code ?? 'QUOTE_NOT_FOUND';
    throw new RolledBack({ statusCode: API_ERRORS[refusal].status, body: errorBody(refusal, QUOTE_REFUSALS[refusal]) });
  }
  return quote;
}

/**
 * Reads and locks the payment request a send's reference names (after the wallets and the quote: a second payment
 * of one request queues on the recipient wallet first, then finds it paid), and throws a refusal that rolls
 * everything back, like a quote's, when the send cannot pay it: paid, cancelled, expired, for another network,
 * asset or address, or less than it asks. A reference no FinCrypt request has is another issuer's (a Solana Pay
 * code from a shop): the send goes ahead and keeps it, as Solana Pay means a reference to be used (decision 008).
 */
async function payRequest(
  deps: SendServiceDeps,
  tx: Db,
  reference: string,
  send: { network: Network; asset: Asset; request: SendRequest; quote: QuoteRow | undefined; nowMs: number },
): Promise<PaymentRequestRow | undefined> {
  const { network, asset, request } = send;
  const row = await lockRequestByReference(tx, reference);
  if (!row) return undefined;
  const recipient = validateRecipient(network.id, request.to);
  const amount = parseAmount(request.amount, asset.decimals);
  const refusal = paymentRequestRefusal(row, {
    network,
    asset,
    to: recipient.ok ? recipient.address : undefined,
    amountUnits: amount.ok ? amount.units : undefined,
    quote: send.quote,
    prices: deps.pricesAtHand(),
    nowMs: send.nowMs,
  });
  if (refusal) throw new RolledBack({ statusCode: API_ERRORS[refusal.code].status, body: errorBody(refusal.code, refusal.message) });
  return row;
}

/**
 * On the Solana runtime, what makes a transfer valid and unique there: the published blockhash, and a reference (the
 * payment request's Solana Pay reference when it is a public key, else a fresh one). Elsewhere, nothing.
 */
function solanaLifetime(network: Network, blockhash: string | undefined, reference: string | undefined) {
  if (network.family !== 'solana' || blockhash === undefined) return {};
  const isKey = reference !== undefined && validateRecipient(network.id, reference).ok;
  return { recentBlockhash: blockhash, reference: isKey ? reference : generateKeyPair(network).address };
}

/**
 * The blockhash a send on the Solana runtime signs with, taken `for share` before the send locks any wallet (the
 * leader's rotation holds the blockhash while it books balances): undefined for a send on any other network.
 */
async function solanaBlockhashFor(deps: SendServiceDeps, tx: Db, walletId: string): Promise<string | undefined> {
  const solana = [...deps.chains.values()].find((chain) => chain.family === 'solana');
  if (!solana) return undefined;
  const [wallet] = await tx.select({ network: wallets.network }).from(wallets).where(eq(wallets.id, walletId));
  return wallet?.network === solana.network ? lockSolanaBlockhash(tx, solana.network) : undefined;
}

/** What a send came to before anything is written: a refusal, or a signed transfer with its rows, alerts and answer. */
type Decision =
  | { kind: 'refused'; outcome: SendOutcome }
  | {
      kind: 'transfer';
      outcome: { statusCode: 201; body: SendResponse };
      transfer: SignedTransfer;
      rows: TransferRows;
      alertRows: FraudAlertRow[];
      paying: PaymentRequestRow | undefined;
    };

/**
 * Reads and locks what the send carries besides the wallets, once the sender, network and asset are known: the firm
 * quote and the payment request (each throws a RolledBack refusal).
 */
type HonourCarried = (send: { sender: LockedWallet; network: Network; asset: Asset; nowMs: number }) => Promise<{
  quote: QuoteRow | undefined;
  paying: PaymentRequestRow | undefined;
}>;

/**
 * Decides a send from its state: who it is between, the fee, the checks, the signature, the rows, the fraud alerts
 * and the answer. Writes nothing: the caller writes the decision in its transaction. Refusals are returned, not
 * thrown, so they can be stored.
 */
async function decideSend(
  deps: SendServiceDeps,
  send: { userId: string; request: SendRequest; state: SendState; candidates: readonly RecipientCandidate[]; nowMs: number; solanaBlockhash: string | undefined },
  honourCarried: HonourCarried,
): Promise<Decision> {
  const { userId, request, state, candidates, nowMs } = send;
  const { history } = state;
  const parties = resolveParties(state.wallets, candidates, userId, request.walletId);
  if (!parties) return { kind: 'refused', outcome: refused({ code: 'WALLET_NOT_FOUND', message: SEND_MESSAGES.walletNotFound }) };
  const { sender, network } = parties;
  // The asset decides the gas, so it is checked before the fee is priced (checkSend checks it again, in its order).
  const chosen = assetForSend(network.id, request.asset);
  if (!chosen.ok) return { kind: 'refused', outcome: refused(chosen) };
  const { quote, paying } = await honourCarried({ sender, network, asset: chosen.asset, nowMs });
  // A firm quote fixes the fee itself; otherwise a fresh fee quote fixes the gas price, or the price of the moment.
  const charged: ChargedFee = quote
    ? { gasPriceWei: quote.gasPrice, gasUsed: quote.gasUsed, feeUnits: quote.fee, source: 'quote' }
    : deps.feeMarket.feeFor(userId, network.id, request.speed, nowMs, request.feeQuoteId, chosen.asset.transferGas);

  const check = checkSend({
    network: network.id,
    from: sender.address,
    balances: sender.balances,
    asset: chosen.asset.symbol,
    amount: request.amount,
    fee: charged.feeUnits,
    to: request.to,
  });
  if (!check.ok) return { kind: 'refused', outcome: refused(check) };

  const { hash, raw } = await signTransfer({
    network,
    privateKeyHex: deps.vault.open(sender.encryptedPrivateKey, sender.address),
    from: sender.address,
    to: check.to,
    amountUnits: check.amountUnits,
    gasPriceWei: charged.gasPriceWei,
    nonce: sender.nextNonce,
    asset: check.asset,
    ...solanaLifetime(network, send.solanaBlockhash, request.reference),
  });
  const transfer: SignedTransfer = {
    parties,
    asset: check.asset,
    hash,
    raw,
    to: check.to,
    amountUnits: check.amountUnits,
    nativeDebitUnits: check.nativeDebitUnits,
    charged,
    request,
    createdAt: new Date(nowMs),
    includeAt: new Date(nowMs + Math.round(pendingDelayMs(request.speed, random01()) / deps.timeScale)),
    quote,
    valueAtSend: quote
      ? valuesFromQuote(quote)
      : valuesAtSendWithoutQuote(deps, parties, check.asset, check.amountUnits),
    isOnChain: deps.chains.has(network.id),
  };

  const rows = buildTransferRows(userId, transfer);
  const valueOf = (asset: Asset, units: bigint) => usdValueE8(units, asset.decimals, deps.usdPriceOf(asset.priceTokenId));
  const findings = evaluateFraudRules({
    value: valueOf(check.asset, check.amountUnits),
    // An earlier send of an asset the registry no longer has is left out rather than valued at nothing.
    earlierValues: history.earlierSends.flatMap(({ asset: symbol, amountUnits }) => {
      const asset = findAsset(network.id, symbol);
      return asset ? [valueOf(asset, amountUnits)] : [];
    }),
    to: check.to,
    paidAddresses: history.paidAddresses,
    ownAddresses: history.ownAddresses,
    contactAddresses: history.contactAddresses,
    recentSendCount: sendsSince(history, nowMs - BURST_WINDOW_MS),
  });
  const alertRows = buildAlertRows(findings, userId, rows.sendRow);
  return { kind: 'transfer', outcome: { statusCode: 201, body: buildSendResponse(transfer, rows, alertRows) }, transfer, rows, alertRows, paying };
}

/** The events of a transfer, published once it has committed: the parties', the explorer's, and the request's owner's. */
function addTransferEvents(deps: SendServiceDeps, outbox: Outbox, userId: string, decision: Extract<Decision, { kind: 'transfer' }>, nowMs: number): void {
  const { transfer, rows, outcome, paying } = decision;
  addSendEvents(outbox, userId, transfer, rows, outcome.body);
  if (paying) {
    const paid = paidRow(paying, { transactionId: rows.sendRow.id, paidAt: transfer.createdAt });
    const view = toOwnerView(paid, { hash: transfer.hash, amountUnits: transfer.amountUnits }, deps.pricesAtHand(), nowMs);
    outbox.add(paying.userId, 'payment_request_paid', { request: view, transactionHash: transfer.hash });
  }
}

/**
 * A send in the caller's database transaction: locks the wallets it touches and reads the sender's history, reads and
 * locks the quote and the request it carries, decides, and writes it all in one statement.
 */
async function applySend(
  deps: SendServiceDeps,
  tx: Db,
  send: { userId: string; idempotencyKey: string; request: SendRequest },
  outbox: Outbox,
  written: TransactionRow[],
): Promise<SendOutcome> {
  const { userId, idempotencyKey, request } = send;
  const nowMs = Date.now();
  const candidates = recipientCandidates(request.to);
  const solanaBlockhash = await solanaBlockhashFor(deps, tx, request.walletId);
  const state = await lockSendState(tx, { userId, senderWalletId: request.walletId, recipientCandidates: candidates });
  const decision = await decideSend(deps, { userId, request, state, candidates, nowMs, solanaBlockhash }, async ({ sender, network, asset }) => {
    const quote = request.quoteId === undefined ? undefined : await honourQuote(tx, request.quoteId, { userId, sender, network, asset, request, nowMs });
    const paying =
      request.reference === undefined ? undefined : await payRequest(deps, tx, request.reference, { network, asset, request, quote, nowMs });
    return { quote, paying };
  });
  if (decision.kind === 'refused') return decision.outcome;
  const { transfer, rows, alertRows, outcome, paying } = decision;
  await writeSend(tx, {
    balanceChanges: rows.balanceChanges,
    signerWalletId: transfer.parties.sender.id,
    transactionRows: rows.receiveRow ? [rows.sendRow, rows.receiveRow] : [rows.sendRow],
    alertRows,
    userId,
    idempotencyKey,
    statusCode: outcome.statusCode,
    response: outcome.body,
    quoteUse: transfer.quote ? { quoteId: transfer.quote.id, transactionId: rows.sendRow.id, usedAt: transfer.createdAt } : undefined,
    requestPaid: paying ? { requestId: paying.id, transactionId: rows.sendRow.id, paidAt: transfer.createdAt } : undefined,
  });
  addTransferEvents(deps, outbox, userId, decision, nowMs);
  written.push(rows.sendRow);
  return outcome;
}

/** The 429 of a user over the send limit, with how long until the window ends. */
function rateLimited(windowStartedAt: Date, rule: RateLimitRule): AppError {
  const verdict = verdictOf(Number.POSITIVE_INFINITY, windowStartedAt, rule);
  const message = API_ERRORS.RATE_LIMITED.messages.tooMany('transactions', describeWait(verdict.retryAfterMs));
  return new AppError('RATE_LIMITED', message, { retryAfterMs: verdict.retryAfterMs });
}

/** One send as the service carries it. */
interface SendCall {
  userId: string;
  idempotencyKey: string;
  request: SendRequest;
  /** sendFingerprint(request): the same key with another request is refused. */
  fingerprint: string;
}

/**
 * Claims the key and counts the send, then applies it: a key already used rolls back (which takes the count back, so
 * a replay is free) and answers what the key's first request got; a user over the limit gets 429.
 */
async function claimAndApply(deps: SendServiceDeps, tx: Db, call: SendCall, outbox: Outbox, written: TransactionRow[]): Promise<SendOutcome> {
  const { userId, idempotencyKey, request, fingerprint } = call;
  const claim = await claimKeyAndCountSend(tx, { userId, key: idempotencyKey, fingerprint }, { key: `send:user:${userId}`, rule: deps.sendRule });
  if (!claim.claimed) {
    const holder = await findIdempotencyRecord(tx, userId, idempotencyKey);
    if (!holder) throw new Error('idempotency key claimed but not readable');
    throw new RolledBack(replay(holder, fingerprint));
  }
  const verdict = verdictOf(claim.hits, claim.windowStartedAt, deps.sendRule);
  if (!verdict.isAllowed) throw rateLimited(claim.windowStartedAt, deps.sendRule);
  const result = await applySend(deps, tx, { userId, idempotencyKey, request }, outbox, written);
  if (result.statusCode !== 201) await saveIdempotentResponse(tx, userId, idempotencyKey, result.statusCode, result.body);
  return result;
}

export function createSendService(deps: SendServiceDeps) {
  return {
    /**
     * One send under an Idempotency-Key, in one database transaction: the first request with a key writes to the
     * ledger (or is refused) and its answer is stored with it; later ones with the key get that answer. Events go out
     * once it has committed. Retried when it loses a serialization or deadlock race.
     */
    async send(userId: string, idempotencyKey: string, request: SendRequest): Promise<SendResult> {
      const call: SendCall = { userId, idempotencyKey, request, fingerprint: sendFingerprint(request) };
      for (let attempt = 1; ; attempt += 1) {
        const outbox = createOutbox();
        const written: TransactionRow[] = [];
        try {
          const outcome = await deps.db.transaction((tx) => claimAndApply(deps, tx, call, outbox, written));
          const committedAt = performance.timeOrigin + performance.now();
          deps.events.publishOutbox(outbox);
          broadcastCommitted(deps.chains, written);
          return { ...outcome, committedAt };
        } catch (error) {
          if (error instanceof RolledBack) return error.outcome;
          if (attempt < MAX_CONFLICT_RETRIES && isRetryableConflict(error)) continue;
          throw error;
        }
      }
    },
  };
}

export type SendService = ReturnType<typeof createSendService>;
