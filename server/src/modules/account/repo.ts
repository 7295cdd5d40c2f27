import { AVATAR_PRESETS, type AvatarPreset, type DisplayCurrency, DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences, type RealtimeEvents } from '@fincrypt/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sessionUserColumns } from '../auth/session-reader.ts';
import { notificationPreferences, sessions, users } from '../../db/schema.ts';

export async function findProfile(db: Db, userId: string) {
  const [row] = await db
    .select({ ...sessionUserColumns, displayCurrency: users.displayCurrency })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The stored avatar, or the default one when it is not one of the presets. */
export const avatarOf = (image: string | null): AvatarPreset =>
  image !== null && (AVATAR_PRESETS as readonly string[]).includes(image) ? (image as AvatarPreset) : 'preset-1';

/** What a `profile_update` event carries, read afresh. */
export async function profileEventOf(db: Db, userId: string): Promise<RealtimeEvents['profile_update'] | undefined> {
  const row = await findProfile(db, userId);
  return row && { name: row.name, email: row.email, avatar: avatarOf(row.image) };
}

/** The id of the session a token belongs to (the token itself never leaves the cookie). */
export async function findSessionIdByToken(db: Db, token: string): Promise<string | undefined> {
  const [row] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.token, token));
  return row?.id;
}

export async function isEmailTakenByAnother(db: Db, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

export async function updateProfile(db: Db, userId: string, profile: { name: string; email: string; image: string }) {
  await db
    .update(users)
    .set({ ...profile, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function findNotificationPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  if (!row) return { ...DEFAULT_NOTIFICATION_PREFERENCES };
  return {
    transactionAlerts: row.transactionAlerts,
    fraudDetection: row.fraudDetection,
    emailNotifications: row.emailNotifications,
    marketUpdates: row.marketUpdates,
  };
}

export async function saveNotificationPreferences(db: Db, userId: string, preferences: NotificationPreferences) {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...preferences, updatedAt: new Date() })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...preferences, updatedAt: new Date() } });
}

/** Keeps the display currency the user chose, so payers can be offered it (GET /api/recipients/currency). */
export async function saveDisplayCurrency(db: Db, userId: string, currency: DisplayCurrency) {
  await db.update(users).set({ displayCurrency: currency, updatedAt: new Date() }).where(eq(users.id, userId));
}
