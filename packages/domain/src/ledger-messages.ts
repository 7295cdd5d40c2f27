import { API_ERRORS } from './errors.ts';
import type { NetworkId } from './networks.ts';

/** The wallet and transaction API's messages, as the error registry (errors.ts) defines them. */
export const WALLET_MESSAGES = {
  walletNotFound: API_ERRORS.NOT_FOUND.messages.walletNotFound,
  transactionNotFound: API_ERRORS.NOT_FOUND.messages.transactionNotFound,
  idempotencyKeyMissing: API_ERRORS.VALIDATION_ERROR.messages.idempotencyKeyMissing,
  idempotencyKeyInvalid: API_ERRORS.VALIDATION_ERROR.messages.idempotencyKeyInvalid,
  idempotencyKeyReused: API_ERRORS.IDEMPOTENCY_KEY_REUSED.messages.idempotencyKeyReused,
  invalidCursor: API_ERRORS.VALIDATION_ERROR.messages.invalidCursor,
  invalidDateRange: API_ERRORS.VALIDATION_ERROR.messages.invalidDateRange,
  walletLimitReached: API_ERRORS.WALLET_LIMIT_REACHED.messages.walletLimitReached,
  /** Beside "… wallet connected successfully" when a wallet starts empty (the network had one before). */
  startsEmpty: 'Starter funds come with your first wallet on each network. Use "Get test funds" on its card to top this one up.',
} as const;

/** 'A Ethereum Sepolia wallet is already connected' — the template of docs/product.md#wallets with the network's label. */
export function walletAlreadyConnectedMessage(network: NetworkId): string {
  return API_ERRORS.WALLET_ALREADY_CONNECTED.messages.alreadyConnected(network);
}
