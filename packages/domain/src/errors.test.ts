import { describe, expect, it } from 'vitest';
import {
  backupCodeSchema,
  changePasswordSchema,
  disableTwoFactorSchema,
  profileUpdateSchema,
  signUpSchema,
  totpCodeSchema,
} from './account-schemas.ts';
import { validateRecipient } from './addresses.ts';
import {
  API_ERRORS,
  type ApiErrorCode,
  type ApiErrorMessage,
  type ApiErrorSpec,
  apiErrorField,
  apiErrorFieldIn,
  apiErrorStatus,
  ERROR_FIELDS,
  type ErrorField,
  isApiErrorCode,
  passedOnMessages,
} from './errors.ts';
import { connectWalletSchema } from './ledger-api-schemas.ts';
import { checkSend, SEND_FIELDS, type SendCheckInput } from './send.ts';
import { sendRequestSchema } from './send-schemas.ts';

const registry = Object.entries(API_ERRORS as Record<string, ApiErrorSpec>);

/** A message as a person reads it: templates filled with sample values. */
function sampleText(message: ApiErrorMessage): string {
  if (typeof message === 'string') return message;
  const fill = message as (...args: string[]) => string;
  return fill('eth_sepolia', 'GET', '/x');
}

/** The request bodies (the forms' fields) each error field comes from. */
const FORMS_WITH_FIELD: Record<ErrorField, { shape: Record<string, unknown> }[]> = {
  walletId: [sendRequestSchema],
  asset: [sendRequestSchema],
  to: [sendRequestSchema],
  amount: [sendRequestSchema],
  network: [connectWalletSchema],
  email: [signUpSchema, profileUpdateSchema],
  code: [totpCodeSchema, backupCodeSchema, profileUpdateSchema, disableTwoFactorSchema],
  currentPassword: [profileUpdateSchema, changePasswordSchema],
};

describe('the API error registry', () => {
  it('gives every code at least one message, none of them empty', () => {
    expect(registry.length).toBeGreaterThan(20);
    for (const [code, spec] of registry) {
      const messages = Object.values(spec.messages);
      expect(messages.length, code).toBeGreaterThan(0);
      for (const message of messages) expect(sampleText(message).trim().length, code).toBeGreaterThan(0);
    }
  });

  it('answers each code with an HTTP error status, or the status of the error it passes on', () => {
    for (const [code, spec] of registry) {
      if (spec.status === null) continue;
      expect(spec.status, code).toBeGreaterThanOrEqual(400);
      expect(spec.status, code).toBeLessThan(600);
    }
    expect(apiErrorStatus('WALLET_NOT_FOUND')).toBe(404);
    expect(apiErrorStatus('INSUFFICIENT_BALANCE')).toBe(400);
    expect(apiErrorStatus('IDEMPOTENCY_KEY_REUSED')).toBe(422);
    expect(apiErrorStatus('RATE_LIMITED')).toBe(429);
  });

  it('names only fields the forms (and the request bodies behind them) have', () => {
    for (const [code, spec] of registry) {
      if (spec.field === undefined) continue;
      expect(ERROR_FIELDS, code).toContain(spec.field);
    }
    for (const field of ERROR_FIELDS) {
      for (const schema of FORMS_WITH_FIELD[field]) expect(Object.keys(schema.shape), field).toContain(field);
    }
    expect([...SEND_FIELDS].sort()).toEqual(['amount', 'asset', 'to', 'walletId']);
    for (const field of SEND_FIELDS) expect(Object.keys(sendRequestSchema.shape)).toContain(field);
    // the change-password form's wrong password is on its own field, not a shared one
    expect(Object.keys(changePasswordSchema.shape)).toContain('currentPassword');
  });

  it('puts each send refusal on the send form field it is about', () => {
    expect(Object.fromEntries(SEND_FIELDS.map((field) => [field, registry.filter(([, spec]) => spec.field === field).map(([code]) => code)]))).toEqual({
      walletId: ['WALLET_NOT_FOUND'],
      asset: ['INVALID_ASSET'],
      // A payment of a request that asks for more: the amount is what to change.
      amount: ['INVALID_AMOUNT', 'INSUFFICIENT_BALANCE', 'INSUFFICIENT_FEE_BALANCE', 'PAYMENT_REQUEST_UNDERPAID'],
      to: ['INVALID_RECIPIENT', 'SAME_WALLET'],
    });
    expect(apiErrorFieldIn('INSUFFICIENT_BALANCE', SEND_FIELDS)).toBe('amount');
    expect(apiErrorFieldIn('SAME_WALLET', SEND_FIELDS)).toBe('to');
    expect(apiErrorFieldIn('EMAIL_TAKEN', SEND_FIELDS)).toBeUndefined();
    expect(apiErrorFieldIn('RATE_LIMITED', SEND_FIELDS)).toBeUndefined();
    expect(apiErrorFieldIn('NO_SUCH_CODE', SEND_FIELDS)).toBeUndefined();
    expect(apiErrorField('EMAIL_TAKEN')).toBe('email');
    expect(apiErrorField('NO_SUCH_CODE')).toBeUndefined();
    expect(isApiErrorCode('VALIDATION_ERROR')).toBe(true);
    expect(isApiErrorCode('toString')).toBe(false);
  });

  it('is where the send rules take their codes and messages from', () => {
    const base: SendCheckInput = {
      network: 'eth_sepolia',
      from: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      balances: { ETH: 10n ** 18n, USDC: 10n ** 6n },
      amount: '0.5',
      fee: 0n,
      to: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    };
    const refusals: [Partial<SendCheckInput>, ApiErrorCode][] = [
      [{ network: undefined }, 'WALLET_NOT_FOUND'],
      [{ asset: 'DOGE' }, 'INVALID_ASSET'],
      [{ asset: 'SOL' }, 'INVALID_ASSET'],
      [{ amount: '0' }, 'INVALID_AMOUNT'],
      [{ asset: 'USDC', amount: '0.0000001' }, 'INVALID_AMOUNT'],
      [{ asset: 'USDC', amount: '2' }, 'INSUFFICIENT_BALANCE'],
      [{ asset: 'USDC', amount: '1', fee: 10n ** 18n + 1n }, 'INSUFFICIENT_FEE_BALANCE'],
      [{ amount: '0.0000000000000000001' }, 'INVALID_AMOUNT'],
      [{ amount: '2' }, 'INSUFFICIENT_BALANCE'],
      [{ to: 'nonsense' }, 'INVALID_RECIPIENT'],
      [{ to: base.from!.toLowerCase() }, 'SAME_WALLET'],
    ];
    for (const [input, code] of refusals) {
      const result = checkSend({ ...base, ...input });
      if (result.ok) throw new Error(`${code} expected`);
      expect(result.code).toBe(code);
      expect(result.field).toBe(apiErrorField(code));
      // The templates filled as the send rules fill them: the network, then the asset's symbol.
      const fillings = [['eth_sepolia'], [String(input.asset)], ['eth_sepolia', String(input.asset)]];
      const texts = Object.values((API_ERRORS[code] as ApiErrorSpec).messages).flatMap((message) =>
        typeof message === 'string'
          ? [message]
          : fillings.flatMap((args) => {
              try {
                return [(message as (...values: string[]) => string)(...args)];
              } catch {
                return []; // a template that wants other arguments
              }
            }),
      );
      expect(texts).toContain(result.message);
    }
    expect(validateRecipient('eth_sepolia', 'nonsense')).toEqual({
      ok: false,
      code: 'INVALID_RECIPIENT',
      message: API_ERRORS.INVALID_RECIPIENT.messages.invalidRecipient,
    });
  });

  it('keeps the words users see', () => {
    expect(API_ERRORS.WALLET_NOT_FOUND.messages.senderWalletNotFound).toBe('Sender wallet not found');
    expect(API_ERRORS.INVALID_AMOUNT.messages.tooManyDecimals('solana_devnet')).toBe('Amount has more decimal places than SOL allows (at most 9)');
    expect(API_ERRORS.WALLET_ALREADY_CONNECTED.messages.alreadyConnected('eth_sepolia')).toBe('A Ethereum Sepolia wallet is already connected');
    expect(API_ERRORS.RATE_LIMITED.messages.tooMany('transactions', '1 minute')).toBe('Too many transactions. Please wait 1 minute and try again.');
    expect(API_ERRORS.RATE_LIMITED.messages.tooManyRequests('30 seconds')).toBe('Too many requests. Please try again in 30 seconds.');
    expect(API_ERRORS.NOT_FOUND.messages.noRoute('GET', '/api/nothing')).toBe('No route for GET /api/nothing');
  });

  it("rewords better-auth's and Fastify's codes as the screens say them", () => {
    expect(passedOnMessages('better-auth')).toEqual({
      INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password',
      USER_ALREADY_EXISTS: 'An account with this email already exists',
      USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account with this email already exists',
      INVALID_PASSWORD: 'Password is incorrect',
      INVALID_CODE: 'Invalid code',
      INVALID_BACKUP_CODE: 'Invalid backup code',
      INVALID_TWO_FACTOR_COOKIE: 'Your sign-in took too long. Please sign in again.',
      TOTP_ALREADY_ENABLED: 'Two-factor authentication is already enabled',
      TOTP_NOT_ENABLED: 'Two-factor authentication is not enabled',
      CHALLENGE_NOT_FOUND: 'This passkey request has expired. Please try again.',
      PASSKEY_NOT_FOUND: 'This passkey is not registered with FinCrypt. Sign in with your email and password.',
      AUTHENTICATION_FAILED: 'Your passkey could not be verified. Please try again.',
      FAILED_TO_VERIFY_REGISTRATION: 'Your passkey could not be verified. Please try again.',
      SESSION_NOT_FRESH: 'For your security, sign out and sign in again before adding a passkey.',
      YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: 'This passkey request belongs to another account. Please try again.',
    });
    expect(passedOnMessages('fastify')).toEqual({
      FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
      FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
      FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send application/json',
      FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body length does not match Content-Length',
      FST_ERR_BAD_URL: 'The address is not valid: it has %-escapes that are not UTF-8 text',
      FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long',
    });
  });
});
