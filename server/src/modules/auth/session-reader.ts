import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sessions, users } from '../../db/schema.ts';
import type { Auth } from './auth.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  createdAt: Date;
  twoFactorEnabled: boolean;
}

/** The user fields a signed-in request carries, as columns (the profile reads the same). */
export const sessionUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  image: users.image,
  createdAt: users.createdAt,
  twoFactorEnabled: users.twoFactorEnabled,
};

export interface ReadSession {
  sessionId: string;
  user: SessionUser;
}

/** The named cookie's value from a Cookie header, URL-decoded; undefined when absent or malformed. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** better-auth's signed cookie value: `value.base64(HMAC-SHA-256(secret, value))`. */
export function signValue(value: string, secret: string): string {
  return `${value}.${createHmac('sha256', secret).update(value).digest('base64')}`;
}

/** The value of a signed cookie (`signValue`), when the signature holds. */
export function verifySignedValue(signed: string, secret: string): string | undefined {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return undefined;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed, 'utf8');
  const expected = Buffer.from(signValue(value, secret), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
}

/**
 * Reads the session of a request in one query. A session that better-auth would touch (expired, to be
 * deleted, or due for its sliding refresh) goes through better-auth itself, so behaviour stays its own;
 * the common case (a live session, not yet due) skips its request machinery.
 */
export async function createSessionReader(db: Db, auth: Auth) {
  const context = await auth.$context;
  const cookieName = context.authCookies.sessionToken.name;
  const { expiresIn, updateAge } = context.sessionConfig;

  async function throughBetterAuth(headers: Headers): Promise<ReadSession | null> {
    const result = await auth.api.getSession({ headers });
    if (!result) return null;
    const user = result.user as typeof result.user & { twoFactorEnabled?: boolean | null };
    return {
      sessionId: result.session.id,
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        image: user.image ?? null,
        createdAt: user.createdAt,
        twoFactorEnabled: Boolean(user.twoFactorEnabled),
      },
    };
  }

  return async function readSession(
    cookieHeader: string | undefined,
    headers: () => Headers,
  ): Promise<ReadSession | null> {
    const signed = cookieValue(cookieHeader, cookieName);
    const token = signed === undefined ? undefined : verifySignedValue(signed, context.secret);
    if (token === undefined) return null;
    const nowMs = Date.now();
    const [row] = await db
      .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, ...sessionUserColumns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.token, token));
    if (!row) return null;
    const refreshDueAtMs = row.expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000;
    if (row.expiresAt.getTime() <= nowMs || refreshDueAtMs <= nowMs) return throughBetterAuth(headers());
    return {
      sessionId: row.sessionId,
      user: {
        id: row.id,
        name: row.name,
        email: row.email,
        image: row.image ?? null,
        createdAt: row.createdAt,
        twoFactorEnabled: Boolean(row.twoFactorEnabled),
      },
    };
  };
}

export type SessionReader = Awaited<ReturnType<typeof createSessionReader>>;
