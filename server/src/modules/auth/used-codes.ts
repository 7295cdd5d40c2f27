import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { usedTwoFactorCodes } from '../../db/schema.ts';

/** A TOTP code is accepted for at most three 30 s steps (the current one and one either side). */
const CODE_LIFETIME_SECONDS = 120;

/** Marks a code as used for this user; false when it already was (a replay). Atomic across processes. */
export async function claimTotpCode(db: Db, userId: string, code: string): Promise<boolean> {
  await db
    .delete(usedTwoFactorCodes)
    .where(and(eq(usedTwoFactorCodes.userId, userId), lt(usedTwoFactorCodes.usedAt, sql`now() - make_interval(secs => ${CODE_LIFETIME_SECONDS})`)));
  const claimed = await db
    .insert(usedTwoFactorCodes)
    .values({ userId, code })
    .onConflictDoNothing()
    .returning({ code: usedTwoFactorCodes.code });
  return claimed.length === 1;
}

/** Gives a code back when it turned out to be wrong, so it does not block a later legitimate use. */
export async function releaseTotpCode(db: Db, userId: string, code: string): Promise<void> {
  await db.delete(usedTwoFactorCodes).where(and(eq(usedTwoFactorCodes.userId, userId), eq(usedTwoFactorCodes.code, code)));
}
