import { API_ERRORS } from '@fincrypt/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { accounts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from './auth.ts';
import { toFetchHeaders } from './fetch-bridge.ts';
import type { Lockout } from './lockout.ts';
import { verifyPassword } from './password-hasher.ts';

const TOTP_FORMAT = /^\d{6}$/;

/** The better-auth error code a failed `auth.api` call threw, if it was one. */
export const authErrorCode = (error: unknown): string | undefined => (error as { body?: { code?: string } } | null)?.body?.code;

async function isCurrentPassword(db: Db, userId: string, password: string): Promise<boolean> {
  const [row] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return row?.hash ? verifyPassword({ hash: row.hash, password }) : false;
}

export interface IdentityProof {
  password: string | undefined;
  /** A TOTP code (6 digits) or a backup code; needed when the user has 2FA on. */
  code: string | undefined;
}

/**
 * "Who are you?" before a sensitive change (a new email, 2FA off): the current password, and with 2FA on a
 * code from the authenticator app or a backup code (which is then spent). Wrong passwords and wrong codes
 * count against the user's lockout, the same counters as a password change (`lockout`).
 */
export function createIdentityCheck({ db, auth, lockout }: { db: Db; auth: Auth; lockout: Lockout }) {
  /** Checks a code for the signed-in user: right, wrong, or already used (a TOTP code works once). */
  async function checkCode(request: FastifyRequest, code: string): Promise<'right' | 'wrong' | 'used'> {
    const headers = toFetchHeaders(request.headers);
    try {
      if (TOTP_FORMAT.test(code)) await auth.api.verifyTOTP({ body: { code }, headers });
      else await auth.api.verifyBackupCode({ body: { code, disableSession: true }, headers });
      return 'right';
    } catch (error) {
      const errorCode = authErrorCode(error);
      if (errorCode === 'CODE_ALREADY_USED') return 'used';
      if (errorCode === 'INVALID_CODE' || errorCode === 'INVALID_BACKUP_CODE') return 'wrong';
      throw error;
    }
  }

  return async function confirmIdentity(
    request: FastifyRequest,
    proof: IdentityProof,
    messages: { passwordWrong: string },
  ): Promise<void> {
    const { user } = request;
    if (!proof.password) throw new AppError('CURRENT_PASSWORD_REQUIRED', API_ERRORS.CURRENT_PASSWORD_REQUIRED.messages.toChangeEmail);
    if (user.twoFactorEnabled && !proof.code) {
      throw new AppError('TWO_FACTOR_CODE_REQUIRED', API_ERRORS.TWO_FACTOR_CODE_REQUIRED.messages.codeRequired);
    }
    const attempt = await lockout.begin(user.id, request.ip);
    try {
      if (!(await isCurrentPassword(db, user.id, proof.password))) {
        await attempt.failed();
        throw new AppError('INVALID_PASSWORD', messages.passwordWrong);
      }
      if (user.twoFactorEnabled && proof.code) {
        const verdict = await checkCode(request, proof.code);
        if (verdict === 'wrong') {
          await attempt.failed();
          throw new AppError('WRONG_CONFIRMATION_CODE', API_ERRORS.WRONG_CONFIRMATION_CODE.messages.codeInvalid);
        }
        if (verdict === 'used') {
          await attempt.abandoned();
          throw new AppError('CODE_ALREADY_USED', API_ERRORS.CODE_ALREADY_USED.messages.codeAlreadyUsed);
        }
      }
    } catch (error) {
      if (!(error instanceof AppError)) await attempt.abandoned();
      throw error;
    }
    await attempt.succeeded();
  };
}

export type ConfirmIdentity = ReturnType<typeof createIdentityCheck>;
