import { z } from 'zod';
import { API_ERRORS } from './errors.ts';

export const PASSWORD_MIN_CHARS = 8;
/** Long enough for any passphrase, short enough that hashing it costs nothing unusual. */
export const PASSWORD_MAX_CHARS = 128;
export const NAME_MAX_CHARS = 100;
export const EMAIL_MAX_CHARS = 254;

export const ACCOUNT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${NAME_MAX_CHARS} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  passwordRequired: 'Password is required',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_CHARS} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_CHARS} characters`,
  passwordsDoNotMatch: 'Passwords do not match',
  confirmPasswordRequired: 'Please confirm your password',
  invalidCredentials: API_ERRORS.INVALID_EMAIL_OR_PASSWORD.messages.invalidCredentials,
  currentPasswordIncorrect: API_ERRORS.INVALID_PASSWORD.messages.currentPasswordIncorrect,
  emailTaken: API_ERRORS.EMAIL_TAKEN.messages.emailTaken,
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  codeRequired: 'Enter a code',
  codeInvalid: API_ERRORS.INVALID_CODE.messages.codeInvalid,
  codeAlreadyUsed: API_ERRORS.CODE_ALREADY_USED.messages.codeAlreadyUsed,
  currentPasswordToChangeEmail: API_ERRORS.CURRENT_PASSWORD_REQUIRED.messages.toChangeEmail,
  twoFactorCodeRequired: API_ERRORS.TWO_FACTOR_CODE_REQUIRED.messages.codeRequired,
} as const;

/** The five preset identicons; stored as the user's avatar. */
export const AVATAR_PRESETS = ['preset-1', 'preset-2', 'preset-3', 'preset-4', 'preset-5'] as const;
export type AvatarPreset = (typeof AVATAR_PRESETS)[number];

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
  email,
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
  email,
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

export const NOTIFICATION_PREFERENCE_KEYS = ['transactionAlerts', 'fraudDetection', 'emailNotifications', 'marketUpdates'] as const;
export type NotificationPreferenceKey = (typeof NOTIFICATION_PREFERENCE_KEYS)[number];

export const notificationPreferencesSchema = z.object({
  transactionAlerts: z.boolean(),
  fraudDetection: z.boolean(),
  emailNotifications: z.boolean(),
  marketUpdates: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  transactionAlerts: true,
  fraudDetection: true,
  emailNotifications: true,
  marketUpdates: false,
};

/** The three demo accounts, seeded on first start; they share one password shown on the login page. */
export const DEMO_ACCOUNTS = [
  { kind: 'user', name: 'Demo User', email: 'user@demo.fincrypt.app' },
  { kind: 'trader', name: 'Demo Trader', email: 'trader@demo.fincrypt.app' },
  { kind: 'business', name: 'Demo Business', email: 'business@demo.fincrypt.app' },
] as const;
export const DEMO_PASSWORD = 'fincrypt-demo';
