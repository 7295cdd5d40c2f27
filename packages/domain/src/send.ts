import { z } from 'zod';
import { sameAddress, validateRecipient } from './addresses.ts';
import { API_ERRORS, type SendRefusalCode } from './errors.ts';
import { DEFAULT_GAS_SPEED, GAS_SPEEDS } from './fees.ts';
import { isPositiveDecimalText, parseAmount } from './money.ts';
import { NETWORKS, type NetworkId } from './networks.ts';

export const SEND_MESSAGES = {
  // The send rules, checked where the wallet and balance are known (server, and the form before
  // submitting); the error registry (errors.ts) defines them with their codes.
  walletNotFound: API_ERRORS.WALLET_NOT_FOUND.messages.senderWalletNotFound,
  invalidAmount: API_ERRORS.INVALID_AMOUNT.messages.invalidAmount,
  insufficientBalance: API_ERRORS.INSUFFICIENT_BALANCE.messages.insufficientBalance,
  invalidRecipient: API_ERRORS.INVALID_RECIPIENT.messages.invalidRecipient,
  sameWallet: API_ERRORS.SAME_WALLET.messages.sameWallet,
  // The form's own messages for empty or malformed fields.
  selectWallet: 'Please select a wallet',
  enterValidAmount: 'Please enter a valid amount',
  enterRecipient: 'Please enter a recipient address',
  selectSpeed: 'Please choose a transaction speed',
} as const;

export function tooManyDecimalsMessage(network: NetworkId): string {
  return API_ERRORS.INVALID_AMOUNT.messages.tooManyDecimals(network);
}

export const SEND_LIMITS = { recipientChars: 128, quoteIdChars: 128 } as const;

/** One schema for the send form, its client call and the server route. */
export const sendRequestSchema = z.object({
  walletId: z.uuid({ error: SEND_MESSAGES.selectWallet }),
  to: z
    .string({ error: SEND_MESSAGES.enterRecipient })
    .trim()
    .min(1, SEND_MESSAGES.enterRecipient)
    .max(SEND_LIMITS.recipientChars, SEND_MESSAGES.invalidRecipient),
  amount: z
    .string({ error: SEND_MESSAGES.enterValidAmount })
    .trim()
    .refine(isPositiveDecimalText, SEND_MESSAGES.enterValidAmount),
  speed: z.enum(GAS_SPEEDS, { error: SEND_MESSAGES.selectSpeed }).default(DEFAULT_GAS_SPEED),
  quoteId: z.string().trim().min(1).max(SEND_LIMITS.quoteIdChars).optional(),
});
export type SendRequestInput = z.input<typeof sendRequestSchema>;
export type SendRequest = z.output<typeof sendRequestSchema>;

export interface SendCheckInput {
  /** The sender wallet's network, address and balance; leave them out when no such wallet exists. */
  network?: NetworkId | undefined;
  from?: string | undefined;
  balance?: bigint | undefined;
  /** As typed: a decimal string in coin. */
  amount: string;
  /** The fee that will be charged, in the network's smallest unit. */
  fee: bigint;
  to: string;
}

/** The send form's fields a send rule can refuse. */
export const SEND_FIELDS = ['walletId', 'amount', 'to'] as const;
export type SendField = (typeof SEND_FIELDS)[number];

/** A refusal: its code, the field the registry puts it on, and its message. */
export interface SendRefusal {
  ok: false;
  code: SendRefusalCode;
  field: SendField;
  message: string;
}

export type SendCheckResult = { ok: true; amountUnits: bigint; totalUnits: bigint; to: string } | SendRefusal;

const refuse = (code: SendRefusalCode, message: string): SendRefusal => ({ ok: false, code, field: API_ERRORS[code].field, message });

/**
 * The send rules in their order (docs/product.md#sending): wallet, amount, balance, recipient, then same wallet.
 * On success `to` is the recipient in canonical form and `totalUnits` is what leaves the wallet.
 */
export function checkSend({ network, from, balance, amount, fee, to }: SendCheckInput): SendCheckResult {
  if (network === undefined || from === undefined || balance === undefined) {
    return refuse('WALLET_NOT_FOUND', SEND_MESSAGES.walletNotFound);
  }

  const parsed = parseAmount(amount, NETWORKS[network].decimals);
  if (!parsed.ok && parsed.error === 'too_many_decimals') return refuse('INVALID_AMOUNT', tooManyDecimalsMessage(network));
  if (!parsed.ok || parsed.units <= 0n) return refuse('INVALID_AMOUNT', SEND_MESSAGES.invalidAmount);

  const totalUnits = parsed.units + fee;
  if (totalUnits > balance) return refuse('INSUFFICIENT_BALANCE', SEND_MESSAGES.insufficientBalance);

  const recipient = validateRecipient(network, to);
  if (!recipient.ok) return refuse(recipient.code, recipient.message);
  if (sameAddress(recipient.address, from)) return refuse('SAME_WALLET', SEND_MESSAGES.sameWallet);

  return { ok: true, amountUnits: parsed.units, totalUnits, to: recipient.address };
}
