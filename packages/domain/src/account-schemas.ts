import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  AVATAR_PRESETS,
  EMAIL_MAX_CHARS,
  NAME_MAX_CHARS,
  PASSWORD_MAX_CHARS,
  PASSWORD_MIN_CHARS,
  type NotificationPreferences,
  isReservedEmail,
} from './account.ts';

/** The account forms' and routes' schemas (sign-in, sign-up, profile, password, 2FA, notifications); their rules and messages are in account.ts. */

const name = z
  .string({ error: ACCOUNT_MESSAGES.nameRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.nameRequired)
  .max(NAME_MAX_CHARS, ACCOUNT_MESSAGES.nameTooLong);

const email = z
  .string({ error: ACCOUNT_MESSAGES.emailRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.emailRequired)
  .max(EMAIL_MAX_CHARS, ACCOUNT_MESSAGES.emailInvalid)
  .pipe(z.email(ACCOUNT_MESSAGES.emailInvalid))
  .transform((value) => value.toLowerCase());

/** An email a person may take as theirs (sign-up, a new email): any but the simulated participants' domain. */
const ownEmail = email.refine((value) => !isReservedEmail(value), ACCOUNT_MESSAGES.emailReserved);

const requiredPassword = (required: string) =>
  z.string({ error: required }).min(1, required).max(PASSWORD_MAX_CHARS, ACCOUNT_MESSAGES.passwordTooLong);

/** A new password: at least 8 characters (docs/product.md#validation-messages). */
const newPassword = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .min(PASSWORD_MIN_CHARS, ACCOUNT_MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX_CHARS, ACCOUNT_MESSAGES.passwordTooLong);

export const signInSchema = z.object({
  email: z
    .string({ error: ACCOUNT_MESSAGES.emailRequired })
    .trim()
    .min(1, ACCOUNT_MESSAGES.emailRequired)
    .max(EMAIL_MAX_CHARS, ACCOUNT_MESSAGES.invalidCredentials)
    .transform((value) => value.toLowerCase()),
  password: requiredPassword(ACCOUNT_MESSAGES.passwordRequired),
  rememberMe: z.boolean().optional(),
});
export type SignInInput = z.input<typeof signInSchema>;

/** What the server accepts to create an account. */
export const signUpSchema = z.object({
  name,
  email: ownEmail,
  password: newPassword(ACCOUNT_MESSAGES.passwordRequired),
});

/** The sign-up form adds a confirmation field. */
export const signUpFormSchema = signUpSchema
  .extend({ confirmPassword: z.string().min(1, ACCOUNT_MESSAGES.confirmPasswordRequired) })
  .refine((form) => form.password === form.confirmPassword, {
    message: ACCOUNT_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type SignUpFormInput = z.input<typeof signUpFormSchema>;

/** A code that confirms who you are: 6 digits from the authenticator app, or one backup code. */
const confirmationCode = z
  .string({ error: ACCOUNT_MESSAGES.codeRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.codeRequired)
  .max(32, ACCOUNT_MESSAGES.codeInvalid);

/**
 * A new email also needs `currentPassword`, and `code` when 2FA is on (the server asks for whichever is
 * missing); a name or avatar change needs neither.
 */
export const profileUpdateSchema = z.object({
  name,
  email: ownEmail,
  avatar: z.enum(AVATAR_PRESETS, { error: 'Choose one of the preset avatars' }),
  currentPassword: z.string().max(PASSWORD_MAX_CHARS, ACCOUNT_MESSAGES.passwordTooLong).optional(),
  code: confirmationCode.optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

export const changePasswordSchema = z.object({
  currentPassword: requiredPassword(ACCOUNT_MESSAGES.currentPasswordRequired),
  newPassword: newPassword(ACCOUNT_MESSAGES.newPasswordRequired),
});

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: ACCOUNT_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;

export const passwordConfirmationSchema = z.object({
  password: requiredPassword(ACCOUNT_MESSAGES.passwordRequired),
});

/** Turning 2FA off: the password, and a code from the authenticator app or a backup code. */
export const disableTwoFactorSchema = passwordConfirmationSchema.extend({ code: confirmationCode.optional() });

export const totpCodeSchema = z.object({
  code: z
    .string({ error: ACCOUNT_MESSAGES.codeRequired })
    .trim()
    .regex(/^\d{6}$/, ACCOUNT_MESSAGES.codeFormat),
  trustDevice: z.boolean().optional(),
});

/** Backup codes as better-auth makes them: ten letters and digits, shown with a dash in the middle. */
export const backupCodeSchema = z.object({
  code: z
    .string({ error: ACCOUNT_MESSAGES.codeRequired })
    .trim()
    .min(1, ACCOUNT_MESSAGES.codeRequired)
    .max(32, ACCOUNT_MESSAGES.codeInvalid),
  trustDevice: z.boolean().optional(),
});

export const notificationPreferencesSchema = z.object({
  transactionAlerts: z.boolean(),
  fraudDetection: z.boolean(),
  emailNotifications: z.boolean(),
  marketUpdates: z.boolean(),
}) satisfies z.ZodType<NotificationPreferences>;
