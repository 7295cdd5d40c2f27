/**
 * Firm quotes (docs/product.md#cross-border-payments): the engine owns `payment_quotes`. A quote fixes one
 * payment — wallet, recipient, asset, exact amount, speed and fee (gas price) — and the rates of one price
 * snapshot, for `ttlMs`. The send that carries its id is charged exactly that, once (send.ts reads and locks the
 * quote after the wallet locks and stamps it used in its own write). Unused quotes are deleted a bounded time
 * after they expire (the chain clock runner's housekeeping); used ones stay with their transaction.
 */
import {
  API_ERRORS,
  assetForSend,
  checkSend,
  compareCost,
  crossRateE8,
  formatAmountTrimmed,
  formatRate,
  fractionDigitsFor,
  getAsset,
  isDisplayCurrency,
  isPeggedTokenId,
  nativeAsset,
  feePercentOf,
  feeShareLevel,
  PRICE_FEED_SOURCES,
  pricePayment,
  rateFromPrice,
  SEND_MESSAGES,
  timeToFinalText,
  tooManyDecimalsMessage,
  type Asset,
  type CoinPriceView,
  type CreateQuoteRequest,
  type DisplayCurrency,
  type GasSpeed,
  type Network,
  type PaymentQuote,
  type PaymentRates,
  type PriceFeedSource,
  type PriceTokenId,
  type ValueAtSend,
} from '@fincrypt/domain';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FeeMarket } from '../chain/fee-market.ts';
import type { Db } from '../db/database.ts';
import { cheaperNetworks } from './cheaper-networks.ts';
import { paymentQuotes, wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { networkOf } from './views.ts';
import { toWalletViewRecord, walletViewColumns } from './wallet-store.ts';

export type QuoteRow = typeof paymentQuotes.$inferSelect;

/** Unused quotes are deleted this long after they expire (a client showing one has long asked for another). */
export const UNUSED_QUOTE_RETENTION_MS = 60 * 60_000;

/** The prices at hand (the price service's snapshot), as the engine sees them: it never imports modules/. */
export interface PricesAtHand {
  prices: Record<PriceTokenId, CoinPriceView>;
  updatedAt: Date;
}

/** The exact rates of one snapshot for a payment of `asset` on `network`, with the least trustworthy source among the figures used. */
export interface SnapshotRates {
  rates: PaymentRates;
  source: PriceFeedSource;
  at: Date;
}

const worstSource = (sources: readonly PriceFeedSource[]): PriceFeedSource =>
  sources.reduce((worst, source) => (PRICE_FEED_SOURCES.indexOf(source) > PRICE_FEED_SOURCES.indexOf(worst) ? source : worst), 'live');

/** The rates a payment is priced with; undefined when a figure it needs is not a usable price. */
export function snapshotRates(
  snapshot: PricesAtHand,
  network: Network,
  asset: Asset,
  senderCurrency: DisplayCurrency,
  recipientCurrency: DisplayCurrency,
): SnapshotRates | undefined {
  const coin = snapshot.prices[asset.priceTokenId];
  const feeCoin = snapshot.prices[nativeAsset(network.id).priceTokenId];
  if (!coin || !feeCoin) return undefined;
  const assetToSender = rateFromPrice(coin.prices[senderCurrency]);
  const assetToRecipient = rateFromPrice(coin.prices[recipientCurrency]);
  const assetToUsd = rateFromPrice(coin.prices.usd);
  const feeAssetToSender = rateFromPrice(feeCoin.prices[senderCurrency]);
  const feeAssetToUsd = rateFromPrice(feeCoin.prices.usd);
  if (!assetToSender || !assetToRecipient || !assetToUsd || !feeAssetToSender || !feeAssetToUsd) return undefined;
  const source = worstSource([
    coin.figureSources[senderCurrency],
    coin.figureSources[recipientCurrency],
    coin.figureSources.usd,
    feeCoin.figureSources[senderCurrency],
    feeCoin.figureSources.usd,
  ]);
  return { rates: { assetToSender, assetToRecipient, assetToUsd, feeAssetToSender, feeAssetToUsd }, source, at: snapshot.updatedAt };
}

/**
 * The values a send without a quote keeps (valueAtSend): the amount priced with the prices at hand, by the
 * same rule as a quote (pricePayment, the asset side fixed). Null when the prices cannot price it.
 */
export function valuesFromPrices(
  snapshot: PricesAtHand,
  network: Network,
  asset: Asset,
  amountUnits: bigint,
  senderCurrency: DisplayCurrency,
  recipientCurrency: DisplayCurrency,
): ValueAtSend | null {
  const priced = snapshotRates(snapshot, network, asset, senderCurrency, recipientCurrency);
  if (!priced) return null;
  const result = pricePayment({
    fixed: 'asset',
    amount: formatAmountTrimmed(amountUnits, asset.decimals),
    assetDecimals: asset.decimals,
    feeDecimals: network.decimals,
    feeUnits: 0n,
    senderCurrency,
    recipientCurrency,
    rates: priced.rates,
  });
  if (!result.ok) return null;
  return {
    senderCurrency,
    senderMinor: result.senderAmountMinor.toString(),
    recipientCurrency,
    recipientMinor: result.recipientAmountMinor.toString(),
    usdCents: result.usdCents.toString(),
    source: priced.source,
  };
}

/** The values a send that honoured `quote` keeps: the quote's own figures. */
export function valuesFromQuote(quote: QuoteRow): ValueAtSend {
  return {
    senderCurrency: quote.senderCurrency as DisplayCurrency,
    senderMinor: quote.senderAmountMinor.toString(),
    recipientCurrency: quote.recipientCurrency as DisplayCurrency,
    recipientMinor: quote.recipientAmountMinor.toString(),
    usdCents: quote.usdAmountCents.toString(),
    source: quote.rateSource,
  };
}

const currencyOf = (value: string): DisplayCurrency => {
  if (!isDisplayCurrency(value)) throw new Error(`unknown currency in the database: ${value}`);
  return value;
};

/** A quote row as the API shows it (POST /api/quotes's answer, and a transaction detail's `quote`); `from` is the sender wallet's address. */
export function toQuoteView(row: QuoteRow, from: string): PaymentQuote {
  const network = networkOf(row.network);
  const asset = getAsset(network.id, row.asset);
  const senderCurrency = currencyOf(row.senderCurrency);
  const recipientCurrency = currencyOf(row.recipientCurrency);
  const speed = row.speed as GasSpeed;
  const debits =
    asset.kind === 'native'
      ? [{ asset: asset.symbol, amount: formatAmountTrimmed(row.amount + row.fee, asset.decimals), amountUnits: (row.amount + row.fee).toString() }]
      : [
          { asset: asset.symbol, amount: formatAmountTrimmed(row.amount, asset.decimals), amountUnits: row.amount.toString() },
          { asset: network.symbol, amount: formatAmountTrimmed(row.fee, network.decimals), amountUnits: row.fee.toString() },
        ];
  const timeToFinal = timeToFinalText(speed);
  // The fee's share of the amount, once: the review, the receipt and the cost table all show this figure.
  const feePercent = feePercentOf({
    feeUnits: row.fee,
    feeDecimals: network.decimals,
    feeAssetToUsd: row.feeRateUsd,
    amountUnits: row.amount,
    assetDecimals: asset.decimals,
    assetToUsd: row.assetRateUsd,
  });
  return {
    id: row.id,
    walletId: row.walletId,
    network: network.id,
    asset: asset.symbol,
    feeSymbol: network.symbol,
    from,
    to: row.toAddress,
    speed,
    fixed: row.fixedSide,
    amount: formatAmountTrimmed(row.amount, asset.decimals),
    amountUnits: row.amount.toString(),
    fee: formatAmountTrimmed(row.fee, network.decimals),
    feeUnits: row.fee.toString(),
    gasUsed: row.gasUsed.toString(),
    gasPriceWei: row.gasPrice.toString(),
    debits,
    senderCurrency,
    recipientCurrency,
    rates: {
      assetToSender: formatRate(row.assetRateSender),
      assetToRecipient: formatRate(row.assetRateRecipient),
      assetToUsd: formatRate(row.assetRateUsd),
      feeAssetToSender: formatRate(row.feeRateSender),
      feeAssetToUsd: formatRate(row.feeRateUsd),
      senderToRecipient: formatRate(crossRateE8(row.assetRateSender, row.assetRateRecipient)),
      source: row.rateSource,
      at: row.ratesAt.toISOString(),
    },
    sender: {
      amountMinor: row.senderAmountMinor.toString(),
      feeMinor: row.senderFeeMinor.toString(),
      totalMinor: (row.senderAmountMinor + row.senderFeeMinor).toString(),
    },
    recipient: { amountMinor: row.recipientAmountMinor.toString() },
    usdCents: row.usdAmountCents.toString(),
    feePercent,
    fxMarkupPercent: '0',
    valueInFlight: isPeggedTokenId(asset.priceTokenId) ? 'stable' : 'market',
    timeToFinal,
    comparison: compareCost({ currency: senderCurrency, amountMinor: row.senderAmountMinor, feeMinor: row.senderFeeMinor, feePercent, timeToFinal }),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Why a quote cannot be honoured by a send, in the order they are checked; undefined when it can. */
export type QuoteRefusalCode = 'QUOTE_NOT_FOUND' | 'QUOTE_USED' | 'QUOTE_EXPIRED' | 'QUOTE_MISMATCH';

export const QUOTE_REFUSALS: Record<QuoteRefusalCode, string> = {
  QUOTE_NOT_FOUND: API_ERRORS.QUOTE_NOT_FOUND.messages.notFound,
  QUOTE_USED: API_ERRORS.QUOTE_USED.messages.used,
  QUOTE_EXPIRED: API_ERRORS.QUOTE_EXPIRED.messages.expired,
  QUOTE_MISMATCH: API_ERRORS.QUOTE_MISMATCH.messages.mismatch,
};

/** What a send asks for, to hold against the quote it carries. */
export interface QuotedSend {
  userId: string;
  walletId: string;
  asset: string;
  /** Canonical, or undefined when the address is not valid on the wallet's network. */
  to: string | undefined;
  /** Undefined when the amount does not parse in the asset's decimals. */
  amountUnits: bigint | undefined;
  speed: GasSpeed;
  nowMs: number;
}

/** Unknown and another user's answer alike; then used, expired, and a send that differs from what the quote fixed. */
export function quoteRefusal(quote: QuoteRow | undefined, send: QuotedSend): QuoteRefusalCode | undefined {
  if (!quote || quote.userId !== send.userId) return 'QUOTE_NOT_FOUND';
  if (quote.usedAt !== null) return 'QUOTE_USED';
  if (quote.expiresAt.getTime() <= send.nowMs) return 'QUOTE_EXPIRED';
  const isSame =
    quote.walletId === send.walletId &&
    quote.asset === send.asset &&
    quote.toAddress === send.to &&
    quote.amount === send.amountUnits &&
    quote.speed === send.speed;
  return isSame ? undefined : 'QUOTE_MISMATCH';
}

/** Reads and locks a quote in the send's transaction (after the wallet locks, so two sends of one quote queue on the wallet first). */
export async function lockQuote(db: Db, quoteId: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(paymentQuotes).where(eq(paymentQuotes.id, quoteId)).for('update');
  return row;
}

/** The statement that stamps a quote used by `transactionId`, for the send's one write (send-store.ts). */
export function markQuoteUsedSql(db: Db, use: { quoteId: string; transactionId: string; usedAt: Date }) {
  return db
    .update(paymentQuotes)
    .set({ usedAt: use.usedAt, transactionId: use.transactionId })
    .where(and(eq(paymentQuotes.id, use.quoteId), isNull(paymentQuotes.usedAt)))
    .getSQL();
}

export async function findQuote(db: Db, quoteId: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(paymentQuotes).where(eq(paymentQuotes.id, quoteId));
  return row;
}

/** Deletes unused quotes that expired before `before`; returns how many. */
export async function deleteUnusedQuotesExpiredBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(paymentQuotes)
    .where(and(isNull(paymentQuotes.usedAt), lt(paymentQuotes.expiresAt, before)))
    .returning({ id: paymentQuotes.id });
  return deleted.length;
}

export interface QuoteServiceDeps {
  db: Db;
  feeMarket: FeeMarket;
  pricesAtHand: () => PricesAtHand;
  /** How long a quote is honoured (config.quotes.ttlMs). */
  quoteTtlMs: number;
}

const tooManyFiatDecimals = (currency: DisplayCurrency) =>
  API_ERRORS.INVALID_AMOUNT.messages.currencyTooManyDecimals(currency.toUpperCase(), fractionDigitsFor(currency));

export function createQuoteService(deps: QuoteServiceDeps) {
  const { db } = deps;
  return {
    /**
     * A firm quote for the user's payment, or an AppError with the send rules' codes and messages: the wallet
     * (404 unless it is the user's, connected), the asset, the amount (invalid, too many decimals, beyond 2^256),
     * the balance (checkSend's messages) and the recipient (invalid on the wallet's network, or the wallet itself).
     */
    async create(userId: string, request: CreateQuoteRequest): Promise<PaymentQuote> {
      const [found] = await db
        .select(walletViewColumns)
        .from(wallets)
        .where(and(eq(wallets.id, request.walletId), eq(wallets.userId, userId), isNull(wallets.disconnectedAt)));
      if (!found) throw new AppError('WALLET_NOT_FOUND', SEND_MESSAGES.walletNotFound);
      const wallet = toWalletViewRecord(found);
      const network = networkOf(wallet.network);
      const chosen = assetForSend(network.id, request.asset);
      if (!chosen.ok) throw new AppError(chosen.code, chosen.message);
      const { asset } = chosen;

      const nowMs = Date.now();
      const charged = deps.feeMarket.feeFor(userId, network.id, request.speed, nowMs, request.feeQuoteId, asset.transferGas);
      const priced = snapshotRates(deps.pricesAtHand(), network, asset, request.senderCurrency, request.recipientCurrency);
      if (!priced) throw new AppError('SERVICE_UNAVAILABLE', API_ERRORS.SERVICE_UNAVAILABLE.messages.pricesUnavailable);
      const payment = pricePayment({
        fixed: request.fixed,
        amount: request.amount,
        assetDecimals: asset.decimals,
        feeDecimals: network.decimals,
        feeUnits: charged.feeUnits,
        senderCurrency: request.senderCurrency,
        recipientCurrency: request.recipientCurrency,
        rates: priced.rates,
      });
      if (!payment.ok) {
        if (payment.error === 'too_large') throw new AppError('INVALID_AMOUNT', API_ERRORS.INVALID_AMOUNT.messages.amountTooLarge);
        if (payment.error === 'too_many_decimals') {
          const message =
            request.fixed === 'asset'
              ? tooManyDecimalsMessage(network.id, asset.symbol)
              : tooManyFiatDecimals(request.fixed === 'sender' ? request.senderCurrency : request.recipientCurrency);
          throw new AppError('INVALID_AMOUNT', message);
        }
        throw new AppError('INVALID_AMOUNT', SEND_MESSAGES.invalidAmount);
      }
      // The send rules on the exact amount: balance (the coin's, the token's, the fee's), recipient, same wallet.
      const check = checkSend({
        network: network.id,
        from: wallet.address,
        balances: wallet.balances,
        asset: asset.symbol,
        amount: formatAmountTrimmed(payment.amountUnits, asset.decimals),
        fee: charged.feeUnits,
        to: request.to,
      });
      if (!check.ok) throw new AppError(check.code, check.message);

      const [row] = await db
        .insert(paymentQuotes)
        .values({
          userId,
          walletId: wallet.id,
          network: network.id,
          asset: asset.symbol,
          toAddress: check.to,
          speed: request.speed,
          fixedSide: request.fixed,
          amount: payment.amountUnits,
          fee: charged.feeUnits,
          gasUsed: charged.gasUsed,
          gasPrice: charged.gasPriceWei,
          senderCurrency: request.senderCurrency,
          recipientCurrency: request.recipientCurrency,
          assetRateSender: priced.rates.assetToSender,
          assetRateRecipient: priced.rates.assetToRecipient,
          assetRateUsd: priced.rates.assetToUsd,
          feeRateSender: priced.rates.feeAssetToSender,
          feeRateUsd: priced.rates.feeAssetToUsd,
          rateSource: priced.source,
          ratesAt: priced.at,
          senderAmountMinor: payment.senderAmountMinor,
          senderFeeMinor: payment.senderFeeMinor,
          recipientAmountMinor: payment.recipientAmountMinor,
          usdAmountCents: payment.usdCents,
          createdAt: new Date(nowMs),
          expiresAt: new Date(nowMs + deps.quoteTtlMs),
        })
        .returning();
      if (!row) throw new Error('inserting a quote returned no row');
      const view = toQuoteView(row, wallet.address);
      if (feeShareLevel(view.feePercent) === 'ok') return view;
      const alternatives = await cheaperNetworks(deps, {
        userId,
        network: network.id,
        to: check.to,
        asset: asset.symbol,
        speed: request.speed,
        senderCurrency: request.senderCurrency,
        amountMinor: payment.senderAmountMinor,
        feeMinor: payment.senderFeeMinor,
      });
      return { ...view, cheaperNetworks: alternatives };
    },
  };
}
