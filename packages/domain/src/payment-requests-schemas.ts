import { z } from 'zod';
import { assetSymbolSchema } from './assets-schemas.ts';
import { DISPLAY_CURRENCIES } from './currency.ts';
import { lowerCaseEnumInput } from './enum-inputs.ts';
import { isPositiveDecimalText } from './money.ts';
import { networkIdSchema } from './networks-schemas.ts';
import { normalizePaymentReference } from './payment-reference.ts';
import {
  PAYMENT_REQUEST_ID_PATTERN,
  PAYMENT_REQUEST_LIMITS,
  PAYMENT_REQUEST_MESSAGES,
  PAYMENT_REQUEST_STATUSES,
  PAYMENT_REQUEST_UNITS,
} from './payment-requests.ts';

/** Payment requests' routes and form (payment-requests.ts has their rules, messages and URIs). */

export const paymentReferenceSchema = z
  .string({ error: PAYMENT_REQUEST_MESSAGES.invalidReference })
  .max(80, PAYMENT_REQUEST_MESSAGES.invalidReference)
  .transform((text, context) => {
    const reference = normalizePaymentReference(text);
    if (reference === undefined) {
      context.addIssue({ code: 'custom', message: PAYMENT_REQUEST_MESSAGES.invalidReference });
      return z.NEVER;
    }
    return reference;
  });

/** `POST /api/payment-requests`. */
export const createPaymentRequestSchema = z.object({
  /** The requester's wallet the money goes to; its network is the request's. */
  walletId: z.uuid({ error: 'Please select a wallet' }),
  asset: assetSymbolSchema,
  /** Decimal text in `unit`: the asset's unit, or the currency's (at most its decimals). */
  amount: z
    .string({ error: PAYMENT_REQUEST_MESSAGES.enterValidAmount })
    .trim()
    .max(60, PAYMENT_REQUEST_MESSAGES.enterValidAmount)
    .refine(isPositiveDecimalText, PAYMENT_REQUEST_MESSAGES.enterValidAmount),
  // A currency unit in either case ("INR" or "inr"), as every route reads currency codes.
  unit: lowerCaseEnumInput(PAYMENT_REQUEST_UNITS, PAYMENT_REQUEST_MESSAGES.unknownUnit).default('asset'),
  note: z.string().trim().max(PAYMENT_REQUEST_LIMITS.noteChars, PAYMENT_REQUEST_MESSAGES.noteTooLong).optional(),
  displayName: z
    .string({ error: PAYMENT_REQUEST_MESSAGES.displayNameRequired })
    .trim()
    .min(1, PAYMENT_REQUEST_MESSAGES.displayNameRequired)
    .max(PAYMENT_REQUEST_LIMITS.displayNameChars, PAYMENT_REQUEST_MESSAGES.displayNameTooLong),
  expiresInHours: z
    .number({ error: PAYMENT_REQUEST_MESSAGES.expiryRange })
    .int(PAYMENT_REQUEST_MESSAGES.expiryRange)
    .min(PAYMENT_REQUEST_LIMITS.minExpiryHours, PAYMENT_REQUEST_MESSAGES.expiryRange)
    .max(PAYMENT_REQUEST_LIMITS.maxExpiryHours, PAYMENT_REQUEST_MESSAGES.expiryRange)
    .default(PAYMENT_REQUEST_LIMITS.defaultExpiryHours),
});
export type CreatePaymentRequestInput = z.input<typeof createPaymentRequestSchema>;
export type CreatePaymentRequest = z.output<typeof createPaymentRequestSchema>;

const unitsString = z.string().regex(/^\d+$/);
const decimalString = z.string().regex(/^\d+(\.\d+)?$/);

/**
 * What anyone with the link sees (`GET /api/pay/:id`): only what the requester chose to show — the display name,
 * the note, what is asked, where it goes — and nothing else about them.
 */
export const publicPaymentRequestSchema = z.object({
  id: z.string().regex(PAYMENT_REQUEST_ID_PATTERN),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  displayName: z.string(),
  note: z.string().nullable(),
  network: networkIdSchema,
  asset: z.string(),
  /** The requester's wallet address (canonical form): the recipient of the payment. */
  address: z.string(),
  /** The amount in the asset: fixed for an asset request; for a currency request, at the rate of the moment (`assetAmountIsIndicative`). */
  amount: decimalString,
  amountUnits: unitsString,
  assetAmountIsIndicative: z.boolean(),
  /** Set for a request written in a currency: that currency and the amount in its minor unit (paise, cents, yen). */
  fiat: z.object({ currency: z.enum(DISPLAY_CURRENCIES), amountMinor: unitsString }).nullable(),
  /** 64 hex digits. */
  reference: z.string().regex(/^[0-9a-f]{64}$/),
  /** The standard URI (EIP-681 / Solana Pay) with the amount above, the reference, and on Solana the label and message. */
  uri: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
});
export type PublicPaymentRequest = z.infer<typeof publicPaymentRequestSchema>;

/** The owner's view (`GET /api/payment-requests`, `POST …`, `POST …/:id/cancel`). */
export const paymentRequestViewSchema = publicPaymentRequestSchema.extend({
  walletId: z.uuid(),
  cancelledAt: z.iso.datetime().nullable(),
  /** The hash of the send that paid it. */
  transactionHash: z.string().nullable(),
  /** The shareable link's path, `/pay/{id}`. */
  path: z.string(),
});
export type PaymentRequestView = z.infer<typeof paymentRequestViewSchema>;

export const paymentRequestListSchema = z.object({ requests: z.array(paymentRequestViewSchema) });
