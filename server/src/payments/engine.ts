/**
 * The payments engine: the one writer of the ledger tables — `wallets` (creation, nonces, faucet claims,
 * disconnecting), `wallet_balances`, `mints`, `transactions`, `idempotency_keys`, `fraud_alerts`,
 * `payment_quotes` (the firm quotes a send honours) and `payment_requests` (what a send carrying a reference pays).
 *
 * Why one writer: the ledger holds only if every change to it keeps minted = balances + fees + sent
 * outside, with both sides of an internal transfer written together, under the same row locks, and with
 * their events published only after the commit. Keeping every write here means those rules live in one
 * place instead of being re-derived by each HTTP module.
 *
 * What lives here:
 * - engine.ts (this file): what the HTTP modules call — send, open a wallet, close a wallet, claim test funds;
 * - faucet.ts: test funds (a mint transaction per asset, once a day per wallet);
 * - send.ts + send-state.ts + send-store.ts: the send path, one database transaction (idempotency, rate limit, locks,
 *   firm quote, payment request, fraud rules, one write);
 * - speed-up.ts: a pending EVM send replaced by the same transfer at a faster speed (its fee difference, one write);
 * - quotes.ts: firm quotes (create, read and lock for a send, values at send time, cleanup of unused ones);
 * - payment-requests.ts: payment requests (create, list, cancel, the public view; locked and stamped paid by a send);
 * - wallets.ts + wallet-store.ts: opening (key pair, minted starting balance) and closing wallets;
 * - clock.ts + clock-runner.ts: the chain clock that confirms transactions (and forgets old idempotency keys);
 * - fraud-rules.ts, ledger-check.ts (the invariants, read in one snapshot), views.ts (rows → API views).
 *
 * The HTTP modules (modules/*) call this and may read these tables for their lists; this folder never
 * imports modules/. The chain's primitives (keys, signing, blocks, fee market) are in chain/, which never
 * imports this folder.
 */
import type {
  CreatePaymentRequest,
  CreateQuoteRequest,
  FaucetResponse,
  NetworkId,
  PaymentQuote,
  PaymentRequestView,
  PriceTokenId,
  PublicPaymentRequest,
  SendRequest,
  SpeedUpRequest,
  WalletView,
} from '@fincrypt/domain';
import { type Chains } from '../chain/chains.ts';
import type { FeeMarket } from '../chain/fee-market.ts';
import type { KeyVault } from '../chain/key-vault.ts';
import type { KeyPairGenerator } from '../chain/keys.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../lib/event-bus.ts';
import type { RateLimitRule } from '../lib/rate-limiter.ts';
import { createFaucet } from './faucet.ts';
import { createPaymentRequestService } from './payment-requests.ts';
import { createQuoteService, type PricesAtHand } from './quotes.ts';
import { createSendService, type SendResult } from './send.ts';
import { createSpeedUpService, type SpeedUpOutcome } from './speed-up.ts';
import { createWalletLedger } from './wallets.ts';

export interface PaymentsEngineDeps {
  db: Db;
  /** Where events go once the write that raised them has committed. */
  events: EventBus;
  vault: KeyVault;
  feeMarket: FeeMarket;
  generateKeyPair: KeyPairGenerator;
  /** How many sends a user may make per window. */
  sendRule: RateLimitRule;
  /** How many faucet claims a user may make per window. */
  faucetRule: RateLimitRule;
  /** Chain time runs this many times faster than the wall clock. */
  timeScale: number;
  /** The USD price of an asset at hand (the fraud rules compare values, docs/product.md#fraud-rules). */
  usdPriceOf: (priceTokenId: PriceTokenId) => number;
  /** The prices at hand, never waiting for the feed: firm quotes and the values sends keep are priced with them. */
  pricesAtHand: () => PricesAtHand;
  /** How long a firm quote is honoured (config.quotes.ttlMs). */
  quoteTtlMs: number;
  /** Open payment requests per user (config.paymentRequests.openMax). */
  paymentRequestsOpenMax: number;
  /** The networks on a real node (chain/evm-chains.ts): their transactions go to the node and their grants come from its treasury. */
  chains: Chains;
}

export function createPaymentsEngine(deps: PaymentsEngineDeps) {
  const sends = createSendService(deps);
  const speedUps = createSpeedUpService(deps);
  const wallets = createWalletLedger(deps);
  const faucet = createFaucet(deps);
  const quotes = createQuoteService(deps);
  const requests = createPaymentRequestService({ db: deps.db, pricesAtHand: deps.pricesAtHand, openMax: deps.paymentRequestsOpenMax });
  return {
    /** A firm quote for a payment from one of the user's wallets (quotes.ts); refusals are AppErrors with the send rules' codes. */
    createQuote: (userId: string, request: CreateQuoteRequest): Promise<PaymentQuote> => quotes.create(userId, request),
    /** One send under an Idempotency-Key (see send.ts): the stored answer for a key already used. */
    send: (userId: string, idempotencyKey: string, request: SendRequest): Promise<SendResult> => sends.send(userId, idempotencyKey, request),
    /** Speeds up the user's pending EVM send by its current or an older hash (speed-up.ts); refusals are answered, not thrown. */
    speedUp: (userId: string, hash: string, request: SpeedUpRequest): Promise<SpeedUpOutcome> => speedUps.speedUp(userId, hash, request),
    /** A new wallet on the network with its starting balance minted; 409 when one is connected there or the limit is reached. */
    openWallet: (userId: string, network: NetworkId): Promise<WalletView> => wallets.open(userId, network),
    /** Disconnects the user's wallet (404 when it is not theirs or already closed); its history stays. */
    closeWallet: (userId: string, walletId: string): Promise<WalletView> => wallets.close(userId, walletId),
    /** Test funds for the user's wallet, once a day per wallet (faucet.ts). */
    claimFaucet: (userId: string, walletId: string): Promise<FaucetResponse> => faucet.claim(userId, walletId),
    /** A payment request into one of the user's wallets (payment-requests.ts); 409 past the open-request limit. */
    createPaymentRequest: (userId: string, input: CreatePaymentRequest): Promise<PaymentRequestView> => requests.create(userId, input),
    /** The user's payment requests, newest first. */
    listPaymentRequests: (userId: string): Promise<PaymentRequestView[]> => requests.list(userId),
    /** Cancels the user's open request (404 not theirs, 409 no longer open). */
    cancelPaymentRequest: (userId: string, id: string): Promise<PaymentRequestView> => requests.cancel(userId, id),
    /** A request as anyone with its link sees it; undefined for an unknown or malformed id. */
    findPublicPaymentRequest: (id: string): Promise<PublicPaymentRequest | undefined> => requests.findPublic(id),
  };
}

export type PaymentsEngine = ReturnType<typeof createPaymentsEngine>;
export type { SendOutcome } from './send.ts';
export type { SpeedUpOutcome } from './speed-up.ts';
