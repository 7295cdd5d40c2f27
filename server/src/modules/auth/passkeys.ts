import type { PasskeySummary } from '@fincrypt/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { passkeys } from '../../db/schema.ts';

/**
 * The reads of the passkey table the routes need, and its one column of ours. better-auth's passkey plugin creates,
 * updates and deletes the rows; `last_used_at` is set here when a passkey signs in.
 */

/** The account's passkeys, newest first, as Account Settings shows them. */
export async function listPasskeys(db: Db, userId: string): Promise<PasskeySummary[]> {
  const rows = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt, deviceType: passkeys.deviceType })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name ?? 'Passkey',
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    isSynced: row.deviceType === 'multiDevice',
  }));
}

export async function isPasskeyOf(db: Db, userId: string, passkeyId: string): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)));
  return row !== undefined;
}

export async function isCredentialRegistered(db: Db, credentialId: string): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialID, credentialId));
  return row !== undefined;
}

export async function markPasskeyUsed(db: Db, credentialId: string, at = new Date()): Promise<void> {
  await db.update(passkeys).set({ lastUsedAt: at }).where(eq(passkeys.credentialID, credentialId));
}
