import { API_ERRORS } from './errors.ts';
import type { DisplayCurrency } from './currency.ts';
import type { CreateQuoteRequest } from './quote-api-schemas.ts';

/**
 * Cross-border payments (docs/product.md#cross-border-payments): a firm quote fixes one side of a payment —
 * the asset amount, what the sender pays in their currency, or what the recipient gets in theirs — and locks
 * the rates, the fee and the exact asset amount for a short while. A send that carries the quote's id is charged
 * exactly that, once. Fiat travels as integer strings in the currency's minor unit (`…Minor`: paise, cents, yen)
 * and rates as decimal text (the price of one whole asset unit, fx.ts). The API's shapes are in quote-api-schemas.ts.
 */

/** How long a firm quote is honoured unless the server is configured otherwise. */
export const DEFAULT_QUOTE_TTL_MS = 30_000;

/** Which amount the sender fixed: the asset's ("0.05 ETH"), their own cost ("I send ₹10,000") or the recipient's ("they receive €100"). */
export const QUOTE_FIXED_SIDES = ['asset', 'sender', 'recipient'] as const;
export type QuoteFixedSide = (typeof QUOTE_FIXED_SIDES)[number];

/** How a payment's value behaves between sending and arriving: a stablecoin holds its peg; a coin moves with the market. */
export const VALUE_IN_FLIGHT = ['stable', 'market'] as const;
export type ValueInFlight = (typeof VALUE_IN_FLIGHT)[number];

export const QUOTE_MESSAGES = {
  expired: API_ERRORS.QUOTE_EXPIRED.messages.expired,
  used: API_ERRORS.QUOTE_USED.messages.used,
  notFound: API_ERRORS.QUOTE_NOT_FOUND.messages.notFound,
  mismatch: API_ERRORS.QUOTE_MISMATCH.messages.mismatch,
  unknownCurrency: API_ERRORS.VALIDATION_ERROR.messages.unknownCurrency,
  amountTooLarge: API_ERRORS.INVALID_AMOUNT.messages.amountTooLarge,
} as const;

export function isFixedSide(value: unknown): value is QuoteFixedSide {
  return typeof value === 'string' && (QUOTE_FIXED_SIDES as readonly string[]).includes(value);
}

/** The currency an amount typed on `fixed`'s side is in (undefined for the asset). */
export function currencyOfFixedSide(request: Pick<CreateQuoteRequest, 'fixed' | 'senderCurrency' | 'recipientCurrency'>): DisplayCurrency | undefined {
  if (request.fixed === 'sender') return request.senderCurrency;
  if (request.fixed === 'recipient') return request.recipientCurrency;
  return undefined;
}
