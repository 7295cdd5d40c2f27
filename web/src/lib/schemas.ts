// The schemas the browser checks forms and answers with, and with them zod: reached only through loadSchemas()
// (load-schemas.ts), so zod is in no page's first load but arrives when a form is first checked or an answer first
// read. Import it for types only (`import type`); a value import would put zod back in the importer's chunk.
// A feature that only reads its own answers has its own module instead (features/<name>/api/<name>-schemas.ts:
// explorer, insights, prices, contacts, payment requests), so reading them does not evaluate every schema here.
import {
  createPaymentRequestSchema,
  profileUpdateSchema,
  sendRequestSchema,
} from '@fincrypt/domain';
import { z } from 'zod';

export {
  changePasswordFormSchema,
  contactMessageSchema,
  createContactSchema,
  faucetResponseSchema,
  passkeyNameFormSchema,
  paymentQuoteSchema,
  recipientCurrencyResponseSchema,
  rpcNetworkListSchema,
  sendResponseSchema,
  signInSchema,
  signUpFormSchema,
  walletTestKeySchema,
} from '@fincrypt/domain';

/** The profile form: the password and code are asked for only when the email changes (checked on submit). */
export const profileFormSchema = profileUpdateSchema.extend({ currentPassword: z.string().optional(), code: z.string().optional() });

/** The Receive tab's request form: the wallet and asset are chosen above it. */
export const requestFormSchema = createPaymentRequestSchema.omit({ walletId: true, asset: true });

// The asset select always holds one of the wallet's assets (or '' before a wallet is chosen, when the wallet's
// own message is the one to show), so the form takes it as it is.
export const sendFormSchema = sendRequestSchema.omit({ quoteId: true, feeQuoteId: true }).extend({ asset: z.string() });
