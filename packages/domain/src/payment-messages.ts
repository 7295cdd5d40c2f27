/**
 * The exact texts the app shows about payments (docs/product.md#toasts and #payment-system-failures): one
 * place, so the server, the web and the tests say the same words.
 */
import { shortAmount } from './money.ts';

/** The reasons of fraud alerts, as the server stores them and the web shows them. */
export const FRAUD_REASONS = {
  unusualAmount: 'Unusual transaction amount compared to your history',
  unfamiliarRecipient: 'Unfamiliar receiving address',
  burst: 'Unusually many transactions in a short time',
  lookalikeRecipient: 'Recipient looks like an address you know but differs (possible address poisoning)',
} as const;

export const PAYMENT_MESSAGES = {
  sent: 'Transaction sent successfully',
  /** Any failed send without a message of its own (the spec's 'Payment failed' default). */
  failed: 'Failed to send transaction',
  /** No answer to a send within PAYMENT_REQUEST_TIMEOUT_MS. */
  timedOut: 'Payment request timed out',
  /** An answer that is empty or not the JSON a send answers. */
  invalidResponse: 'Invalid response from payment processor',
  /** The server could not be reached, or answered 503. */
  unavailable: 'Payment system is currently unavailable. Please check your internet connection and try again.',
  /** The live connection could not be opened. */
  connectFailed: 'Unable to connect to the payment system. Please check your internet connection and refresh the page.',
  /** Reconnecting keeps failing. */
  reconnectFailed: 'Connection to the payment system failed. Please try again later.',
  /** Shown on the page while the live connection is down. */
  offline: 'Offline: not connected to the payment system. Live updates resume, and the page catches up, when the connection returns.',
  balanceUpdated: 'Balance updated',
  tryAgain: 'Try again',
} as const;

/** A send with no answer within this long is reported as timed out. */
export const PAYMENT_REQUEST_TIMEOUT_MS = 15_000;

/**
 * The toast of an incoming payment: "You received 3.5 MATIC", with its worth in the recipient's display currency
 * when known: "You received 25 USDC (≈ €23.10)".
 */
export function receivedMessage(amount: string, symbol: string, fiat?: string): string {
  return `You received ${shortAmount(amount)} ${symbol}${fiat ? ` (${fiat})` : ''}`;
}
