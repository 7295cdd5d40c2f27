import { z } from 'zod';
import { assetSymbolSchema } from './assets-schemas.ts';
import { DEFAULT_GAS_SPEED, GAS_SPEEDS } from './fees.ts';
import { isPositiveDecimalText } from './money.ts';
import { paymentReferenceSchema } from './payment-requests-schemas.ts';
import { SEND_LIMITS, SEND_MESSAGES } from './send.ts';

/** The fields a send and a firm quote (quote-api.ts) both take, with the same rules and messages. */
export const paymentFieldsShape = {
  walletId: z.uuid({ error: SEND_MESSAGES.selectWallet }),
  to: z
    .string({ error: SEND_MESSAGES.enterRecipient })
    .trim()
    .min(1, SEND_MESSAGES.enterRecipient)
    .max(SEND_LIMITS.recipientChars, SEND_MESSAGES.invalidRecipient),
  /** The asset's symbol on the sender's network ("USDC"); the network's native coin when left out. */
  asset: assetSymbolSchema.optional(),
  speed: z.enum(GAS_SPEEDS, { error: SEND_MESSAGES.selectSpeed }).default(DEFAULT_GAS_SPEED),
  /**
   * A fee quote (GET /api/fees): its gas price is charged while it is fresh, so the fee shown beside the form (and
   * the MAX it leaves) is the fee a firm quote or a send fixes. A firm quote's own fee wins over it.
   */
  feeQuoteId: z.string().trim().min(1).max(SEND_LIMITS.quoteIdChars).optional(),
};

/** One schema for the send form, its client call and the server route. */
export const sendRequestSchema = z.object({
  ...paymentFieldsShape,
  amount: z
    .string({ error: SEND_MESSAGES.enterValidAmount })
    .trim()
    .refine(isPositiveDecimalText, SEND_MESSAGES.enterValidAmount),
  /** A firm quote (POST /api/quotes): the send is charged exactly its amounts, once, while it is fresh. */
  quoteId: z.uuid({ error: 'Invalid quote id' }).optional(),
  /**
   * A payment request's reference (payment-requests.ts): the send pays that request, and marks it paid in its own
   * database transaction; it is refused when the request is paid, expired, cancelled or asks for something else.
   */
  reference: paymentReferenceSchema.optional(),
});
export type SendRequestInput = z.input<typeof sendRequestSchema>;
export type SendRequest = z.output<typeof sendRequestSchema>;
