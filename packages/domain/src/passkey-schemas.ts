import { z } from 'zod';
import { ACCOUNT_MESSAGES, PASSWORD_MAX_CHARS } from './account.ts';
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX_CHARS } from './passkeys.ts';

/** Passkeys: the browser's answers as the routes accept them, and the forms' names; rules in passkeys.ts. */

/** The browser's base64url fields; the largest (an attestation object with certificates) stays well under 16 KB. */
const base64url = (maxChars: number) =>
  z.string({ error: PASSKEY_MESSAGES.notAnswer }).max(maxChars, PASSKEY_MESSAGES.notAnswer).regex(/^[A-Za-z0-9_-]*$/, PASSKEY_MESSAGES.notAnswer);

const credential = {
  id: base64url(1_400).min(1, PASSKEY_MESSAGES.notAnswer),
  rawId: base64url(1_400).min(1, PASSKEY_MESSAGES.notAnswer),
  type: z.literal('public-key', { error: PASSKEY_MESSAGES.notAnswer }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform'], { error: PASSKEY_MESSAGES.notAnswer }).optional(),
  /** Only the credential-properties extension is read; anything else the browser reports is dropped. */
  clientExtensionResults: z
    .object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }, { error: PASSKEY_MESSAGES.notAnswer })
    .default({}),
};

/** What `navigator.credentials.create()` answered, as SimpleWebAuthn's browser library sends it. */
export const passkeyRegistrationResponseSchema = z.object({
  ...credential,
  response: z.object(
    {
      clientDataJSON: base64url(4_096),
      attestationObject: base64url(16_384),
      transports: z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8).optional(),
    },
    { error: PASSKEY_MESSAGES.notAnswer },
  ),
});

/** What `navigator.credentials.get()` answered. */
export const passkeyAuthenticationResponseSchema = z.object({
  ...credential,
  response: z.object(
    {
      clientDataJSON: base64url(4_096),
      authenticatorData: base64url(4_096),
      signature: base64url(1_024),
      userHandle: base64url(512).optional(),
    },
    { error: PASSKEY_MESSAGES.notAnswer },
  ),
});

export const passkeyNameSchema = z
  .string({ error: PASSKEY_MESSAGES.nameRequired })
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_NAME_MAX_CHARS, PASSKEY_MESSAGES.nameTooLong);

/** The Add a passkey form. */
export const passkeyNameFormSchema = z.object({ name: passkeyNameSchema });
export type PasskeyNameFormInput = z.input<typeof passkeyNameFormSchema>;

export const addPasskeySchema = z.object({ name: passkeyNameSchema, response: passkeyRegistrationResponseSchema });

export const signInWithPasskeySchema = z.object({ response: passkeyAuthenticationResponseSchema });

/** Removing a passkey asks who you are, as an email change does: the password, and a code when 2FA is on. */
export const removePasskeySchema = z.object({
  id: z.string({ error: PASSKEY_MESSAGES.passkeyRequired }).min(1, PASSKEY_MESSAGES.passkeyRequired).max(64, PASSKEY_MESSAGES.passkeyRequired),
  password: z.string({ error: ACCOUNT_MESSAGES.passwordRequired }).min(1, ACCOUNT_MESSAGES.passwordRequired).max(PASSWORD_MAX_CHARS, ACCOUNT_MESSAGES.passwordTooLong),
  code: z.string().trim().max(32, ACCOUNT_MESSAGES.codeInvalid).optional(),
});
