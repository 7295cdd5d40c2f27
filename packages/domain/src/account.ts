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
  emailReserved: "This email's domain is kept for FinCrypt's simulated participants. Use an email of your own.",
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  codeRequired: 'Enter a code',
  codeInvalid: API_ERRORS.INVALID_CODE.messages.codeInvalid,
  codeAlreadyUsed: API_ERRORS.CODE_ALREADY_USED.messages.codeAlreadyUsed,
  currentPasswordToChangeEmail: API_ERRORS.CURRENT_PASSWORD_REQUIRED.messages.toChangeEmail,
  twoFactorCodeRequired: API_ERRORS.TWO_FACTOR_CODE_REQUIRED.messages.codeRequired,
  demoSignInFixed: API_ERRORS.DEMO_ACCOUNT_SIGN_IN_FIXED.messages.signInFixed,
} as const;

/** The five preset identicons; stored as the user's avatar. */
export const AVATAR_PRESETS = ['preset-1', 'preset-2', 'preset-3', 'preset-4', 'preset-5'] as const;
export type AvatarPreset = (typeof AVATAR_PRESETS)[number];

export const NOTIFICATION_PREFERENCE_KEYS = ['transactionAlerts', 'fraudDetection', 'emailNotifications', 'marketUpdates'] as const;
export type NotificationPreferenceKey = (typeof NOTIFICATION_PREFERENCE_KEYS)[number];
/** Which notices the user gets (the profile's notification settings); the schema that checks them is in account-schemas.ts. */
export type NotificationPreferences = Record<NotificationPreferenceKey, boolean>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  transactionAlerts: true,
  fraudDetection: true,
  emailNotifications: true,
  marketUpdates: false,
};

/**
 * Where the demo network's simulated participants have their emails. RFC 2606 reserves .invalid: no mail can ever be
 * delivered there, and no real person holds such an address; nobody may sign up or change their email to one.
 */
export const SIMULATED_EMAIL_DOMAIN = 'simulated.fincrypt.invalid';

/** Whether an email is one only a simulated participant may have (any case, any spaces around it). */
export function isReservedEmail(email: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${SIMULATED_EMAIL_DOMAIN}`);
}

/** The three demo accounts, seeded on first start; they share one password shown on the login page. */
export const DEMO_ACCOUNTS = [
  { kind: 'user', name: 'Demo User', email: 'user@demo.fincrypt.app' },
  { kind: 'trader', name: 'Demo Trader', email: 'trader@demo.fincrypt.app' },
  { kind: 'business', name: 'Demo Business', email: 'business@demo.fincrypt.app' },
] as const;
export const DEMO_PASSWORD = 'fincrypt-demo';

/** Whether this is one of the shared demo accounts, whose sign-in (password, email, 2FA) nobody may change. */
export function isDemoAccount(email: string): boolean {
  const normalized = email.trim().toLowerCase();
  return DEMO_ACCOUNTS.some((account) => account.email === normalized);
}
