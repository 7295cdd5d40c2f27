import { z } from 'zod';
import { INVALID_RECIPIENT_MESSAGE, sameAddress, validateRecipient } from './addresses.ts';
import { DEFAULT_GAS_SPEED, GAS_SPEEDS } from './fees.ts';
import { isPositiveDecimalText, parseAmount } from './money.ts';
import { NETWORKS, type NetworkId } from './networks.ts';

export const SEND_MESSAGES = {
  // Checked where the wallet and balance are known (server, and the form before submitting).
  walletNotFound: 'Sender wallet not found',
  invalidAmount: 'Invalid amount',
  insufficientBalance: 'Insufficient balance for transaction and gas fee',
  invalidRecipient: INVALID_RECIPIENT_MESSAGE,
  sameWallet: 'You cannot send to the same wallet',
  // The form's own messages for empty or malformed fields.
  selectWallet: 'Please select a wallet',
  enterValidAmount: 'Please enter a valid amount',
  enterRecipient: 'Please enter a recipient address',
  selectSpeed: 'Please choose a transaction speed',
} as const;

export function tooManyDecimalsMessage(network: NetworkId): string {
  const { symbol, decimals } = NETWORKS[network];
  return `Amount has more decimal places than ${symbol} allows (at most ${decimals})`;
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

export type SendCheckResult =
  | { ok: true; amountUnits: bigint; totalUnits: bigint; to: string }
  | { ok: false; field: 'walletId' | 'amount' | 'to'; message: string };

/**
 * The send rules in their order (docs/product.md#sending): wallet, amount, balance, recipient, then same wallet.
 * On success `to` is the recipient in canonical form and `totalUnits` is what leaves the wallet.
 */
export function checkSend({ network, from, balance, amount, fee, to }: SendCheckInput): SendCheckResult {
  if (network === undefined || from === undefined || balance === undefined) {
    return { ok: false, field: 'walletId', message: SEND_MESSAGES.walletNotFound };
  }

  const parsed = parseAmount(amount, NETWORKS[network].decimals);
  if (!parsed.ok && parsed.error === 'too_many_decimals') {
    return { ok: false, field: 'amount', message: tooManyDecimalsMessage(network) };
  }
  if (!parsed.ok || parsed.units <= 0n) return { ok: false, field: 'amount', message: SEND_MESSAGES.invalidAmount };

  const totalUnits = parsed.units + fee;
  if (totalUnits > balance) return { ok: false, field: 'amount', message: SEND_MESSAGES.insufficientBalance };

  const recipient = validateRecipient(network, to);
  if (!recipient.ok) return { ok: false, field: 'to', message: recipient.message };
  if (sameAddress(recipient.address, from)) return { ok: false, field: 'to', message: SEND_MESSAGES.sameWallet };

  return { ok: true, amountUnits: parsed.units, totalUnits, to: recipient.address };
}
