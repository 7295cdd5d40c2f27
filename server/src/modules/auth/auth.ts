import { ACCOUNT_MESSAGES, PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS } from '@fincrypt/domain';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { passkey } from '@better-auth/passkey';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { withoutQueryParameters } from '../../lib/log-redaction.ts';
import { accounts, passkeys, sessions, twoFactors, users, verifications } from '../../db/schema.ts';
import { generateBackupCodes } from './backup-codes.ts';
import { markPasskeyUsed } from './passkeys.ts';
import { hashPassword, verifyPassword } from './password-hasher.ts';
import { claimTotpCode, releaseTotpCode } from './used-codes.ts';

export interface AuthOptions {
  db: Db;
  secret: string;
  /** Public URL of the app (scheme, host, port): cookies are Secure when it is https. */
  baseUrl: string;
  trustedOrigins: string[];
  sessionExpiresInSeconds?: number;
  /** Runs once a new user is stored (after commit), before the sign-up answers: creates their starter wallets. */
  onUserCreated?: (userId: string) => Promise<void>;
  /** better-auth's own messages go to the app's pino logger (level, redaction, tests' capture) instead of the console. */
  log?: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
}

const VERIFY_TOTP_PATH = '/two-factor/verify-totp';

/** better-auth's own lock of the 2FA sign-in step, per account (its defaults, stated). */
export const TWO_FACTOR_LOCKOUT = { maxFailedAttempts: 10, durationSeconds: 15 * 60 } as const;

/** Resolves who is verifying a TOTP code: the signed-in user, or the one half-way through a 2FA sign-in. */
async function userIdForTotp(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]): Promise<string | undefined> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie('two_factor');
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return undefined;
  const verification = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return verification?.value;
}

export function createAuth(options: AuthOptions) {
  const { db } = options;
  return betterAuth({
    appName: 'FinCrypt',
    baseURL: options.baseUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors, passkey: passkeys },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_CHARS,
      maxPasswordLength: PASSWORD_MAX_CHARS,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    session: {
      expiresIn: options.sessionExpiresInSeconds ?? 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // No cookie cache: a revoked session must stop working on the very next request.
      cookieCache: { enabled: false },
    },
    // Our own database-backed limits cover sign-in, sign-up and 2FA (see modules/auth/routes.ts).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'fincrypt',
      useSecureCookies: options.baseUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    telemetry: { enabled: false },
    logger: options.log
      ? {
          level: 'debug',
          log: (level, message: unknown, ...args: unknown[]) => {
            // better-auth sometimes logs an error as the message itself, or a failed statement's message.
            const [first, ...rest] = message instanceof Error ? [message, ...args] : args;
            const details = first instanceof Error ? rest : args;
            const fields = { ...(first instanceof Error ? { err: first } : {}), ...(details.length > 0 ? { details } : {}) };
            const text = message instanceof Error ? message.name : withoutQueryParameters(String(message));
            options.log?.[level](fields, `better-auth: ${text}`);
          },
        }
      : { disabled: true },
    // An error of its own (a database failure) is thrown out of auth.handler rather than printed to the
    // console with the statement's values and answered with a bare 500: the app's error handler logs it
    // (redacted) and answers 503 when the database is away. better-auth's APIErrors still answer as before.
    onAPIError: { throw: true },
    plugins: [
      // The relying party is the public URL: its host is the passkeys' RP ID, its origin the only one they answer.
      // Its sign-in is not one of the routes the two-factor plugin stops: a passkey is both factors at once.
      passkey({
        rpID: new URL(options.baseUrl).hostname,
        rpName: 'FinCrypt',
        origin: new URL(options.baseUrl).origin,
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
        authentication: { afterVerification: ({ clientData }) => markPasskeyUsed(db, clientData.id) },
      }),
      twoFactor({
        issuer: 'FinCrypt',
        backupCodeOptions: { customBackupCodesGenerate: generateBackupCodes },
        // Ten wrong codes at the 2FA sign-in step lock that step for 15 minutes (routes.ts answers it with Retry-After).
        accountLockout: { maxFailedAttempts: TWO_FACTOR_LOCKOUT.maxFailedAttempts, durationSeconds: TWO_FACTOR_LOCKOUT.durationSeconds },
      }),
    ],
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await options.onUserCreated?.(user.id);
          },
        },
      },
    },
    hooks: {
      // One TOTP code, one use: claim it before better-auth checks it, give it back if the check fails.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== VERIFY_TOTP_PATH) return;
        const code = typeof ctx.body?.code === 'string' ? ctx.body.code.trim() : '';
        const userId = await userIdForTotp(ctx);
        if (!userId || !code) return;
        if (!(await claimTotpCode(db, userId, code))) {
          throw new APIError('BAD_REQUEST', { code: 'CODE_ALREADY_USED', message: ACCOUNT_MESSAGES.codeAlreadyUsed });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== VERIFY_TOTP_PATH || !(ctx.context.returned instanceof APIError)) return;
        if ((ctx.context.returned as APIError).body?.code === 'CODE_ALREADY_USED') return;
        const code = typeof ctx.body?.code === 'string' ? ctx.body.code.trim() : '';
        const userId = await userIdForTotp(ctx).catch(() => undefined);
        if (userId && code) await releaseTotpCode(db, userId, code);
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
