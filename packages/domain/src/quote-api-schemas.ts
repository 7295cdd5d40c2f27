import { z } from 'zod';
import { DISPLAY_CURRENCIES } from './currency.ts';
import { displayCurrencyInput } from './enum-inputs.ts';
import { GAS_SPEEDS } from './fees.ts';
import { PRICE_FEED_SOURCES } from './market-api.ts';
import { isPositiveDecimalText, MAX_INTEGER_DIGITS } from './money.ts';
import { networkIdSchema } from './networks-schemas.ts';
import { QUOTE_FIXED_SIDES, QUOTE_MESSAGES, VALUE_IN_FLIGHT } from './quote-api.ts';
import { SEND_LIMITS, SEND_MESSAGES } from './send.ts';
import { paymentFieldsShape } from './send-schemas.ts';

/** The firm quotes' API shapes (quote-api.ts has their sides, messages and lifetime). */

/** "1000…0" with more whole digits than an amount may have (money.ts): beyond 2^256 of any unit. */
const isTooManyWholeDigits = (text: string) => /^\d+(\.\d*)?$/.test(text) && text.split('.')[0]!.replace(/^0+/, '').length > MAX_INTEGER_DIGITS;

const currencySchema = displayCurrencyInput(QUOTE_MESSAGES.unknownCurrency);

/** `POST /api/quotes`: the payment as the form holds it. */
export const createQuoteRequestSchema = z.object({
  ...paymentFieldsShape,
  /** Decimal text in the fixed side's unit: the asset's for 'asset', `senderCurrency` for 'sender', `recipientCurrency` for 'recipient'. */
  amount: z
    .string({ error: SEND_MESSAGES.enterValidAmount })
    .trim()
    // More whole digits than any amount below 2^256 units needs reads as too large, not as malformed.
    .refine((text) => !isTooManyWholeDigits(text), QUOTE_MESSAGES.amountTooLarge)
    .refine(isPositiveDecimalText, SEND_MESSAGES.enterValidAmount),
  fixed: z.enum(QUOTE_FIXED_SIDES).default('asset'),
  senderCurrency: currencySchema,
  recipientCurrency: currencySchema,
});
export type CreateQuoteRequestInput = z.input<typeof createQuoteRequestSchema>;
export type CreateQuoteRequest = z.output<typeof createQuoteRequestSchema>;

const unitsString = z.string().regex(/^\d+$/);
const decimalString = z.string().regex(/^\d+(\.\d+)?$/);
const currencyView = z.enum(DISPLAY_CURRENCIES);

/** One row of the cost comparison: this payment, a typical bank wire, the remittance average (cost-comparison.ts). */
export const costComparisonRowSchema = z.object({
  id: z.enum(['this-payment', 'bank', 'global-average']),
  label: z.string(),
  /** In the sender's currency's minor unit. */
  costMinor: unitsString,
  /** Of the amount sent, to 2 decimals. */
  costPercent: decimalString,
  time: z.string(),
  /** What this payment costs less than this row (negative text with '-' when it costs more); absent on this payment's own row. */
  savingMinor: z.string().regex(/^-?\d+$/).optional(),
});
export type CostComparisonRow = z.infer<typeof costComparisonRowSchema>;

export const costComparisonSchema = z.object({
  currency: currencyView,
  rows: z.array(costComparisonRowSchema),
  /** Where the old way's figures come from, and as of when (remittance-benchmarks.ts). */
  source: z.object({ title: z.string(), url: z.string(), basis: z.string(), asOf: z.iso.date() }),
});
export type CostComparison = z.infer<typeof costComparisonSchema>;

/** The rates a quote used, all from one price snapshot. */
export const quoteRatesSchema = z.object({
  /** One whole unit of the asset sent, in the sender's currency, the recipient's currency and US dollars. */
  assetToSender: decimalString,
  assetToRecipient: decimalString,
  assetToUsd: decimalString,
  /** One whole unit of the network's coin (what the fee is paid in) in the sender's currency and US dollars. */
  feeAssetToSender: decimalString,
  feeAssetToUsd: decimalString,
  /** One unit of the sender's currency in the recipient's: the cross rate of the two rates above (no markup). */
  senderToRecipient: decimalString,
  source: z.enum(PRICE_FEED_SOURCES),
  at: z.iso.datetime(),
});
export type QuoteRates = z.infer<typeof quoteRatesSchema>;

/** What leaves the sender's wallet, per asset: one entry for a coin transfer (amount + fee), two for a token (the token, then the coin). */
export const debitViewSchema = z.object({ asset: z.string(), amount: decimalString, amountUnits: unitsString });

export const paymentQuoteSchema = z.object({
  id: z.uuid(),
  walletId: z.uuid(),
  network: networkIdSchema,
  asset: z.string(),
  /** The network's coin: what the fee is in. */
  feeSymbol: z.string(),
  from: z.string(),
  /** Canonical form. */
  to: z.string(),
  speed: z.enum(GAS_SPEEDS),
  fixed: z.enum(QUOTE_FIXED_SIDES),
  /** The exact asset amount a send with this quote moves (send it back as the send's `amount`). */
  amount: decimalString,
  amountUnits: unitsString,
  fee: decimalString,
  feeUnits: unitsString,
  gasUsed: unitsString,
  gasPriceWei: unitsString,
  debits: z.array(debitViewSchema),
  senderCurrency: currencyView,
  recipientCurrency: currencyView,
  rates: quoteRatesSchema,
  /** The sender's side in their currency: the amount (rounded up), the fee (rounded up) and their sum. */
  sender: z.object({ amountMinor: unitsString, feeMinor: unitsString, totalMinor: unitsString }),
  /** What the recipient gets in their currency (rounded down: never more than they will have). */
  recipient: z.object({ amountMinor: unitsString }),
  /** The amount in US cents, for the records. */
  usdCents: unitsString,
  /** The network fee as a percentage of the amount (2 decimals). */
  feePercent: decimalString,
  /** Nothing is converted on the way: the payment moves the asset itself, so there is no FX markup. Always "0". */
  fxMarkupPercent: decimalString,
  valueInFlight: z.enum(VALUE_IN_FLIGHT),
  /** From broadcast to the last confirmation at this speed ("1–2 min"). */
  timeToFinal: z.string(),
  comparison: costComparisonSchema,
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /**
   * When the fee is above FEE_WARN_PERCENT of the amount: the other networks where the recipient has a wallet (theirs
   * on FinCrypt, or the user's contact of the same name) that would carry the payment for less, cheapest first. Only on
   * the answer that creates the quote.
   */
  cheaperNetworks: z
    .array(
      z.object({
        network: networkIdSchema,
        networkLabel: z.string(),
        asset: z.string(),
        to: z.string(),
        /** Whose wallet it is: their FinCrypt wallet, or the sender's contact of the same name. */
        via: z.enum(['user', 'contact']),
        feeMinor: unitsString,
        feePercent: decimalString,
      }),
    )
    .optional(),
});
export type PaymentQuote = z.infer<typeof paymentQuoteSchema>;
export type CheaperNetwork = NonNullable<PaymentQuote['cheaperNetworks']>[number];

/** `GET /api/recipients/currency`: the display currency the owner of a FinCrypt address chose, if any; nothing about who they are. */
export const recipientCurrencyQuerySchema = z.object({
  network: networkIdSchema,
  address: z.string().trim().min(1).max(SEND_LIMITS.recipientChars),
});
export const recipientCurrencyResponseSchema = z.object({ currency: currencyView.nullable() });
export type RecipientCurrencyResponse = z.infer<typeof recipientCurrencyResponseSchema>;

/** `PUT /api/account/currency`: the signed-in user's display currency, kept so payers can be offered it. */
export const displayCurrencyBodySchema = z.object({ currency: currencySchema });
export type DisplayCurrencyBody = z.infer<typeof displayCurrencyBodySchema>;

/** A transaction's fiat values when it was sent (null on rows from before they were kept, and on mints). */
export const valueAtSendSchema = z.object({
  senderCurrency: currencyView,
  senderMinor: unitsString,
  recipientCurrency: currencyView,
  recipientMinor: unitsString,
  usdCents: unitsString,
  source: z.enum(PRICE_FEED_SOURCES),
});
export type ValueAtSend = z.infer<typeof valueAtSendSchema>;
