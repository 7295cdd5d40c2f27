/**
 * Payment requests (docs/product.md#payment-requests, decision 008): the engine owns `payment_requests`, and this
 * file is its only writer. A request asks for an amount of one asset into one of its owner's wallets, in the asset
 * or in a currency; it is created and cancelled by its owner, cancelled with its wallet when that is disconnected,
 * and marked paid by the send that carries its reference, in that send's own statement (send.ts locks the request
 * after the wallets and the quote; send-store.ts writes `markRequestPaidSql` beside the money). 'expired' is not
 * stored: an open request past its expiry reads as expired everywhere and can be neither paid nor cancelled.
 */
import { randomBytes } from 'node:crypto';
import {
  API_ERRORS,
  assetForSend,
  assetToFiatMinor,
  encodePaymentRequestUri,
  fiatMinorToAsset,
  formatAmountTrimmed,
  formatFiatMinor,
  fractionDigitsFor,
  getAsset,
  isDisplayCurrency,
  MAX_AMOUNT_UNITS,
  PAYMENT_REQUEST_ID_PATTERN,
  PAYMENT_REQUEST_LIMITS,
  PAYMENT_REQUEST_REFUSALS,
  parseAmount,
  parseFiatAmount,
  paymentRequestPath,
  tooManyDecimalsMessage,
  type Asset,
  type CreatePaymentRequest,
  type DisplayCurrency,
  type Network,
  type PaymentRequestStatus,
  type PaymentRequestView,
  type PublicPaymentRequest,
} from '@fincrypt/domain';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { paymentRequests, transactions, users, wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Outbox } from '../lib/event-bus.ts';
import { type PricesAtHand, type QuoteRow, snapshotRates } from './quotes.ts';
import { networkOf } from './views.ts';

export type PaymentRequestRow = typeof paymentRequests.$inferSelect;

/** The send that paid a request, as its views show it: the hash, and the amount it carried (fixes a currency request's asset amount). */
export interface PaidBy {
  hash: string;
  amountUnits: bigint;
}

/** A `/pay/{id}` id: 16 random bytes, base64url (PAYMENT_REQUEST_ID_PATTERN). */
export const newPaymentRequestId = (): string => randomBytes(16).toString('base64url');
/** A reference: 32 random bytes as 64 lowercase hex digits (written in base58 in a Solana Pay URI). */
export const newPaymentReference = (): string => randomBytes(32).toString('hex');

export const isPaymentRequestId = (id: string): boolean => PAYMENT_REQUEST_ID_PATTERN.test(id);

/** What a request is now: its stored status, except that an open one past its expiry is expired. */
export function statusOf(row: Pick<PaymentRequestRow, 'status' | 'expiresAt'>, nowMs: number): PaymentRequestStatus {
  if (row.status === 'open' && row.expiresAt.getTime() <= nowMs) return 'expired';
  return row.status;
}

const fiatCurrencyOf = (row: PaymentRequestRow): DisplayCurrency | undefined => (isDisplayCurrency(row.fiatCurrency) ? row.fiatCurrency : undefined);

/** The rate of one whole `asset` in `currency` at the prices at hand; undefined when they cannot price it. */
function assetRate(prices: PricesAtHand, network: Network, asset: Asset, currency: DisplayCurrency): bigint | undefined {
  return snapshotRates(prices, network, asset, currency, currency)?.rates.assetToRecipient;
}

/**
 * The asset amount a currency request asks for at the prices at hand, rounded up so the requester never gets
 * less than asked; undefined when the prices cannot price it or the amount is beyond what a chain holds.
 */
export function indicativeAssetUnits(prices: PricesAtHand, network: Network, asset: Asset, currency: DisplayCurrency, minor: bigint): bigint | undefined {
  const rate = assetRate(prices, network, asset, currency);
  if (rate === undefined) return undefined;
  const units = fiatMinorToAsset(minor, currency, rate, asset.decimals, 'up');
  return units > 0n && units <= MAX_AMOUNT_UNITS ? units : undefined;
}

/**
 * What anyone with the link sees. The asset amount: the one asked (an asset request), the one that paid it (a
 * paid currency request), or the currency amount at the prices at hand (`assetAmountIsIndicative`; "0" and no
 * amount in the URI in the unlikely case no price is at hand).
 */
export function toPublicView(row: PaymentRequestRow, paidBy: PaidBy | null, prices: PricesAtHand, nowMs: number): PublicPaymentRequest {
  const network = networkOf(row.network);
  const asset = getAsset(network.id, row.asset);
  const currency = fiatCurrencyOf(row);
  let amountUnits: bigint | undefined;
  let isIndicative = false;
  if (row.amount !== null) amountUnits = row.amount;
  else if (paidBy) amountUnits = paidBy.amountUnits;
  else if (currency && row.fiatAmountMinor !== null) {
    amountUnits = indicativeAssetUnits(prices, network, asset, currency, row.fiatAmountMinor);
    isIndicative = true;
  }
  return {
    id: row.id,
    status: statusOf(row, nowMs),
    displayName: row.displayName,
    note: row.note,
    network: network.id,
    asset: asset.symbol,
    address: row.toAddress,
    amount: formatAmountTrimmed(amountUnits ?? 0n, asset.decimals),
    amountUnits: (amountUnits ?? 0n).toString(),
    assetAmountIsIndicative: isIndicative,
    fiat: currency && row.fiatAmountMinor !== null ? { currency, amountMinor: row.fiatAmountMinor.toString() } : null,
    reference: row.reference,
    uri: encodePaymentRequestUri({
      network: network.id,
      address: row.toAddress,
      asset: asset.symbol,
      amountUnits,
      reference: row.reference,
      label: row.displayName,
      message: row.note ?? undefined,
    }),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/** The owner's view: the public one with the wallet, the cancellation, the paying send's hash and the link's path. */
export function toOwnerView(row: PaymentRequestRow, paidBy: PaidBy | null, prices: PricesAtHand, nowMs: number): PaymentRequestView {
  return {
    ...toPublicView(row, paidBy, prices, nowMs),
    walletId: row.walletId,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    transactionHash: paidBy?.hash ?? null,
    path: paymentRequestPath(row.id),
  };
}

// ---- reads ----

const paidByColumns = { hash: transactions.hash, amountUnits: transactions.amount };

type RowWithPayment = { request: PaymentRequestRow; hash: string | null; amountUnits: bigint | null };
const paidByOf = (row: RowWithPayment): PaidBy | null =>
  row.hash !== null && row.amountUnits !== null ? { hash: row.hash, amountUnits: row.amountUnits } : null;

/** The owner's requests, newest first, at most PAYMENT_REQUEST_LIMITS.listed, each with the send that paid it. */
export async function listUserRequests(db: Db, userId: string): Promise<{ row: PaymentRequestRow; paidBy: PaidBy | null }[]> {
  const rows = await db
    .select({ request: paymentRequests, ...paidByColumns })
    .from(paymentRequests)
    .leftJoin(transactions, eq(transactions.id, paymentRequests.transactionId))
    .where(eq(paymentRequests.userId, userId))
    .orderBy(desc(paymentRequests.createdAt), desc(paymentRequests.id))
    .limit(PAYMENT_REQUEST_LIMITS.listed);
  return rows.map((row) => ({ row: row.request, paidBy: paidByOf(row) }));
}

/** One request by its `/pay/{id}` id, with the send that paid it; undefined for an unknown or malformed id. */
export async function findRequest(db: Db, id: string): Promise<{ row: PaymentRequestRow; paidBy: PaidBy | null } | undefined> {
  if (!isPaymentRequestId(id)) return undefined;
  const [found] = await db
    .select({ request: paymentRequests, ...paidByColumns })
    .from(paymentRequests)
    .leftJoin(transactions, eq(transactions.id, paymentRequests.transactionId))
    .where(eq(paymentRequests.id, id));
  return found ? { row: found.request, paidBy: paidByOf(found) } : undefined;
}

// ---- the send path ----

/** Reads and locks the request a send's reference names, in the send's transaction (after the wallets and the quote). */
export async function lockRequestByReference(db: Db, reference: string): Promise<PaymentRequestRow | undefined> {
  const [row] = await db.select().from(paymentRequests).where(eq(paymentRequests.reference, reference)).for('update');
  return row;
}

export type PaymentRequestRefusalCode =
  | 'PAYMENT_REQUEST_NOT_FOUND'
  | 'PAYMENT_REQUEST_PAID'
  | 'PAYMENT_REQUEST_EXPIRED'
  | 'PAYMENT_REQUEST_CANCELLED'
  | 'PAYMENT_REQUEST_MISMATCH'
  | 'PAYMENT_REQUEST_UNDERPAID';

export interface PaymentRequestRefusal {
  code: PaymentRequestRefusalCode;
  message: string;
}

/** What a send that carries a reference pays, to hold against the request. */
export interface RequestPayment {
  network: Network;
  asset: Asset;
  /** Canonical, or undefined when the address is not valid on the sender's network. */
  to: string | undefined;
  /** Undefined when the amount does not parse in the asset's decimals (the send rules refuse it next). */
  amountUnits: bigint | undefined;
  /** The firm quote the send honours, if any: its recipient side is the payment's value in that currency. */
  quote: QuoteRow | undefined;
  prices: PricesAtHand;
  nowMs: number;
}

/** "25 USDC" for an asset request, "₹500.00" for a currency request. */
function askedAmountText(row: PaymentRequestRow, asset: Asset): string {
  const currency = fiatCurrencyOf(row);
  if (currency && row.fiatAmountMinor !== null) return formatFiatMinor(row.fiatAmountMinor, currency);
  return `${formatAmountTrimmed(row.amount ?? 0n, asset.decimals)} ${asset.symbol}`;
}

/**
 * The payment's value in `currency`: the quote's recipient side when the quote is in that currency, else the amount
 * at the prices at hand (rounded down, as what a recipient gets always is); undefined when nothing can price it.
 */
function valueIn(currency: DisplayCurrency, payment: RequestPayment, amountUnits: bigint): bigint | undefined {
  if (payment.quote && payment.quote.recipientCurrency === currency && payment.quote.amount === amountUnits) return payment.quote.recipientAmountMinor;
  const rate = assetRate(payment.prices, payment.network, payment.asset, currency);
  return rate === undefined ? undefined : assetToFiatMinor(amountUnits, payment.asset.decimals, rate, currency, 'down');
}

/**
 * Why a send cannot pay `row`, in the order they are checked: unknown; paid, cancelled, expired; another network,
 * asset or address; less than asked (in the asset, or in the request's currency). Undefined when it pays it.
 * Throws SERVICE_UNAVAILABLE when a currency request cannot be valued at all (no quote in its currency, no price).
 */
export function paymentRequestRefusal(row: PaymentRequestRow | undefined, payment: RequestPayment): PaymentRequestRefusal | undefined {
  if (!row) return { code: 'PAYMENT_REQUEST_NOT_FOUND', message: PAYMENT_REQUEST_REFUSALS.notFound };
  const status = statusOf(row, payment.nowMs);
  if (status === 'paid') return { code: 'PAYMENT_REQUEST_PAID', message: PAYMENT_REQUEST_REFUSALS.paid };
  if (status === 'cancelled') return { code: 'PAYMENT_REQUEST_CANCELLED', message: PAYMENT_REQUEST_REFUSALS.cancelled };
  if (status === 'expired') return { code: 'PAYMENT_REQUEST_EXPIRED', message: PAYMENT_REQUEST_REFUSALS.expired };

  const requestNetwork = networkOf(row.network);
  const requestAsset = getAsset(requestNetwork.id, row.asset);
  const asked = askedAmountText(row, requestAsset);
  if (row.network !== payment.network.id || row.asset !== payment.asset.symbol || row.toAddress !== payment.to) {
    const what = row.fiatCurrency ? `${asked} in ${requestAsset.symbol}` : asked;
    return {
      code: 'PAYMENT_REQUEST_MISMATCH',
      message: API_ERRORS.PAYMENT_REQUEST_MISMATCH.messages.mismatch(`${what} on ${requestNetwork.label} to ${row.toAddress}`),
    };
  }
  // An amount that does not parse is the send rules' to refuse, with their message.
  if (payment.amountUnits === undefined || payment.amountUnits <= 0n) return undefined;
  const underpaid = (offered: string): PaymentRequestRefusal => ({
    code: 'PAYMENT_REQUEST_UNDERPAID',
    message: API_ERRORS.PAYMENT_REQUEST_UNDERPAID.messages.underpaid(asked, offered),
  });
  if (row.amount !== null) {
    return payment.amountUnits >= row.amount ? undefined : underpaid(`${formatAmountTrimmed(payment.amountUnits, payment.asset.decimals)} ${payment.asset.symbol}`);
  }
  const currency = fiatCurrencyOf(row);
  if (!currency || row.fiatAmountMinor === null) throw new Error(`payment request ${row.id} has neither an amount nor a currency amount`);
  const value = valueIn(currency, payment, payment.amountUnits);
  if (value === undefined) throw new AppError('SERVICE_UNAVAILABLE', API_ERRORS.SERVICE_UNAVAILABLE.messages.pricesUnavailable);
  return value >= row.fiatAmountMinor ? undefined : underpaid(formatFiatMinor(value, currency));
}

/** The statement that stamps a request paid by `transactionId`, for the send's one write (send-store.ts); it touches an open request only. */
export function markRequestPaidSql(db: Db, paid: { requestId: string; transactionId: string; paidAt: Date }) {
  return db
    .update(paymentRequests)
    .set({ status: 'paid', paidAt: paid.paidAt, transactionId: paid.transactionId })
    .where(and(eq(paymentRequests.id, paid.requestId), eq(paymentRequests.status, 'open')))
    .getSQL();
}

/**
 * The send that paid a request failed on its chain (dropped, or reverted): no money came, so the request is open again
 * and can be paid, and its owner is told. Called in the transaction that fails the send (chain-outbox.ts, chain-indexer.ts).
 */
export async function reopenRequestPaidBy(db: Db, failed: { id: string; hash: string }, outbox: Outbox): Promise<void> {
  const reopened = await db
    .update(paymentRequests)
    .set({ status: 'open', paidAt: null, transactionId: null })
    .where(and(eq(paymentRequests.transactionId, failed.id), eq(paymentRequests.status, 'paid')))
    .returning({ id: paymentRequests.id, userId: paymentRequests.userId });
  for (const request of reopened) outbox.add(request.userId, 'payment_request_reopened', { requestId: request.id, transactionHash: failed.hash });
}

/** The request as the send just left it (paid by `transactionId` at `paidAt`), for the requester's realtime event. */
export function paidRow(row: PaymentRequestRow, paid: { transactionId: string; paidAt: Date }): PaymentRequestRow {
  return { ...row, status: 'paid', paidAt: paid.paidAt, transactionId: paid.transactionId };
}

// ---- disconnecting a wallet ----

/**
 * Cancels the open requests into a wallet, in the transaction that disconnects it (wallets.ts): a request must not
 * be payable into a wallet its owner let go. Expired ones are cancelled too, which changes nothing they show but
 * their status. Returns how many.
 */
export async function cancelOpenRequestsOfWallet(db: Db, walletId: string, at: Date): Promise<number> {
  const cancelled = await db
    .update(paymentRequests)
    .set({ status: 'cancelled', cancelledAt: at })
    .where(and(eq(paymentRequests.walletId, walletId), eq(paymentRequests.status, 'open')))
    .returning({ id: paymentRequests.id });
  return cancelled.length;
}

// ---- the owner's service ----

export interface PaymentRequestServiceDeps {
  db: Db;
  pricesAtHand: () => PricesAtHand;
  /** Open (unexpired) requests per user (config PAYMENT_REQUESTS_OPEN_MAX). */
  openMax: number;
}

/** The request's amount: in the asset's smallest unit, or in the currency's minor unit; AppErrors with the send rules' messages. */
function requestAmount(
  input: CreatePaymentRequest,
  network: Network,
  asset: Asset,
  prices: PricesAtHand,
): { amount: bigint; fiatCurrency: null; fiatAmountMinor: null } | { amount: null; fiatCurrency: DisplayCurrency; fiatAmountMinor: bigint } {
  const messages = API_ERRORS.INVALID_AMOUNT.messages;
  if (input.unit === 'asset') {
    const parsed = parseAmount(input.amount, asset.decimals);
    if (!parsed.ok && parsed.error === 'too_many_decimals') throw new AppError('INVALID_AMOUNT', tooManyDecimalsMessage(network.id, asset.symbol));
    if (!parsed.ok || parsed.units <= 0n) throw new AppError('INVALID_AMOUNT', messages.invalidAmount);
    if (parsed.units > MAX_AMOUNT_UNITS) throw new AppError('INVALID_AMOUNT', messages.amountTooLarge);
    return { amount: parsed.units, fiatCurrency: null, fiatAmountMinor: null };
  }
  const currency = input.unit;
  const parsed = parseFiatAmount(input.amount, currency);
  if (!parsed.ok && parsed.error === 'too_many_decimals') {
    throw new AppError('INVALID_AMOUNT', messages.currencyTooManyDecimals(currency.toUpperCase(), fractionDigitsFor(currency)));
  }
  if (!parsed.ok || parsed.units <= 0n) throw new AppError('INVALID_AMOUNT', messages.invalidAmount);
  // It must be payable: an asset amount a chain can hold at today's prices (it is shown with the request).
  const rate = assetRate(prices, network, asset, currency);
  if (rate === undefined) throw new AppError('SERVICE_UNAVAILABLE', API_ERRORS.SERVICE_UNAVAILABLE.messages.pricesUnavailable);
  if (fiatMinorToAsset(parsed.units, currency, rate, asset.decimals, 'up') > MAX_AMOUNT_UNITS) throw new AppError('INVALID_AMOUNT', messages.amountTooLarge);
  return { amount: null, fiatCurrency: currency, fiatAmountMinor: parsed.units };
}

const notFound = () => new AppError('PAYMENT_REQUEST_NOT_FOUND', PAYMENT_REQUEST_REFUSALS.notFound);

export function createPaymentRequestService(deps: PaymentRequestServiceDeps) {
  const { db } = deps;
  return {
    /**
     * A new open request into one of the user's connected wallets. Refused with 404 WALLET_NOT_FOUND (not theirs,
     * or disconnected), 400 INVALID_ASSET / INVALID_AMOUNT, and 409 PAYMENT_REQUEST_LIMIT_REACHED when they have
     * `openMax` open ones: counted and inserted under a lock on the user, so concurrent creates cannot pass it.
     */
    async create(userId: string, input: CreatePaymentRequest): Promise<PaymentRequestView> {
      const prices = deps.pricesAtHand();
      const nowMs = Date.now();
      const row = await db.transaction(async (tx) => {
        const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
        if (!owner) throw notFound();
        // FOR SHARE: a disconnect (an UPDATE of the wallet) waits for this insert, then cancels the new request too.
        const [wallet] = await tx
          .select({ id: wallets.id, network: wallets.network, address: wallets.address })
          .from(wallets)
          .where(and(eq(wallets.id, input.walletId), eq(wallets.userId, userId), sql`${wallets.disconnectedAt} is null`))
          .for('share');
        if (!wallet) throw new AppError('WALLET_NOT_FOUND', API_ERRORS.NOT_FOUND.messages.walletNotFound);
        const network = networkOf(wallet.network);
        const chosen = assetForSend(network.id, input.asset);
        if (!chosen.ok) throw new AppError(chosen.code, chosen.message);
        const amount = requestAmount(input, network, chosen.asset, prices);
        const [open] = await tx
          .select({ count: count() })
          .from(paymentRequests)
          .where(and(eq(paymentRequests.userId, userId), eq(paymentRequests.status, 'open'), gt(paymentRequests.expiresAt, new Date(nowMs))));
        if ((open?.count ?? 0) >= deps.openMax) {
          throw new AppError('PAYMENT_REQUEST_LIMIT_REACHED', API_ERRORS.PAYMENT_REQUEST_LIMIT_REACHED.messages.limitReached(deps.openMax));
        }
        const [inserted] = await tx
          .insert(paymentRequests)
          .values({
            id: newPaymentRequestId(),
            userId,
            walletId: wallet.id,
            network: network.id,
            asset: chosen.asset.symbol,
            toAddress: wallet.address,
            ...amount,
            note: input.note ? input.note : null,
            displayName: input.displayName,
            reference: newPaymentReference(),
            createdAt: new Date(nowMs),
            expiresAt: new Date(nowMs + input.expiresInHours * 60 * 60_000),
          })
          .returning();
        if (!inserted) throw new Error('inserting a payment request returned no row');
        return inserted;
      });
      return toOwnerView(row, null, prices, nowMs);
    },

    /** The user's requests, newest first (at most PAYMENT_REQUEST_LIMITS.listed). */
    async list(userId: string): Promise<PaymentRequestView[]> {
      const prices = deps.pricesAtHand();
      const nowMs = Date.now();
      return (await listUserRequests(db, userId)).map(({ row, paidBy }) => toOwnerView(row, paidBy, prices, nowMs));
    },

    /**
     * Cancels the user's open, unexpired request: 404 when it is unknown or another user's, 409 NOT_OPEN when it
     * is paid, cancelled or expired. A send paying it at the same moment holds its row: one of the two wins.
     */
    async cancel(userId: string, id: string): Promise<PaymentRequestView> {
      if (!isPaymentRequestId(id)) throw notFound();
      const now = new Date();
      const [cancelled] = await db
        .update(paymentRequests)
        .set({ status: 'cancelled', cancelledAt: now })
        .where(and(eq(paymentRequests.id, id), eq(paymentRequests.userId, userId), eq(paymentRequests.status, 'open'), gt(paymentRequests.expiresAt, now)))
        .returning();
      if (cancelled) return toOwnerView(cancelled, null, deps.pricesAtHand(), now.getTime());
      const found = await findRequest(db, id);
      if (!found || found.row.userId !== userId) throw notFound();
      throw new AppError('PAYMENT_REQUEST_NOT_OPEN', API_ERRORS.PAYMENT_REQUEST_NOT_OPEN.messages.notOpen);
    },

    /** What anyone with the link sees; undefined for an unknown or malformed id. */
    async findPublic(id: string): Promise<PublicPaymentRequest | undefined> {
      const found = await findRequest(db, id);
      return found ? toPublicView(found.row, found.paidBy, deps.pricesAtHand(), Date.now()) : undefined;
    },
  };
}

export type PaymentRequestService = ReturnType<typeof createPaymentRequestService>;
