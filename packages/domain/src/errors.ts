import { findAsset, nativeAsset } from './assets.ts';
import { NETWORKS, type NetworkId } from './networks.ts';

/**
 * Every error code the API answers with, once: its HTTP status, its message(s) and, where it belongs to a
 * form field, that field. Every error answer has the shape `{ error: { code, message } }`.
 *
 * The server raises these codes with these messages (it never maps a message back to a code); the domain's
 * validators return a code and take the message from here; the web finds the field a refusal belongs to
 * with `apiErrorFieldIn`. The per-area message objects (SEND_MESSAGES, WALLET_MESSAGES, ACCOUNT_MESSAGES)
 * name these same texts for the forms and schemas.
 *
 * A message is a function when it names something (a network, a wait). `from` marks a code that
 * better-auth or Fastify answers: the server passes it on with the first message listed here in place of
 * the library's own words.
 */

/** The form fields an error can belong to: the names the request bodies and the web's forms use. */
export const ERROR_FIELDS = ['walletId', 'asset', 'to', 'amount', 'network', 'email', 'code', 'currentPassword'] as const;
export type ErrorField = (typeof ERROR_FIELDS)[number];

export type ApiErrorMessage = string | ((...args: never[]) => string);

export interface ApiErrorSpec {
  /**
   * The HTTP status it is answered with (for better-auth's and Fastify's codes, the one they give it);
   * null when it is the status of whatever error is passed on.
   */
  status: number | null;
  /** Its messages, by name. */
  messages: Readonly<Record<string, ApiErrorMessage>>;
  /** The form field it belongs to, when it belongs to one. */
  field?: ErrorField;
  /** The library that (also) answers this code; the server rewords it with the first message. */
  from?: 'better-auth' | 'fastify';
}

/** Of the asset sent: the network's coin unless another symbol is named. */
const tooManyDecimals = (network: NetworkId, symbol: string = NETWORKS[network].symbol): string => {
  const decimals = findAsset(network, symbol)?.decimals ?? NETWORKS[network].decimals;
  return `Amount has more decimal places than ${symbol} allows (at most ${decimals})`;
};

export const API_ERRORS = {
  // ---- requests the schemas refuse ----
  VALIDATION_ERROR: {
    status: 400,
    /**
     * Also answered with the message of the first schema rule a request breaks: those messages are defined
     * next to their schemas (SEND_MESSAGES, ACCOUNT_MESSAGES, CONTACT_MESSAGES, ...).
     */
    messages: {
      invalidRequest: 'Invalid request',
      bodyNotAnObject: 'Request body must be a JSON object',
      idempotencyKeyMissing: 'Idempotency-Key header is required',
      idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 128 letters, digits or . _ : -',
      invalidCursor: 'Invalid page cursor',
      invalidDateRange: 'The start date must not be after the end date',
      invalidHistoryDays: 'days must be one of 7, 14, 30, 90',
      /** The explorer's search box and address pages: neither a transaction hash nor an address of any network. */
      notHashOrAddress: 'Enter a transaction hash or an address (0x… on Ethereum Sepolia and Polygon Amoy, base58 on Solana Devnet)',
      invalidBlockNumber: 'A block number is a whole number from 1',
      unknownCurrency: 'Unknown currency: choose one of INR, USD, EUR, GBP, JPY',
      /**
       * The edge rule for every string of every body, query and path parameter (server/src/plugins/text-input-guard.ts):
       * `where` is e.g. `Field "name"`, `Query parameter "search"`, `Path parameter "hash"`.
       */
      nulCharacter: (where: string) => `${where} must not contain a NUL character (U+0000)`,
      unpairedSurrogate: (where: string) => `${where} must not contain an unpaired surrogate (text that is not valid Unicode)`,
      textTooLong: (where: string, maxChars: number) => `${where} must be at most ${maxChars} characters`,
    },
  },
  NOT_FOUND: {
    status: 404,
    messages: {
      walletNotFound: 'Wallet not found',
      transactionNotFound: 'Transaction Not Found',
      /** A block number above the network's newest block. */
      blockNotYet: 'This block has not been produced yet',
      /** A real chain's block below the newest that FinCrypt never read (its indexer began after it, on a testnet reached by URL). */
      blockNotRead: 'FinCrypt began reading this chain after this block',
      passkeyNotFound: 'Passkey not found',
      noRoute: (method: string, path: string) => `No route for ${method} ${path}`,
    },
  },

  // ---- sends: the send rules, in the order they are checked ----
  WALLET_NOT_FOUND: { status: 404, field: 'walletId', messages: { senderWalletNotFound: 'Sender wallet not found' } },
  /** An asset the sender's network does not have: unknown anywhere, or of other networks only. */
  INVALID_ASSET: {
    status: 400,
    field: 'asset',
    messages: {
      unknownAsset: (symbol: string) => `Unknown asset "${symbol}"`,
      otherNetwork: (network: NetworkId, symbol: string) => `${symbol} is not an asset on ${NETWORKS[network].label}`,
    },
  },
  INVALID_AMOUNT: {
    status: 400,
    field: 'amount',
    messages: {
      invalidAmount: 'Invalid amount',
      tooManyDecimals,
      /** An amount whose smallest units reach 2^256: no chain could hold it. */
      amountTooLarge: 'Amount is too large',
      /** A fiat amount (a quote's sender or recipient side) with more decimals than its currency has. */
      currencyTooManyDecimals: (currency: string, places: number) =>
        places === 0 ? `Amount in ${currency} must be a whole number` : `Amount has more decimal places than ${currency} allows (at most ${places})`,
    },
  },
  INSUFFICIENT_BALANCE: {
    status: 400,
    field: 'amount',
    messages: {
      insufficientBalance: 'Insufficient balance for transaction and gas fee',
      /** A token amount above the token balance (its fee is paid in the coin, checked next). */
      insufficientTokenBalance: (symbol: string) => `Insufficient ${symbol} balance`,
    },
  },
  /** A token send whose fee the native coin cannot cover, however much of the token there is. */
  INSUFFICIENT_FEE_BALANCE: {
    status: 400,
    field: 'amount',
    messages: { notEnoughForFee: (network: NetworkId) => `Not enough ${nativeAsset(network).symbol} to pay the network fee` },
  },
  INVALID_RECIPIENT: {
    status: 400,
    field: 'to',
    messages: {
      invalidRecipient: 'Invalid recipient address',
      zeroAddress: 'This is the zero address, which no one controls: anything sent to it is lost for good',
      tokenContract: (symbol: string) => `This is the ${symbol} token's own contract, not a wallet: anything sent to it is lost for good`,
    },
  },
  SAME_WALLET: { status: 400, field: 'to', messages: { sameWallet: 'You cannot send to the same wallet' } },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    messages: { idempotencyKeyReused: 'This Idempotency-Key was already used for a different request' },
  },

  // ---- firm quotes (quote-api.ts): a send that carries a quote's id is refused, changing nothing, when the quote cannot be honoured ----
  QUOTE_EXPIRED: { status: 409, messages: { expired: 'This quote has expired. Get a new quote.' } },
  QUOTE_USED: { status: 409, messages: { used: 'This quote has already been used for a payment. Get a new quote.' } },
  /** Unknown, or another user's: the two answer alike, so a quote id tells nothing about anyone else. */
  QUOTE_NOT_FOUND: { status: 404, messages: { notFound: 'This quote was not found. Get a new quote.' } },
  /** The send's wallet, recipient, asset, amount or speed differ from what the quote fixed. */
  QUOTE_MISMATCH: { status: 400, messages: { mismatch: 'This quote is for a different payment. Get a new quote.' } },

  // ---- payment requests (payment-requests.ts) and contacts (address-book.ts) ----
  /** Unknown, or (for the owner's routes) another user's: the two answer alike. */
  PAYMENT_REQUEST_NOT_FOUND: { status: 404, messages: { notFound: 'This payment request was not found' } },
  /** A send carrying the reference of a request that is already paid: refused, so it is not paid twice. */
  PAYMENT_REQUEST_PAID: { status: 409, messages: { paid: 'This request has already been paid' } },
  PAYMENT_REQUEST_EXPIRED: { status: 409, messages: { expired: 'This request has expired' } },
  PAYMENT_REQUEST_CANCELLED: { status: 409, messages: { cancelled: 'This request was cancelled' } },
  /** Cancelling a request that is no longer open. */
  PAYMENT_REQUEST_NOT_OPEN: { status: 409, messages: { notOpen: 'Only an open request can be cancelled' } },
  /** A send carrying a request's reference to another address, network or asset than the request's. */
  PAYMENT_REQUEST_MISMATCH: {
    status: 400,
    messages: { mismatch: (asked: string) => `This payment does not match the request: it asks for ${asked}` },
  },
  /** Less than the request asks (in the asset, or in its currency at the payment's rate). */
  PAYMENT_REQUEST_UNDERPAID: {
    status: 400,
    field: 'amount',
    messages: { underpaid: (asked: string, offered: string) => `The request asks for ${asked}; this payment is ${offered}` },
  },
  PAYMENT_REQUEST_LIMIT_REACHED: {
    status: 409,
    messages: { limitReached: (limit: number) => `You have ${limit} open requests: cancel one or wait for one to expire` },
  },
  // ---- speed-up (explorer.ts): a pending EVM transaction replaced by the same transfer at a faster speed ----
  /** Already in a block, or being included this moment: there is nothing left to speed up. */
  SPEED_UP_NOT_PENDING: { status: 409, messages: { notPending: 'This transaction is no longer pending: it is already in a block' } },
  /** A speed no faster than the transaction's own. */
  SPEED_UP_NOT_FASTER: {
    status: 400,
    messages: { notFaster: (current: string) => `This transaction is already sent at ${current} speed: choose a faster one` },
  },
  /** The recipient (or anyone but the sender) asked: only the key that signed it can sign its replacement. */
  SPEED_UP_NOT_SENDER: { status: 403, messages: { notSender: 'Only the sender can speed up a transaction' } },
  SPEED_UP_UNSUPPORTED: {
    status: 400,
    messages: { solana: 'Solana Devnet has no pending pool to replace a transaction in: it is included within seconds' },
  },
  CONTACT_NOT_FOUND: { status: 404, messages: { notFound: 'This contact was not found' } },
  CONTACT_EXISTS: { status: 409, messages: { exists: (name: string) => `This address is already saved as ${name}` } },
  CONTACT_LIMIT_REACHED: { status: 409, messages: { limitReached: (limit: number) => `You can save at most ${limit} contacts` } },

  // ---- wallets ----
  WALLET_ALREADY_CONNECTED: {
    status: 409,
    field: 'network',
    messages: { alreadyConnected: (network: NetworkId) => `A ${NETWORKS[network].label} wallet is already connected` },
  },
  WALLET_LIMIT_REACHED: { status: 409, messages: { walletLimitReached: 'You have reached the limit of 30 wallets on this account' } },
  /**
   * GET /api/wallets/:id/test-key (importing a wallet into MetaMask): only a shared demo account's keys are shown, and
   * only an EVM wallet's (MetaMask imports an EVM private key).
   */
  TEST_KEY_DEMO_ONLY: {
    status: 403,
    messages: {
      demoOnly:
        "Only a demo account's test key can be shown: its keys are shared test keys with no real value. Your own account's keys never leave the server.",
    },
  },
  TEST_KEY_EVM_ONLY: {
    status: 400,
    messages: { evmOnly: (network: NetworkId) => `MetaMask imports Ethereum and Polygon keys only: ${NETWORKS[network].label} has no test key to show` },
  },
  /** A faucet claim within a day of the wallet's last one; `wait` is e.g. "23 hours" (rate-limiter's describeWait). */
  FAUCET_COOLDOWN: {
    status: 429,
    messages: { claimedRecently: (wait: string) => `This wallet already got test funds in the last 24 hours. You can ask again in ${wait}.` },
  },

  // ---- sessions and accounts ----
  UNAUTHORIZED: { status: 401, messages: { signInRequired: 'Please sign in to continue' } },
  EMAIL_TAKEN: { status: 409, field: 'email', messages: { emailTaken: 'An account with this email already exists' } },
  /** A shared demo account: its password, email and 2FA stay as published, for every visitor. */
  DEMO_ACCOUNT_SIGN_IN_FIXED: {
    status: 403,
    messages: { signInFixed: "Demo accounts are shared, so their sign-in can't be changed. Create your own account to try this." },
  },
  /**
   * A wrong password: the current one when changing it (server), or the one that turns 2FA on or off
   * (better-auth, same code). It belongs to the password field of whichever form sent it.
   */
  INVALID_PASSWORD: {
    status: 400,
    from: 'better-auth',
    messages: { passwordIncorrect: 'Password is incorrect', currentPasswordIncorrect: 'Current password is incorrect' },
  },
  /** A TOTP code used once already (raised in the server's 2FA hook, answered through better-auth). */
  CODE_ALREADY_USED: { status: 400, field: 'code', messages: { codeAlreadyUsed: 'This code has already been used. Wait for the next one.' } },
  /** Changing the email asks who you are: the current password (a wrong one is INVALID_PASSWORD). */
  CURRENT_PASSWORD_REQUIRED: {
    status: 400,
    field: 'currentPassword',
    messages: { toChangeEmail: 'Enter your current password to change your email' },
  },
  /** Changing the email or turning 2FA off, with 2FA on, also asks for a code. */
  TWO_FACTOR_CODE_REQUIRED: {
    status: 400,
    field: 'code',
    messages: { codeRequired: 'Enter the 6-digit code from your authenticator app, or a backup code' },
  },
  /**
   * A wrong code in one of those confirmations. Not better-auth's INVALID_CODE: that one is a 401, which the
   * web reads as "signed out"; here the user is signed in and only the code is wrong.
   */
  WRONG_CONFIRMATION_CODE: { status: 400, field: 'code', messages: { codeInvalid: 'Invalid code' } },

  // ---- better-auth's codes, in the words our screens use ----
  INVALID_EMAIL_OR_PASSWORD: { status: 401, from: 'better-auth', messages: { invalidCredentials: 'Invalid email or password' } },
  USER_ALREADY_EXISTS: { status: 422, from: 'better-auth', field: 'email', messages: { emailTaken: 'An account with this email already exists' } },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
    status: 422,
    from: 'better-auth',
    field: 'email',
    messages: { emailTaken: 'An account with this email already exists' },
  },
  INVALID_CODE: { status: 401, from: 'better-auth', field: 'code', messages: { codeInvalid: 'Invalid code' } },
  INVALID_BACKUP_CODE: { status: 401, from: 'better-auth', field: 'code', messages: { backupCodeInvalid: 'Invalid backup code' } },
  INVALID_TWO_FACTOR_COOKIE: {
    status: 401,
    from: 'better-auth',
    messages: { signInExpired: 'Your sign-in took too long. Please sign in again.' },
  },
  TOTP_ALREADY_ENABLED: { status: 400, from: 'better-auth', messages: { alreadyEnabled: 'Two-factor authentication is already enabled' } },
  TOTP_NOT_ENABLED: { status: 400, from: 'better-auth', messages: { notEnabled: 'Two-factor authentication is not enabled' } },
  // ---- passkeys (better-auth's passkey plugin) ----
  /** The sign-in or registration challenge is gone: used once already, or older than five minutes. */
  CHALLENGE_NOT_FOUND: { status: 400, from: 'better-auth', messages: { challengeExpired: 'This passkey request has expired. Please try again.' } },
  /** A passkey sign-in with a credential no account has. */
  PASSKEY_NOT_FOUND: {
    status: 401,
    from: 'better-auth',
    messages: { unknownPasskey: 'This passkey is not registered with FinCrypt. Sign in with your email and password.' },
  },
  AUTHENTICATION_FAILED: { status: 400, from: 'better-auth', messages: { notVerified: 'Your passkey could not be verified. Please try again.' } },
  /** better-auth answers it with 500; the server passes it on as the 400 it is (a response that does not verify). */
  FAILED_TO_VERIFY_REGISTRATION: { status: 400, from: 'better-auth', messages: { notVerified: 'Your passkey could not be verified. Please try again.' } },
  /** Adding a passkey needs a session signed in within the last day. */
  SESSION_NOT_FRESH: { status: 403, from: 'better-auth', messages: { signInAgain: 'For your security, sign out and sign in again before adding a passkey.' } },
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: {
    status: 401,
    from: 'better-auth',
    messages: { otherAccount: 'This passkey request belongs to another account. Please try again.' },
  },
  /** The credential is already on an account (this one or another): an authenticator's credential belongs to one. */
  PASSKEY_ALREADY_REGISTERED: { status: 409, messages: { alreadyRegistered: 'This passkey is already registered with FinCrypt.' } },
  /**
   * A better-auth error without a code of its own, with better-auth's status (signInRequired for a 401).
   * Any other code better-auth answers passes through with better-auth's own message.
   */
  AUTH_ERROR: {
    status: null,
    messages: { signInRequired: 'Please sign in to continue', notCompleted: 'The request could not be completed' },
  },

  // ---- limits ----
  RATE_LIMITED: {
    status: 429,
    messages: {
      /** `what`: "transactions", "sign-in attempts", "wrong passwords", ...; `wait`: e.g. "2 minutes". */
      tooMany: (what: string, wait: string) => `Too many ${what}. Please wait ${wait} and try again.`,
      tooManyRequests: (wait: string) => `Too many requests. Please try again in ${wait}.`,
    },
  },
  FORBIDDEN_ORIGIN: { status: 403, messages: { otherSite: 'This request came from another site and was refused' } },

  // ---- the server's own trouble ----
  DATABASE_UNAVAILABLE: { status: 503, messages: { databaseUnavailable: 'The database is not answering. Please try again shortly.' } },
  /** Anything else that answered 503: its own message is passed on. */
  SERVICE_UNAVAILABLE: {
    status: 503,
    messages: {
      passedOn: (message: string) => message,
      /** A firm quote when no usable price is at hand (the fallback prices are always there, so this should not be seen). */
      pricesUnavailable: 'Prices are not available right now. Please try again shortly.',
    },
  },
  INTERNAL_ERROR: { status: 500, messages: { somethingWentWrong: 'Something went wrong on our side. Please try again.' } },

  // ---- Fastify's client errors ----
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, from: 'fastify', messages: { invalidJson: 'Request body is not valid JSON' } },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, from: 'fastify', messages: { emptyBody: 'Request body is empty' } },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, from: 'fastify', messages: { bodyTooLarge: 'Request body is too large' } },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, from: 'fastify', messages: { unsupportedMediaType: 'Unsupported content type; send application/json' } },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    from: 'fastify',
    messages: { contentLengthMismatch: 'Request body length does not match Content-Length' },
  },
  /** A path that is not UTF-8 text once its %-escapes are decoded (e.g. an unpaired surrogate's bytes, %FF). */
  FST_ERR_BAD_URL: { status: 400, from: 'fastify', messages: { badUrl: 'The address is not valid: it has %-escapes that are not UTF-8 text' } },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, from: 'fastify', messages: { paramTooLong: 'A part of the address is too long' } },
  /** A Fastify client error without a code; one with a code not listed here passes through with Fastify's own words. */
  BAD_REQUEST: { status: null, messages: { passedOn: (message: string) => message } },
} as const satisfies Record<string, ApiErrorSpec>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** The codes with a status of their own: the ones an error can be raised with. */
export type ServerErrorCode = {
  [C in ApiErrorCode]: (typeof API_ERRORS)[C]['status'] extends number ? C : never;
}[ApiErrorCode];

/** The codes of the send rules, each with the field it belongs to. */
export type SendRefusalCode =
  | 'WALLET_NOT_FOUND'
  | 'INVALID_ASSET'
  | 'INVALID_AMOUNT'
  | 'INSUFFICIENT_BALANCE'
  | 'INSUFFICIENT_FEE_BALANCE'
  | 'INVALID_RECIPIENT'
  | 'SAME_WALLET';

export function isApiErrorCode(code: string): code is ApiErrorCode {
  return Object.hasOwn(API_ERRORS, code);
}

/** The HTTP status a code is answered with. */
export function apiErrorStatus(code: ServerErrorCode): number {
  return API_ERRORS[code].status;
}

/** The form field an error code belongs to, if any (unknown codes belong to none). */
export function apiErrorField(code: string): ErrorField | undefined {
  if (!isApiErrorCode(code)) return undefined;
  const spec: ApiErrorSpec = API_ERRORS[code];
  return spec.field;
}

/** The field of `fields` (a form's) that an error code belongs to, or undefined when it is none of them. */
export function apiErrorFieldIn<F extends ErrorField>(code: string, fields: readonly F[]): F | undefined {
  const field = apiErrorField(code);
  return fields.find((candidate) => candidate === field);
}

/**
 * The words the server answers a better-auth or Fastify error code with, in place of the library's own:
 * for each code that library answers, the first message listed for it.
 */
export function passedOnMessages(from: 'better-auth' | 'fastify'): Record<string, string> {
  const entries = Object.entries(API_ERRORS as Record<string, ApiErrorSpec>).flatMap(([code, spec]) => {
    const [first] = Object.values(spec.messages);
    return spec.from === from && typeof first === 'string' ? [[code, first] as const] : [];
  });
  return Object.fromEntries(entries);
}
