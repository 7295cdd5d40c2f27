import type { ContactView, NetworkId } from '@fincrypt/domain';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { contacts, users } from '../../db/schema.ts';

/** The only reader and writer of `contacts`: every statement names the user, so one user never reaches another's. */

type ContactRow = typeof contacts.$inferSelect;

export function toContactView(row: ContactRow): ContactView {
  return {
    id: row.id,
    network: row.network as NetworkId,
    address: row.address,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** By name ignoring case, then network, then age (two contacts may share a name on one network). */
export async function listContacts(db: Db, userId: string): Promise<ContactRow[]> {
  return db
    .select()
    .from(contacts)
    .where(eq(contacts.userId, userId))
    .orderBy(sql`lower(${contacts.name})`, asc(contacts.network), asc(contacts.createdAt), asc(contacts.id));
}

export async function findContact(db: Db, userId: string, id: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.userId, userId)));
  return row;
}

/** The contact already saved under this address on this network (the address in canonical form). */
export async function findContactByAddress(db: Db, userId: string, network: NetworkId, address: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.network, network), eq(contacts.address, address)));
  return row;
}

export type CreateContactOutcome =
  | { outcome: 'created'; row: ContactRow }
  | { outcome: 'exists'; existing: ContactRow }
  | { outcome: 'limit_reached' };

/**
 * Saves a contact unless the address is already saved on that network or the user has `limit` contacts. The
 * checks and the insert run in one transaction holding the user's row (FOR NO KEY UPDATE, as wallets do), so
 * concurrent saves for one user go one at a time and the limit holds however many race.
 */
export async function createContact(
  db: Db,
  contact: { userId: string; network: NetworkId; address: string; name: string },
  limit: number,
): Promise<CreateContactOutcome> {
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, contact.userId)).for('no key update');
    if (!owner) throw new Error('saving a contact for a user that does not exist');
    const existing = await findContactByAddress(tx, contact.userId, contact.network, contact.address);
    if (existing) return { outcome: 'exists', existing };
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(contacts).where(eq(contacts.userId, contact.userId));
    if (total >= limit) return { outcome: 'limit_reached' };
    const [row] = await tx.insert(contacts).values(contact).returning();
    return { outcome: 'created', row: row! };
  });
}

/** A new name and/or address (same network); undefined when the user has no such contact. */
export async function updateContact(db: Db, userId: string, id: string, change: { name?: string; address?: string }): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(contacts)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(contacts.id, id), eq(contacts.userId, userId)))
    .returning();
  return row;
}

/** Whether the user had this contact. */
export async function deleteContact(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.userId, userId)))
    .returning({ id: contacts.id });
  return deleted.length > 0;
}
